"""FFL play UI test fixtures (the helpers live in ffl_ui_helpers.py)."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from ffl_ui_helpers import ffl_settings, open_ffl  # noqa: E402, F401
