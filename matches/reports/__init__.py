"""Tabletop matches reported by coaches: the report checks in rulebook order, card-format reports, and confirmations by the other coach."""
