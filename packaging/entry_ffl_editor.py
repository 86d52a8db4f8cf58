"""Bundle entry point for ``ffl-editor`` (the PyInstaller spec starts the editor here)."""

import sys

from editor.app import main

if __name__ == "__main__":
    sys.exit(main())
