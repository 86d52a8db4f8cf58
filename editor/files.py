"""Editor files: reading modules, the text export, the autosave and its recovery.

No Qt here.  The autosave is ``autosave.ffl`` in the editor's data folder
(``platformdirs.user_data_dir("ffl-editor")``) with ``autosave.json`` beside
it naming the file being edited; both are removed when the work is saved or
discarded, so finding them at start-up means the editor did not close cleanly.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import platformdirs

from ffl.store import StoreError, load_module, module_dump, module_from_dump, save_module

from .document import Document

APP_NAME = "ffl-editor"
AUTOSAVE = "autosave.ffl"
AUTOSAVE_INFO = "autosave.json"
FORMAT = "ffl-module"


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def open_document(path: Path) -> Document:
    """Read a module file through the store (validated, read-only); StoreError if bad."""
    return Document.from_module(load_module(path))


class WriteProtected(OSError):
    """The target file is write-protected: the editor does not replace it."""


def save_document(doc: Document, path: Path) -> None:
    """Write the document through the store, atomically, and only a file that
    opens again: it is written beside the target, read back with the store's
    checks (exactly as Open and the player read it), and only then moved over
    the target.  A write-protected target is refused (``WriteProtected``); a
    file the store would refuse raises StoreError and the target is untouched.
    """
    path = Path(path)
    if path.exists() and not os.stat(path).st_mode & stat.S_IWUSR:
        raise WriteProtected(f"{path} is write-protected: save under another name, or "
                             "allow writing to it first")
    tmp = path.with_name(f".{path.name}.saving")
    try:
        save_module(doc.module(), tmp)
        load_module(tmp)            # the file opens again, or this raises
        if path.exists():
            shutil.copymode(path, tmp)
        os.replace(tmp, path)
        _sync_folder(path.parent)
    finally:
        tmp.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def export_text(doc: Document) -> str:
    """The module as readable JSON (sorted keys, geometry as WKT)."""
    return json.dumps(doc.dump(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def import_text(text: str, where: str = "text") -> Document:
    """A document from :func:`export_text` output; ValueError with a plain reason if not."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{where}: not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{where}: not an exported module (no \"format\": \"{FORMAT}\")")
    try:
        module = module_from_dump(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{where}: the module data is incomplete or inconsistent "
                         f"({type(exc).__name__}: {exc})") from None
    return Document(module_dump(module))


def write_text(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


class Autosave:
    """The crash-recovery copy of the document being edited."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()

    @property
    def path(self) -> Path:
        return self.folder / AUTOSAVE

    @property
    def info_path(self) -> Path:
        return self.folder / AUTOSAVE_INFO

    def write(self, doc: Document, source: Path | None) -> None:
        """Save the document (atomically) and remember which file it came from."""
        self.folder.mkdir(parents=True, exist_ok=True)
        save_document(doc, self.path)
        write_text(self.info_path, json.dumps({"source": str(source) if source else None}))

    def exists(self) -> bool:
        return self.path.is_file()

    def recover(self) -> tuple[Document, Path | None]:
        """The autosaved document and the file it belongs to (StoreError if damaged)."""
        doc = open_document(self.path)
        source = None
        try:
            info: Any = json.loads(self.info_path.read_text(encoding="utf-8"))
            if isinstance(info, dict) and info.get("source"):
                source = Path(info["source"])
        except (OSError, ValueError):
            pass
        return doc, source

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
        self.info_path.unlink(missing_ok=True)


__all__ = ["Autosave", "StoreError", "WriteProtected", "export_text", "import_text", "open_document",
           "save_document"]
