"""EditCommand: one undoable edit of the document on the QUndoStack.

A command holds the changes it made and the changes that undo them.  Commands
given the same ``merge_id`` and ``stroke`` (one mouse drag) merge into a single
undo step: the merged step undoes to the state before the drag began.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand, QUndoStack

from .document import Change, Document

#: merge ids (QUndoCommand.id) of the drag tools
MERGE_PAINT = 1
MERGE_VERTEX = 2
MERGE_MOVE = 3


class EditCommand(QUndoCommand):
    """Apply ``changes`` to ``doc``; undo puts back exactly what was there."""

    def __init__(self, doc: Document, text: str, changes: Sequence[Change],
                 merge_id: int = -1, stroke: int = 0) -> None:
        super().__init__(text)
        self.doc = doc
        self.changes: list[Change] = list(changes)
        self.undo_changes: list[Change] = []
        self._merge_id = merge_id
        self.stroke = stroke

    def id(self) -> int:  # noqa: A003 - Qt's name
        return self._merge_id

    def redo(self) -> None:
        self.undo_changes = self.doc.apply(self.changes)

    def undo(self) -> None:
        self.doc.apply(self.undo_changes)

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        if not isinstance(other, EditCommand) or other.stroke != self.stroke \
                or other.id() != self.id() or self.id() < 0:
            return False
        # other has already been applied on top of self: undoing both means
        # undoing other first, then self
        self.changes += other.changes
        self.undo_changes = other.undo_changes + self.undo_changes
        return True


def push(stack: QUndoStack, doc: Document, text: str, changes: Sequence[Change],
         merge_id: int = -1, stroke: int = 0) -> bool:
    """Push an edit if it changes anything; True if it did."""
    if not changes:
        return False
    stack.push(EditCommand(doc, text, changes, merge_id, stroke))
    return True
