"""The editor window's edits that can remove or strand data: deleting what the
keyboard points at, deleting spaces, piece types and boards, adding boards;
and showing where a problem of the Validation dock is.

An edit that would leave the module unreadable is refused with a message, or
(deleting a space with pieces on it, a piece type that is placed) carried out
together with what depends on it after a confirmation that names it.  Form
fields apply as they are edited; :meth:`EditActions.commit_forms` applies the
one still being typed in (before Save, Play and closing).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication, QMessageBox

from ffl.ui.style import UNIT

from . import edits
from .validation import Problem


class EditActions:
    """Mixed into EditorWindow."""

    def locate(self, problem: Problem) -> None:
        """Show where a problem is: its board, its space selected, a ring around it."""
        if problem.board and problem.board in self.doc.board_names():
            index = self.doc.board_index(problem.board)
            if index != self.bi:
                self.board_box.setCurrentIndex(index)
        if problem.scenario:
            ids = [sc["id"] for sc in self.doc.data["scenarios"]]
            if problem.scenario in ids:
                self.scenario_panel.choice.setCurrentIndex(ids.index(problem.scenario))
        if problem.extra.get("piece"):
            self.scenario_panel.choose_piece(problem.extra["piece"])
        if problem.extra.get("add_type"):     # a piece to add: its type chosen to add
            self.scenario_panel.type_box.setCurrentText(problem.extra["add_type"])
            self.show_dock(self.scenario_dock)
        if problem.extra.get("piece_type"):
            self.pieces_panel.choose_type(problem.extra["piece_type"])
            self.show_dock(self.pieces_dock)
        if self.scene is None:
            return
        key = next((k for k in problem.keys if k in self.scene.board), None)
        point = problem.point
        if point is None and key is not None:
            point = self.scene.board[key].centre
        self.select_space(key)
        self.scene.show_marker(point)
        if point is not None:
            self.view.centre_on(self.scene.space_centre(key) if key and problem.point is None
                                else _scene_point(point))
        self.status(problem.message)

    def confirm(self, title: str, text: str, action: str) -> bool:
        """Ask before an edit that takes other data with it (Yes: ``action``)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text,
                          QMessageBox.StandardButton.Cancel, self)
        yes = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def commit_forms(self) -> str:
        """Apply what is typed in the module and scenario forms but not applied
        yet; returns why it could not be ("" when all is applied)."""
        return self.module_panel.commit_pending() or self.scenario_panel.commit_pending()

    # -- deleting -------------------------------------------------------------------------

    def delete_selected(self) -> str | None:
        """Delete what the keyboard focus points at: the placement chosen in the
        scenario dock, the link chosen in the property panel, a restriction row,
        a piece type, or (focus on the map) the selected space.  Returns what was
        deleted (None: nothing)."""
        focus = QApplication.focusWidget()
        panel = self.scenario_panel
        if focus is panel.placements and panel.current_piece() is not None:
            piece = panel.current_piece()
            return f"piece {piece}" if panel.remove_piece() else None
        if focus is self.property_panel.links and self.property_panel.link_index() is not None:
            self.property_panel.remove_link()
            return "link"
        if focus is panel.setup.table and panel.setup.table.currentRow() >= 0:
            panel.setup.remove_row()
            return "restriction"
        if focus is self.pieces_panel.table and self.pieces_panel.table.currentRow() >= 0:
            return "piece type" if self.delete_piece_type(
                self.pieces_panel.table.currentRow()) else None
        if self.selected_key is not None and (focus is None or focus is self.view
                                              or self.view.isAncestorOf(focus)):
            key = self.selected_key
            return f"space {key}" if self.delete_space(key) else None
        return None

    def delete_space(self, key: str) -> bool:
        """Delete a space of the board shown (one undo step); pieces placed on it
        are taken off the map, after a confirmation naming them."""
        try:
            changes = edits.delete_space(self.doc, self.bi, key)
        except edits.InUse as exc:
            if not self.confirm("Delete space", f"{exc}.", "Delete and take them off"):
                self.status(f"Space {key} not deleted")
                return False
            changes = edits.delete_space(self.doc, self.bi, key, cascade=True)
        self.select_space(None)
        self.push(f"Delete {key}", changes)
        return True

    def delete_piece_type(self, row: int) -> bool:
        """Delete a piece type (one undo step); if scenarios place pieces of it,
        they go too, after a confirmation naming them."""
        types = self.doc.data["piece_types"]
        if not 0 <= row < len(types):
            return False
        type_id = types[row]["id"]
        try:
            changes = edits.delete_piece_type(self.doc, row)
        except edits.InUse as exc:
            if not self.confirm("Delete piece type",
                                f"{exc}. Deleting the type removes those pieces from "
                                "their scenarios too.", "Delete type and pieces"):
                self.status(f"Piece type {type_id} not deleted")
                return False
            changes = edits.delete_piece_type(self.doc, row, cascade=True)
        self.push(f"Delete piece type {type_id}", changes)
        return True

    def delete_board(self) -> bool:
        """Delete the board shown (one undo step); refused while a scenario uses it."""
        if not self.doc.data["boards"]:
            return False
        name = self.doc.data["boards"][self.bi]["name"]
        try:
            changes = edits.delete_board(self.doc, self.bi)
        except edits.InUse as exc:
            self.error("Board not deleted", str(exc))
            return False
        self.selected_key = None
        self.push(f"Delete board {name}", changes)
        self.status(f"Deleted board {name} (Undo brings it back)")
        return True

    def add_board(self, kind: str, columns: int, rows: int, name: str = "map",
                  terrain: str = "clear") -> bool:
        """Add a board to the module (one undo step) and show it; refused if the
        module has a board of that name."""
        board = edits.grid_board(kind, name, columns, rows, terrain)
        try:
            changes = edits.add_board(self.doc, board)
        except ValueError as exc:
            self.error("Board not added", str(exc))
            return False
        if self.push(f"Add board {name}", changes):
            self.board_box.setCurrentIndex(len(self.doc.data["boards"]) - 1)
        return True


def _scene_point(point: tuple[float, float]):
    return QPointF(point[0] * UNIT, point[1] * UNIT)
