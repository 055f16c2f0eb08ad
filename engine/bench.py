"""``python -m engine.bench``: see :mod:`engine.tools.bench`."""

from engine.tools.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
