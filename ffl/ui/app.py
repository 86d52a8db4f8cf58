"""Application set-up: the QApplication, the main window, run and screenshot.

Start-up shows the window first and loads the game only once the window has
painted (with the busy cursor), so the window is on screen at once; the store
is imported only then, and reads files with plain sqlite3 (issue 12).  The
window's modules are imported with the collector paused, after PySide6 is told
to look for its name in them cheaply (:func:`quick_pyside_source_check`).
"""

from __future__ import annotations

import gc
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

import ffl

ORGANISATION = "ffl"
APPLICATION = "ffl"
SCREENSHOT_SIZE = QSize(1400, 900)


def quick_pyside_source_check() -> None:
    """Let PySide6 look for its name in a newly imported module's source by reading
    the file's bytes, instead of through ``inspect.getsource`` (issue 12).

    PySide6 asks that of every module imported after it (to know which modules may
    select its optional ``__feature__`` names); through :mod:`inspect` and
    :mod:`linecache` it took ~50-70 ms of the ~300 modules a game's window imports,
    reading the file takes a few.  The answer is the same: a ``.py`` file holding
    "PySide6"; anything else (an extension module, no file) goes to PySide6's own
    check.  Does nothing if this PySide6 has no such check."""
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None or getattr(check, "reads_bytes", False):
        return

    def uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return check(module)

    uses_pyside.reads_bytes = True
    uses_pyside.own_check = check
    feature._mod_uses_pyside = uses_pyside


quick_pyside_source_check()
# the window's modules (with numpy, shapely, the engine: ~300 in all) make
# objects that all stay: the collector would only walk them again and again
_collecting = gc.isenabled()
gc.disable()
try:
    from .game_files import LoadError  # noqa: E402 - after the check above
    from .window import PlayWindow  # noqa: E402
    from .window_gc import CollectorPaused  # noqa: E402
finally:
    if _collecting:
        gc.enable()


def create_app(argv: list[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists), named for QSettings."""
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(list(argv) if argv is not None else [sys.argv[0]])
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    QCoreApplication.setApplicationVersion(ffl.__version__)
    QGuiApplication.setApplicationDisplayName("FFL")
    QGuiApplication.setDesktopFileName("io.github.ffl.Ffl")
    from ffl.about import icon_path

    icon = icon_path()
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app  # type: ignore[return-value]


def main_window(settings: QSettings | None = None, data_folder: Path | None = None,
                autosave: bool = True) -> PlayWindow:
    """A new play window (the QApplication must exist)."""
    return PlayWindow(settings=settings, data_folder=data_folder, autosave=autosave)


class AfterFirstPaint(QObject):
    """Calls ``fn`` once ``window`` has painted for the first time (on the next
    turn of the event loop, so that paint is on screen), with the busy cursor
    shown until then; at the latest after ``fallback_ms`` (a window that is never
    painted, e.g. minimised)."""

    def __init__(self, window, fn, fallback_ms: int = 1000) -> None:
        super().__init__(window)
        self.fn = fn
        self.done = False
        window.installEventFilter(self)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        QTimer.singleShot(fallback_ms, self.fire)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint and not self.done:
            QTimer.singleShot(0, self.fire)
        return False

    def fire(self) -> None:
        if self.done:
            return
        self.done = True
        self.parent().removeEventFilter(self)
        # the loading itself shows the busy cursor (GameFilesMixin.load_*), not a
        # question asked on the way (recovery of an autosave)
        QApplication.restoreOverrideCursor()
        self.fn()


def run(scenario_id: str | None = None, path: str | Path | None = None,
        seed: int | None = None, rules: str | None = None) -> int:
    """Open the play window on a scenario or a file and run until it closes.

    With ``path`` a module file, ``scenario_id`` picks its scenario (a module with
    several asks which).  ``rules`` is the rules mode of a new game.

    If that game cannot be opened, a one-line error goes to stderr; a scenario
    id then ends the program with result 2 (as any bad command-line argument),
    a file is also named in an error box on the window, which stays open.
    """
    app = create_app()
    # the window, the game and the first paint of its map are made with the
    # collector off: all of it is kept
    collector = CollectorPaused()
    try:
        window = main_window()
    except BaseException:
        collector.resume()
        raise
    collector.until_game_painted(window)
    window.show()
    failed: list[str] = []

    def give_up(message: str) -> None:
        print(f"ffl: error: {message}", file=sys.stderr)
        if path is not None:
            # opened from a file manager, most likely: say it on screen, not only on
            # stderr, and keep the window so that another game can be opened
            window.error("Cannot open the file", message,
                         "File › Open… (Ctrl+O) opens another file; File › New game from "
                         "scenario… (Ctrl+N) starts one.")
            return
        failed.append(message)
        window.autosave_enabled = False
        app.exit(2)

    def unexpected(kind, value, tb) -> None:
        # a bug must not take the game down with it: say so, keep the traceback on stderr
        traceback.print_exception(kind, value, tb)
        window.error("Unexpected error", f"{kind.__name__}: {value}",
                     "The game is autosaved; please report this.")

    previous_hook = sys.excepthook
    sys.excepthook = unexpected

    def load() -> None:
        try:
            window.start(scenario_id, path, seed, on_error=give_up, rules=rules)
        finally:
            if window.session is None:   # no game to paint (an error, a question asked)
                collector.resume()

    # the window paints (empty) first, then the game is loaded: it is on screen at once
    AfterFirstPaint(window, load)
    try:
        code = app.exec()
    finally:
        collector.resume()
        sys.excepthook = previous_hook
        window.close()
    return 2 if failed else code


def screenshot(out: str | Path, scenario_id: str | None = None, path: str | Path | None = None,
               seed: int | None = None, size: QSize = SCREENSHOT_SIZE,
               rules: str | None = None) -> PlayWindow:
    """Open a game, lay the window out at ``size``, fit the map and grab it to a PNG
    (a module file's ``scenario_id``, else its first scenario).

    Uses its own settings file and no autosave, so the user's files are untouched.
    Raises LoadError when the game cannot be opened.
    """
    create_app()
    scratch = Path(out).with_name(f".{Path(out).name}.ini")
    settings = QSettings(str(scratch), QSettings.Format.IniFormat)
    window = main_window(settings=settings, autosave=False)
    try:
        if path is not None:
            session = window.load_path(Path(path), seed, scenario_id, rules)
        else:
            session = window.load_scenario(scenario_id or "", seed, rules)
        window.resize(size)
        window.show()
        if not window.set_session(session):
            raise LoadError(f"the game could not be shown: {window.show_failure}")
        try:
            grab_to_png(window, out)
        except OSError as exc:
            raise LoadError(str(exc)) from exc
    finally:
        window.close()
        scratch.unlink(missing_ok=True)
    return window


def scratch_window(size: QSize = SCREENSHOT_SIZE,
                   prefix: str = "ffl-shot-") -> tuple[QApplication, PlayWindow]:
    """The application and a shown play window with a scratch settings file and data
    folder (``prefix`` names the folder) and no autosave, for the scripts that draw
    the pictures of README: the user's files are untouched."""
    import tempfile

    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window = main_window(settings=settings, data_folder=scratch / "data", autosave=False)
    window.resize(size)
    window.show()
    return app, window


def settled_grab(window: PlayWindow):
    """The shown window grabbed once what it was asked to paint is painted and its
    overview is a picture of the scene as it is now (QPixmap)."""
    app = QApplication.instance()
    app.processEvents()
    window.overview.up_to_date()    # not a picture of the scene a moment ago
    app.processEvents()
    return window.grab()


def grab_to_png(window: PlayWindow, out: str | Path) -> None:
    """A shown window laid out, at its default view, grabbed to a PNG file
    (OSError when the file cannot be written)."""
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    window.default_view()
    window.overview.refit()
    image = settled_grab(window)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")
