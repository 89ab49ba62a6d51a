"""``python -m arbiter``: see arbiter.cli."""

import sys

from arbiter.cli import main

sys.exit(main())
