"""Matches the engine plays: resolving one match or many, with progress, the sweep of half-done work and a fingerprint of a season's resolution."""
