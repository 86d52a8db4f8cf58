"""PLACEHOLDER ``ffl-editor`` entry point.

This stub exists so the packaging (entry point, desktop bundle, .desktop file)
can be built and tested before the real editor is written; the real editor
replaces this file.  It opens an empty window titled "ffl-editor", names the
module file it was asked to open (if any), and supports ``--version``.
"""

from __future__ import annotations

import argparse
import sys

from ffl import __version__


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ffl-editor", description="Author ffl modules (placeholder window for now).")
    parser.add_argument("--version", action="version", version=f"ffl-editor {__version__}")
    parser.add_argument("module", nargs="?", help="module file (*.ffl) to open")
    return parser.parse_args(argv)


def make_window(module: str | None = None):
    """The placeholder main window (a QApplication must exist)."""
    from PySide6.QtWidgets import QLabel, QMainWindow

    window = QMainWindow()
    window.setWindowTitle("ffl-editor")
    text = "The ffl module editor is not written yet (placeholder)."
    if module:
        text += f"\n\nAsked to open: {module}"
    label = QLabel(text)
    label.setMargin(24)
    window.setCentralWidget(label)
    window.resize(640, 400)
    return window


def main(argv: list[str] | None = None) -> int:
    """Open the placeholder editor window; return the Qt exit code."""
    args = _parse(sys.argv[1:] if argv is None else argv)

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from ffl.about import icon_path

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ffl-editor")
    app.setDesktopFileName("io.github.ffl.FflEditor")
    app.setWindowIcon(QIcon(str(icon_path("ffl-editor"))))
    window = make_window(args.module)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
