"""A commissioner's actions on seasons and matches, each with a reason and an audit line."""
