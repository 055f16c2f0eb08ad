"""A player's dice-rolled advancement waiting for its coach's choice."""
