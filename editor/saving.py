"""Saving on the editor's worker thread (no Qt).

Save (and Play, which saves first) checks and writes a frozen copy of the
document (:meth:`~editor.document.Document.snapshot`) taken the moment Save
was pressed, on the worker thread the live checks use
(:class:`~editor.start_checks.StartChecks`), so the window answers while a
large module (The Legend Begins: its start check alone ~0.4 s) is checked and
written.  The designer may go on editing meanwhile: what is written is
exactly the module as it was at the press, and an edit made during the save
is kept in the window (still unsaved).  Writing stays atomic
(:func:`~editor.files.save_document`: beside the target, read back, then
moved over it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ffl.store import StoreError

from .board_cache import GeometryCache
from .document import Document
from .files import Autosave, WriteProtected, save_document
from .validation import Problem, errors, start_problems, validate_document


def check_document(doc: Document,
                   scenario_id: str | None) -> tuple[list[Problem], list[Problem] | None]:
    """Every problem of ``doc``, and the start problems of ``scenario_id``
    among them (checked only when nothing blocks the file; None when not)."""
    problems = validate_document(doc)
    if not scenario_id or errors(problems) or \
            not any(sc["id"] == scenario_id for sc in doc.data["scenarios"]):
        return problems, None
    try:
        module = doc.module()
    except Exception:       # noqa: BLE001 - the other checks say what is wrong
        return problems, None
    start = start_problems(module, scenario_id)
    return problems + start, start


def blocked_text(bad: list[Problem]) -> str:
    """Why a module with the errors ``bad`` is not saved, in a few lines."""
    lines = "\n".join(f"- {p.message}" for p in bad[:12])
    more = f"\n... and {len(bad) - 12} more" if len(bad) > 12 else ""
    return (f"The module has {len(bad)} error{'s' if len(bad) != 1 else ''} that would "
            f"make the file unreadable (see Validation):\n{lines}{more}")


@dataclass
class SaveOutcome:
    """What a save on the worker came to."""

    path: Path
    problems: list[Problem]
    #: the start problems of the scenario checked (None: not checked)
    start: list[Problem] | None
    #: why nothing was written ("" when the file was written)
    refused: str = ""
    #: the title of the refusal for the error dialog
    title: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.refused


def check_and_save(snapshot, geometry: GeometryCache, scenario_id: str | None,
                   path: Path) -> SaveOutcome:
    """Check the document ``snapshot`` and, when nothing blocks it, write it to
    ``path`` (atomically); runs on the worker thread."""
    doc = Document.from_snapshot(snapshot, geometry)
    problems, start = check_document(doc, scenario_id)
    bad = errors(problems)
    if bad:
        return SaveOutcome(path, problems, start, blocked_text(bad), "Not saved")
    try:
        save_document(doc, path)
    except (StoreError, ValueError, KeyError, OSError) as exc:
        text = str(exc) if isinstance(exc, WriteProtected) else f"{path}: {exc}"
        return SaveOutcome(path, problems, start, text, "Cannot save")
    return SaveOutcome(path, problems, start)


def write_autosave(autosave: Autosave, frozen: tuple, source: Path | None) -> None:
    """Write the crash-recovery copy of the document ``frozen`` (a snapshot and
    the worker's geometry cache: on the worker thread)."""
    snapshot, geometry = frozen
    autosave.write(Document.from_snapshot(snapshot, geometry), source)
