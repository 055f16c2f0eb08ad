"""Star Players' special rules (star_players.md), one module per kind of
effect, each registering its rules on the rule points
(:mod:`engine.core.hooks`) where they act."""
