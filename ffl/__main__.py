"""``python -m ffl``: the same as the ``ffl`` command."""

import sys

from ffl.cli import main

sys.exit(main())
