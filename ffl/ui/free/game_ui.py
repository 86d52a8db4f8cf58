"""FreePlayUI: any module played by hand, like counters on a table (VASSAL-style).

Through its :class:`~ffl.ui.host.GameHost` it adds the "Pieces" tray (pieces
off the map, dragged onto any space), the "Dice" dock, the Game-menu entries
with their shortcuts, the map's mouse (:mod:`.mouse`), the chosen counter's
ring and the hover line.  Every change is one of the free-play controller's
actions (``move``, ``remove``, ``face``, ``flip``, ``mark``, ``roll``) sent
through :meth:`~ffl.ui.game_ui.GameUI.do`, so undo, redo, saving and mailing
work as in every game; :meth:`FreePlayUI.refresh` redraws from the state.

Shortcuts: R / Shift+R turn, Ctrl+F flip, Ctrl+M add a marker, Delete take
off the map, Ctrl+D roll the dice.
"""

from __future__ import annotations

from ffl.engine import Action, Event, IllegalAction, Piece
from ffl.ui.game_ui import GameUI

from .dice import DicePanel, last_roll
from .markers import MarkerDialog
from .mouse import MapMouse
from .overlay import Overlay
from .tray import PieceTray

PREFIX = "Free play: "
CHOOSE_FIRST = "Choose a counter first: click it on the map or in the Pieces list."


class FreePlayUI(GameUI):
    """Free play in the play window (see the module docstring)."""

    def attach(self) -> None:
        host = self.host
        self.selected: str | None = None
        self.marker_dialog: MarkerDialog | None = None
        self.overlay = Overlay(self.scene)
        self.mouse = MapMouse(self)
        self.tray = PieceTray(self)
        self.tray_dock = host.add_dock("Pieces", self.tray, "freeTrayDock", size=240)
        self.dice = DicePanel(self.roll)
        self.dice_dock = host.add_dock("Dice", self.dice, "freeDiceDock", size=240)
        host.stack_docks([self.tray_dock, self.dice_dock], [460, 320])
        self._build_menu()
        host.set_map_input(self)
        host.on_hover(self._hover)
        host.show_status("Free play: drag counters anywhere; Shift+wheel or R turns, Ctrl+F "
                         "flips, right-click for markers; Ctrl+D rolls the dice.")

    def _build_menu(self) -> None:
        add = self.host.add_action
        self.right_action = add("Turn &right", lambda: self.turn(1), ["R"], "freeTurnRightAction",
                                "Turn the chosen counter one facing clockwise (R)")
        self.left_action = add("Turn &left", lambda: self.turn(-1), ["Shift+R"],
                               "freeTurnLeftAction",
                               "Turn the chosen counter one facing anticlockwise (Shift+R)")
        self.flip_action = add("&Flip", self.flip, ["Ctrl+F"], "freeFlipAction",
                               "Turn the chosen counter over to its other side (Ctrl+F)")
        self.marker_action = add("Add &marker…", self.add_marker, ["Ctrl+M"],
                                 "freeMarkerAction",
                                 "Put a marker on the chosen counter (Ctrl+M)")
        self.remove_action = add("&Take off the map", self.remove, ["Delete"],
                                 "freeRemoveAction",
                                 "Put the chosen counter back in the Pieces tray (Delete)")
        self.host.add_separator()
        self.roll_action = add("Roll &dice", self.roll, ["Ctrl+D"], "freeRollAction",
                               "Roll the dice set in the Dice panel (Ctrl+D)")

    # -- map input: handed to the mouse ------------------------------------------------------

    def map_press(self, pos, button, modifiers) -> bool:
        return self.mouse.press(pos, button, modifiers)

    def map_move(self, pos) -> bool:
        return self.mouse.move(pos)

    def map_release(self, pos, button) -> bool:
        return self.mouse.release(pos, button)

    def map_wheel(self, pos, steps) -> bool:
        return self.mouse.wheel(pos, steps)

    # -- reading --------------------------------------------------------------------------

    def facings(self) -> int:
        return self.controller.facings(self.state)

    def levels(self, key: str) -> list[int]:
        """The levels a space shows (its ``levels`` attribute), else just 0."""
        levels = self.scene.board[key].get("levels") if key in self.scene.board else None
        if isinstance(levels, list | tuple):
            found = sorted({int(v) for v in levels if isinstance(v, int | float)})
            if found:
                return found
        return [0]

    def piece(self, pid: str | None = None) -> Piece | None:
        """Piece ``pid`` (the chosen one by default), or None after saying why."""
        pid = pid or self.selected
        piece = self.state.pieces.get(pid) if pid else None
        if piece is None:
            self.host.show_status(CHOOSE_FIRST)
        return piece

    # -- acting ---------------------------------------------------------------------------

    def do(self, action: Action) -> list[Event] | None:
        events = super().do(action)
        if events:
            self.host.show_status("; ".join(e.text.removeprefix(PREFIX) for e in events))
        return events

    def refused(self, exc: IllegalAction) -> None:
        if self.session is None:
            return      # released: the status line is another game's
        self.host.show_status(f"Not done: {exc.reason}")

    def select(self, pid: str | None) -> None:
        """Choose counter ``pid`` (None: nothing chosen); the ring shows it."""
        self.selected = pid if pid in self.state.pieces else None
        self.overlay.select(self.scene.counter(self.selected) if self.selected else None)

    def move(self, pid: str, key: str, level: int | None = None) -> list[Event] | None:
        """Put ``pid`` on space ``key`` (at the space's top level unless given)."""
        piece = self.piece(pid)
        if piece is None:
            return None
        if level is None:
            level = self.levels(key)[-1] if key in self.scene.board else 0
        self.selected = pid
        return self.do(Action.make("move", piece.side, piece=pid, space=key, level=level))

    def turn(self, steps: int, pid: str | None = None) -> list[Event] | None:
        """Turn the counter ``steps`` facings clockwise (negative: anticlockwise)."""
        piece = self.piece(pid)
        if piece is None:
            return None
        n = self.facings()
        if piece.facing is None:    # no facing yet: the first step clockwise is north
            facing = (steps - 1) % n if steps > 0 else steps % n
        else:
            facing = (piece.facing + steps) % n
        return self.face(facing, piece.id)

    def face(self, facing: int, pid: str | None = None) -> list[Event] | None:
        piece = self.piece(pid)
        if piece is None:
            return None
        return self.do(Action.make("face", piece.side, piece=piece.id, facing=facing))

    def flip(self, pid: str | None = None) -> list[Event] | None:
        piece = self.piece(pid)
        if piece is None:
            return None
        return self.do(Action.make("flip", piece.side, piece=piece.id))

    def remove(self, pid: str | None = None) -> list[Event] | None:
        piece = self.piece(pid)
        if piece is None:
            return None
        return self.do(Action.make("remove", piece.side, piece=piece.id))

    def mark(self, marker: str, count: int, pid: str | None = None) -> list[Event] | None:
        piece = self.piece(pid)
        if piece is None:
            return None
        return self.do(Action.make("mark", piece.side, piece=piece.id, marker=marker,
                                   count=count))

    def remove_marker(self, marker: str, pid: str | None = None) -> list[Event] | None:
        return self.mark(marker, 0, pid)

    def add_marker(self, pid: str | None = None) -> MarkerDialog | None:
        """Ask for a marker's name and count (non-blocking; ``self.marker_dialog``)."""
        piece = self.piece(pid)
        if piece is None:
            return None
        if self.marker_dialog is not None:
            self.marker_dialog.close()
        dialog = MarkerDialog(self.host.parent_widget(), self.piece_name(piece.id),
                              dict(piece.markers),
                              lambda name, count: self.mark(name, count, piece.id))
        dialog.destroyed.connect(lambda *_: self._forget_dialog(dialog))
        self.marker_dialog = dialog
        dialog.open()
        return dialog

    def _forget_dialog(self, dialog) -> None:
        if self.marker_dialog is dialog:
            self.marker_dialog = None

    def roll(self) -> list[Event] | None:
        """Roll the dice set in the Dice panel (the values go to the log)."""
        ask = self.dice.request()
        args = {"dice": ask["dice"], "sides": ask["sides"]}
        if ask["purpose"]:
            args["purpose"] = ask["purpose"]
        return self.do(Action.make("roll", "", **args))

    # -- drawing --------------------------------------------------------------------------

    def refresh(self, events: list[Event]) -> None:
        """Bring the tray, the dice, the ring and the flipped sashes in line with
        the state (after an action, an undo, a redo or a reload)."""
        if self.selected not in self.state.pieces:
            self.selected = None
        self.redraw()
        self.tray.refresh()
        self.dice.show_roll(last_roll(self.session.log))

    def redraw(self) -> None:
        """Counters back to their places (after a drag), ring and sashes again."""
        self.scene.set_state(self.state)
        self.overlay.show_target(None)
        self.select(self.selected)
        self.overlay.mark_flipped()

    def _hover(self, key: str) -> None:
        """The hover line: the space, its terrain and the pieces there by name."""
        if not key or key not in self.scene.board:
            return
        space = self.scene.board[key]
        bits = [space.label or key]
        terrain = space.get("terrain")
        if terrain:
            bits.append(str(terrain))
        here = sorted(self.state.pieces_at(key), key=lambda p: (p.level, p.id))
        if here:
            bits.append(", ".join(self.piece_name(p.id) + (" (flipped)" if p.data.get("flipped")
                                                           else "") for p in here))
        self.host.set_hover_text(" · ".join(bits))

    def detach(self) -> None:
        if self.marker_dialog is not None:
            self.marker_dialog.close()
        if self.mouse.menu is not None:
            self.mouse.menu.deleteLater()
        self.overlay.clear()
