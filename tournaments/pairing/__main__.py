"""``python -m tournaments.pairing``: see ``tournaments.pairing.cli``."""

import sys

from tournaments.pairing.cli import main

if __name__ == "__main__":
    sys.exit(main())
