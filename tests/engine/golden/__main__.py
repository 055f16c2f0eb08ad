"""Record the golden hashes: ``python -m tests.engine.golden``."""

import json

from tests.engine.golden import HASHES, record

if __name__ == "__main__":
    hashes = record()
    HASHES.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(hashes)} cases in {HASHES}")
