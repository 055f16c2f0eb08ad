"""Captions of stored match events, one small function per event type.

Each module holds the captions of one concern and a ``CAPTIONS`` table of
them (type -> function of the :class:`~matches.captions.context.Describer`
and the event's payload); :mod:`matches.event_text` joins the tables and is
what the pages call. :mod:`matches.captions.names` spells the rules words
(weather, kick-off events, prayers, injuries, rolls) as the rulebook does.
"""
