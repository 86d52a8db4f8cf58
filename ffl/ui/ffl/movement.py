"""Movement mode: the drawn organization's units are ringed; pressing one shows
every square it can reach, coloured by the Movement Factors left there;
dragging draws the path and its cost; releasing moves it step by step through
the controller.  The wheel or R / Shift+R turns it (6.1241, free).  Right-click
lists the other legal actions of that unit (climb, jump, ropes, leave, finish).
Squares of the off-board level diagrams (1.12) work like board squares: a drop
on one means that square at that diagram's level.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from ffl.engine import Action, IllegalAction

from .confirm import ASK_ROLL_DRAG, confirm
from .counters import ACTIVE, SELECTED
from .interaction import Mode
from .layers import MF_COLOURS, diagrams_of, place_centre, released_in_place

PATH_COLOUR = QColor(30, 30, 30, 200)
#: a square reached only by jumping down (6.5): hatched and ringed in this colour
JUMP_INK = QColor(150, 20, 120, 230)
IMPACT_SHADE = QColor(240, 120, 30, 120)
#: why a planned step rolls dice, as the roll-drag question names it
MELEE_WHY, JUMP_WHY = "a melee on arrival (6.7)", "a jump down, rolled for injuries and impact (6.5)"
#: actions listed on right-click, with how they read
MENU_KINDS = ("climb", "jump", "grapple", "carry", "drop", "exit", "finish", "attitude",
              "door", "haul", "turn-weapon", "drop-dynamite", "carry-dynamite", "light")
DYNAMITE_TEXT = {"drop-dynamite": "Leave the dynamite here (15.12)",
                 "carry-dynamite": "Pick up the dynamite (15.12)",
                 "light": "Light the fuse (15.132, no MF)"}
ATTITUDE_TEXT = {"exposed": "Stand exposed at the battlement (11.1, no MF)",
                 "full-cover": "Duck into full cover (11.3, 1 MF)",
                 "none": "Leave the attitude (11)"}
DOOR_TEXT = {"open": "Open", "close": "Close", "lock": "Lock", "unlock": "Unlock",
             "force": "Try to force", "break": "Try to break the lock of"}


def describe(action: Action, name) -> str:
    """How an action reads in a context menu (with its rule)."""
    k = action.kind
    if k == "climb":
        return f"Climb to {action['to']} level {action['level']} (6.4 / 6.6)"
    if k == "jump":
        return f"Jump down to {action['to']} level {action['level']} (6.5)"
    if k == "grapple":
        return f"Throw {action['rope']} at the wall towards {action['other']} (6.33)"
    if k == "carry":
        return f"Pick up {action['rope']} (6.31)"
    if k == "drop":
        return f"Put down {action['rope']} (6.31)"
    if k == "exit":
        return "Leave the board for good (6.22)"
    if k == "finish":
        return f"Finish {name}'s move (6.11)"
    if k == "ungrapple":
        return f"Unhook {action['rope']} instead of firing (7.9)"
    if k == "attitude":
        return ATTITUDE_TEXT.get(action["to"], str(action))
    if k in DYNAMITE_TEXT:
        return DYNAMITE_TEXT[k]
    if k == "reveal-tunnel":
        return f"Reveal the exit of tunnel no. {action['label']} (15.24)"
    if k == "haul":
        what = "machinegun" if action["weapon"] == "weapon-mg" else "cannon"
        return f"Haul the {what} to {action['to']} level {action['level']} (14.3)"
    if k == "turn-weapon":
        from ffl.engine.pieces import FACINGS

        what = "machinegun" if action["weapon"] == "weapon-mg" else "cannon"
        return f"Turn the {what} to face {FACINGS[action['facing']]} (14.3)"
    if k == "weapon-fire":
        what = "machinegun" if action["weapon"] == "weapon-mg" else "cannon"
        if action["mode"] == "mg":
            names = ", ".join(name(t) for t in action["targets"])
            return f"The {what} fires five shots: {names} (14.5)"
        if action["mode"] == "canister":
            return f"The {what} fires canister into its arc (14.61)"
        return f"The {what} fires a shell into {action['square']} (14.62)"
    if k == "door":
        op, door = action["op"], action["door"]
        if door == "gate":
            return f"{DOOR_TEXT[op]} the gate (10.13, {'4' if op in ('open', 'close') else '1'} MF)"
        a, b, _lv = door.split("|")
        rule = "10.21" if op in ("force", "break") else "10.13"
        return f"{DOOR_TEXT[op]} the door or window {a}-{b} ({rule}, 1 MF)"
    return str(action)


class MovementMode(Mode):
    def __init__(self, ui) -> None:
        super().__init__(ui)
        self.selected: str | None = None
        self.reach: dict = {}
        self.dragging = False
        self.target: tuple[str, int] | None = None
        self.path_layer = type(self.layer)(ui.scene)

    # -- queries ----------------------------------------------------------------------

    def movable(self) -> list[str]:
        return self.ui.controller.movable_pieces(self.state)

    def select(self, pid: str | None) -> None:
        self.selected = pid
        self.reach = self.ui.controller.reachable(self.state, pid) if pid else {}
        self._shade()

    def _shade(self) -> None:
        self.layer.clear()
        if not self.selected:
            return
        piece = self.state.pieces[self.selected]
        left = self.ui.controller.mf_left(self.state, self.selected)
        diagrams = diagrams_of(self.scene)
        # one shade per place shown: a diagram square (1.12) or a board square
        best: dict[tuple[str, int | None], tuple[int, int, bool]] = {}
        for (key, level), reach in self.reach.items():
            cost = reach[0]
            on_diagram = diagrams is not None and diagrams.rect(key, level) is not None
            place = (key, level if on_diagram else None)
            if place not in best or left - cost > best[place][0]:
                best[place] = (left - cost, level, bool(getattr(reach, "jump", False)))
        for (key, shown), (mf, level, jump) in best.items():
            text = f"{mf}" + (f" L{level}" if level != piece.level and shown is None else "")
            text += " J" if jump else ""
            tip = f"{key} level {level}: {mf} MF left on arrival" + (
                " (the cheapest way is a jump: 6.5, dice are rolled)" if jump else "")
            self.layer.shade(key, MF_COLOURS[max(0, min(5, mf))], text, tip, level=shown)
            if jump:        # 6.5 a jump landing: hatched and ringed, unlike a walk
                self.layer.hatch(key, JUMP_INK, level=shown)

    def choose(self, key: str, level: int | None = None) -> tuple[str, int] | None:
        """Which reachable position a drop on square ``key`` means.

        On a diagram square the level is that diagram's.  On the board: the
        level chosen in the selector, else the square's top level (the one the
        board shows, 1.12), else the unit's own level, else the cheapest.
        """
        if level is not None:
            return (key, level) if (key, level) in self.reach else None
        options = [pos for pos in self.reach if pos[0] == key]
        if not options:
            return None
        chosen = self.ui.bar.level
        if chosen is not None and (key, chosen) in self.reach:
            return (key, chosen)
        top = max(self.ui.controller.levels(self.state, key) or (0,))
        if (key, top) in self.reach:
            return (key, top)
        here = self.state.pieces[self.selected].level
        return min(options, key=lambda pos: (pos[1] != here, self.reach[pos][0], -pos[1]))

    # -- mouse --------------------------------------------------------------------------

    def press(self, pos, button, modifiers) -> bool:
        pending = self.ui.prompt().info.get("pending")
        if pending:
            return self._impact_press(pos, pending)
        item = self.counter_at(pos)
        if item is None:
            return False
        pid = item.piece_id
        if button == Qt.MouseButton.RightButton:
            self.context_menu(pid, pos)
            return True
        if pid not in self.movable():
            why = self.ui.controller.legal(
                self.state, Action.make("finish", item.piece.side, piece=pid))
            if not why:
                self.ui.status(f"{self.ui.name(pid)} cannot move: {why.rule} {why.reason}")
            return True
        self.select(pid)
        self.dragging = True
        self.target = None
        self.ui.refresh([])
        return True

    def move(self, pos) -> bool:
        if not self.dragging:
            return False
        self._draw_path(pos)
        return True

    def release(self, pos, button) -> bool:
        if not self.dragging:
            return False
        self.dragging = False
        self.path_layer.clear()
        found = self.place_at(pos)
        piece = self.state.pieces[self.selected]
        if found is None:
            return True
        key, level = found
        if released_in_place(self.scene, piece, key, level):
            return True      # released where it was pressed: no move
        self.go(self.selected, key, level, pos)
        return True

    def wheel(self, pos, steps) -> bool:
        item = self.counter_at(pos)
        if item is None or item.piece_id not in self.movable():
            return False
        self.selected = item.piece_id
        self.turn(steps)
        return True

    def turn(self, steps: int) -> None:
        pid = self.selected
        if pid is None:
            return
        piece = self.state.pieces[pid]
        if piece.facing is None:
            return
        self.ui.do(Action.make("face", piece.side, piece=pid, facing=(piece.facing + steps) % 8))

    # -- the tray (entering, 6.21) -------------------------------------------------------

    def tray_hover(self, pid: str, pos: QPointF | None) -> None:
        if self.selected != pid:
            self.select(pid if pid in self.movable() else None)
        if pos is not None:
            self._draw_path(pos)

    def tray_drop(self, pid: str, pos: QPointF) -> None:
        self.path_layer.clear()
        found = self.place_at(pos)
        if pid not in self.movable():
            self.ui.status(f"{self.ui.name(pid)} cannot enter now.")
            return
        if self.selected != pid:
            self.select(pid)
        if found is not None:
            self.go(pid, *found, pos)

    def tray_drop_many(self, pids: list[str], pos: QPointF) -> None:
        """6.21 several waiting units dropped together: the first enters on the
        square dropped on, the others on the nearest free entry squares along
        the edge (the squares the controller lets each enter by, nearest
        first); each enters as its own action."""
        self.path_layer.clear()
        found = self.place_at(pos)
        if found is None:
            return
        key = found[0]
        x0, y0 = self.scene.board[key].centre
        entered, refused = [], []
        for pid in pids:
            if pid not in self.movable() or self.state.pieces[pid].on_board:
                refused.append(pid)
                continue
            reach = self.ui.controller.reachable(self.state, pid)
            entries = sorted(
                {(k, lv) for (k, lv), r in reach.items() if len(r[1]) == 1},
                key=lambda p: (abs(self.scene.board[p[0]].centre[0] - x0)
                               + abs(self.scene.board[p[0]].centre[1] - y0), p))
            for k, lv in entries:
                if any(q.on_board for q in self.state.pieces_at(k, lv)):
                    continue
                plan = self.ui.controller.plan(self.state, pid, k, lv)
                if plan is None or len(plan.steps) != 1 or plan.rolls:
                    continue
                if self.ui.do(plan.steps[0].action) is not None:
                    entered.append(pid)
                    break
            else:
                refused.append(pid)
        names = ", ".join(self.ui.name(p) for p in refused)
        self.ui.status(f"{_count(len(entered)).capitalize()} entered along the edge"
                       + (f"; no entry square for {names}" if refused else "."))
        self.ui.refresh([])

    # -- moving ---------------------------------------------------------------------------

    def _draw_path(self, pos: QPointF) -> None:
        """The route over the board squares, the part of it inside a diagram
        drawn there too, and the cost where the unit would stand."""
        self.path_layer.clear()
        found = self.place_at(pos) if self.selected else None
        self.target = self.choose(*found) if found else None
        if self.target is None:
            return
        cost, path = self.reach[self.target][:2]
        piece = self.state.pieces[self.selected]
        steps = ([(piece.space, piece.level)] if piece.space else []) + list(path)
        self.path_layer.polyline([self.scene.space_centre(k) for k, _ in steps], PATH_COLOUR,
                                 0.08)
        diagrams = diagrams_of(self.scene)
        run: list[QPointF] = []
        for i, (k, lv) in enumerate(steps):
            centre = diagrams.centre(k, lv) if diagrams is not None else None
            if centre is not None and run and steps[i - 1][1] == lv:
                run.append(centre)
            else:
                self.path_layer.polyline(run, PATH_COLOUR, 0.08)
                run = [centre] if centre is not None else []
        self.path_layer.polyline(run, PATH_COLOUR, 0.08)
        self.path_layer.text(place_centre(self.scene, *self.target), f"{cost} MF")

    def go(self, pid: str, key: str, level: int | None = None, pos: QPointF | None = None) -> None:
        """Move ``pid`` to ``key`` (at ``level`` if a diagram square was chosen):
        the controller's plan of the cheapest way there, played back one action
        at a time as one undo step; it stops when the state turns out otherwise
        (a melee, a jump landing or an elimination ends the move).  When the
        cheapest way is a jump and stairs or a rope lead there too, a menu at
        ``pos`` asks which (6.5 rolls dice, the other way costs more MF)."""
        target = self.choose(key, level)
        plan = self.ui.controller.plan(self.state, pid, *target) if target else None
        if plan is not None and getattr(self.reach.get(target), "jump", False):
            walk = self.ui.controller.plan(self.state, pid, *target, jump=False)
            if walk is not None:
                self.jump_menu = self.ask_way(pos, plan, walk)
                return
        if plan is not None and plan.rolls and not self.ui.session.undo_rolls:
            self.confirm_box = self.ask_roll(plan)
            return
        if plan is None:
            why = self.ui.controller.why_not_reach(self.state, pid, key, level)
            if self.ui.session.advising and target is None:
                # advise mode: the player may insist on the square (logged as a breach)
                to_level = level if level is not None else self._drop_level(key)
                kind = "enter" if self.state.pieces[pid].space is None else "move"
                self.ui.ask_breach(Action.make(kind, self.state.pieces[pid].side, piece=pid,
                                               to=key, level=to_level),
                                   IllegalAction(why.reason, why.rule))
                return
            self.ui.status(self.explain(pid, key, level, why))
            return
        self.play(plan)

    def play(self, plan) -> None:
        """Play a plan back as one undo step, stopping when the state turns out
        otherwise (a melee, a jump landing or an elimination ends the move)."""
        pid = plan.piece
        with self.ui.session.grouped():  # the whole drag is one undo step
            for step in plan.steps:
                if self.ui.do(step.action) is None:
                    return
                now = self.state.pieces[pid]
                if (now.space, now.level) != step.position or not now.on_board:
                    return

    def ask_roll(self, plan):
        """A drag that rolls dice asks first, naming the rolls and their rules
        (rolls are final, so the move cannot be undone)."""
        why = " and ".join(dict.fromkeys(
            MELEE_WHY if s.rule == "6.7" else JUMP_WHY if s.action.kind == "jump"
            else f"dice ({s.rule})" for s in plan.steps if s.rolls))
        name = self.ui.name(plan.piece)
        return confirm(self.ui, "rollDragBox", ASK_ROLL_DRAG, "Roll the dice?",
                       f"Moving {name} to {plan.target[0]} rolls dice: {why}.",
                       "It cannot be undone: rolls are final unless both players allow "
                       "undoing them (Edit › Allow undo of rolls).", lambda: self.play(plan),
                       yes="Move")

    def ask_way(self, pos, jump, walk):
        """The jump-or-walk menu (non-blocking, ``fflWayMenu``)."""
        from PySide6.QtWidgets import QMenu

        menu = QMenu(self.ui.host.parent_widget())
        menu.setObjectName("fflWayMenu")
        final = "" if self.ui.session.undo_rolls else ", cannot be undone"
        for plan, text in ((jump, f"Jump down ({jump.cost} MF; 6.5 dice are rolled{final})"),
                           (walk, f"Go by stairs or rope ({walk.cost} MF, no roll)")):
            entry = menu.addAction(text)
            entry.triggered.connect(lambda _=False, p=plan: self.play(p))
        self.ui.host.popup(menu, pos if pos is not None else self.scene.space_centre(
            jump.target[0]))
        return menu

    def _drop_level(self, key: str) -> int:
        """The level a drop on board square ``key`` means: the level chosen in the
        selector if the square has it, else its top level (the one shown, 1.12)."""
        levels = self.ui.controller.levels(self.state, key)
        chosen = self.ui.bar.level
        return chosen if chosen in levels else max(levels or (0,))

    def explain(self, pid: str, key: str, wanted: int | None, why) -> str:
        """The player's explanation of an illegal drop (the rule and its reason)."""
        name = self.ui.name(pid)
        if why.rule == "4.3":
            return f"{name} cannot stop on {key}: 4.3 {why.reason}"
        if why.rule == "6.123":
            where = key if wanted is None else f"{key} level {wanted}"
            return f"{name} cannot reach {where}: 6.123 {why.reason}"
        return f"{name} cannot go to {key}: {why.rule} {why.reason}"

    # -- right-click ------------------------------------------------------------------------

    def context_menu(self, pid: str, pos: QPointF):
        here = self.state.pieces[pid].space
        tunnels = self.ui.controller.siege_map(self.state, self.state.pieces[pid].side)
        actions = [a for a in self.ui.controller.legal_actions(self.state)
                   if (a.get("piece") == pid and a.kind in MENU_KINDS)
                   or (a.kind == "reveal-tunnel" and
                       (tunnels["tunnels"].get(str(a["label"])) or [None])[-1] == here)]
        if not actions:
            self.ui.status(f"No other action for {self.ui.name(pid)} here.")
            return None
        return self.popup(pos, [(describe(a, self.ui.name(pid)), a) for a in actions])

    # -- 6.5224 impact move ------------------------------------------------------------------

    def _impact_press(self, pos, pending) -> bool:
        found = self.place_at(pos)
        key, level = found if found else (None, None)
        for a in self.ui.controller.legal_actions(self.state):
            if a.kind == "impact-move" and a["to"] == key and level in (None, a.get("level")):
                self.ui.do(a)
                return True
        self.ui.status("6.5224 Click one of the orange squares to move the unit there.")
        return True

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        movable = self.movable()
        for pid, item in self.scene.counters.items():
            if hasattr(item, "set_highlight"):
                item.set_highlight(ACTIVE if pid in movable else "")
        pending = self.ui.prompt().info.get("pending")
        if pending:
            self.selected = None
            self.layer.clear()
            for a in self.ui.controller.legal_actions(self.state):
                if a.kind == "impact-move":
                    self.layer.shade(a["to"], IMPACT_SHADE, "", "6.5224 move here",
                                     level=a.get("level"))
            return
        if self.selected not in movable:
            self.selected = None
        if not self.dragging:
            self.select(self.selected)
        if self.selected:
            self.ui.highlight([self.selected], SELECTED)

    def leave(self) -> None:
        super().leave()
        self.path_layer.clear()
        self.selected, self.reach, self.dragging = None, {}, False


def _count(n: int) -> str:
    """"one unit", "3 units" (not "unit(s)")."""
    return "one unit" if n == 1 else f"{n} units"
