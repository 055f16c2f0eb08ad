"""The rulebook's procedures, one module per section: the game and its
drives, kick-off, set-up, the team turn, movement, dodging, blocking,
passing, throw team-mate, the ball, fouls, armour and injury, Prayers to
Nuffle, inducements, extra time. Where the rulebook says "unless a skill
..." a procedure calls a rule point (:mod:`engine.core.hooks`); it never
imports a skill (:mod:`engine.skills`) or a format (:mod:`engine.variants`)."""
