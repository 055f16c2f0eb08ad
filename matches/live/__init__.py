"""Live play: two coaches (or a coach and the bot) play a scheduled fixture
in the browser, decision by decision, refereed by the engine. The match is
its seed and the decisions made so far; the result feeds the league like an
engine-resolved one."""
