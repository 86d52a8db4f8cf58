"""``ffl-editor``: author maps, piece types and scenarios in module files.

    ffl-editor [FILE]                        open the editor (on a module file)
    ffl-editor FILE --screenshot OUT.png     write a picture of the editor and quit
    ffl-editor --version
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ffl import __version__

ORGANISATION = "ffl"
APPLICATION = "ffl-editor"
SCREENSHOT_SIZE = (1600, 1000)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ffl-editor", description="Author maps, piece types and scenarios for ffl.")
    parser.add_argument("--version", action="version", version=f"ffl-editor {__version__}")
    parser.add_argument("module", nargs="?", type=Path, help="module file (*.ffl) to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png",
                        help="write a picture of the editor with the file open, then quit")
    return parser.parse_args(argv)


def create_app():
    """The QApplication (reused if one exists), named for QSettings."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from ffl.about import icon_path

    app = QApplication.instance() or QApplication(sys.argv[:1])
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    QCoreApplication.setApplicationVersion(__version__)
    app.setDesktopFileName("io.github.ffl.FflEditor")
    app.setWindowIcon(QIcon(str(icon_path("ffl-editor"))))
    return app


def make_window(module: str | Path | None = None, settings=None, data_folder=None,
                autosave: bool = True):
    """An editor window, on ``module`` if given (a QApplication must exist)."""
    from .window import EditorWindow

    window = EditorWindow(settings=settings, data_folder=data_folder, autosave=autosave)
    if module is not None:
        window.open_path(module)
    return window


def screenshot(module: Path, out: Path) -> Path:
    """Open ``module`` at a fixed size offscreen-friendly, select a space, grab a PNG."""
    from PySide6.QtCore import QSettings

    app = create_app()
    scratch = out.with_name(f".{out.name}.ini")
    settings = QSettings(str(scratch), QSettings.Format.IniFormat)
    window = make_window(settings=settings, autosave=False)
    window.ask_on_close = False
    try:
        if not window.open_path(module):
            raise SystemExit(f"ffl-editor: error: {window.last_error}")
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        for _ in range(3):
            app.processEvents()
        window.view.fit()
        if window.scene is not None and window.scene.board.keys():
            window.select_space(_central_space(window.scene.board))
        app.processEvents()
        out.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(out), "PNG"):
            raise SystemExit(f"ffl-editor: error: could not write {out}")
    finally:
        window.close()
        scratch.unlink(missing_ok=True)
    return out


def _central_space(board) -> str:
    """The space nearest the middle of the board's spaces (the picture shows
    a selection with its neighbours all round, not a corner hex)."""
    centres = {k: board[k].centre for k in board.keys()}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(centres, key=lambda k: (centres[k][0] - mx) ** 2 + (centres[k][1] - my) ** 2)


def main(argv: list[str] | None = None) -> int:
    """Run the editor; returns the exit code."""
    args = _parse(sys.argv[1:] if argv is None else argv)
    if args.screenshot is not None:
        if args.module is None:
            print("ffl-editor: error: --screenshot needs a module FILE", file=sys.stderr)
            return 2
        try:
            screenshot(args.module, args.screenshot)
        except SystemExit as exc:
            print(exc, file=sys.stderr)
            return 2
        print(f"wrote {args.screenshot}")
        return 0
    app = create_app()
    window = make_window()
    window.show()
    window.offer_recovery()
    if args.module is not None:       # read on the worker, the window shown meanwhile
        window.open_path(args.module, wait=False, then=lambda ok: ok or print(
            f"ffl-editor: error: {window.last_error}", file=sys.stderr))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
