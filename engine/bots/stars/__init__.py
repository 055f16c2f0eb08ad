"""The scripted bot's use of the Star Players' special rules, one module per
kind of decision (as :mod:`engine.skills.stars` groups the rules)."""
