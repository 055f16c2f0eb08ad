"""Forecasts of scheduled fixtures: the engine plays each many times; the predicted table and how good the forecasts were."""
