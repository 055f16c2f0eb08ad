"""Dungeon Bowl's facts and procedures, owned by its format: the Colleges of
Magic and their tables (:mod:`.colleges`) and the league rules
(:mod:`.league`). The dungeon itself is :mod:`engine.dungeon`.

No variant is registered yet: a format is offered to leagues only once the
engine plays its game. The ``DungeonBowl`` variant will live here and use
these modules."""
