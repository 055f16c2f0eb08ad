"""Tools beside the rules: ready-made team sheets, the scenario builder,
invariant checks, and the ``simulate`` and ``bench`` command lines. The rules
never import them."""
