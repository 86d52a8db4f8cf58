"""Bundle entry point for ``ffl`` (the PyInstaller spec starts the program here)."""

import sys

from ffl.cli import main

if __name__ == "__main__":
    sys.exit(main())
