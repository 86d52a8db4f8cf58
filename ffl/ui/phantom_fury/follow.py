"""Bringing the insurgents' doings into view on the Phantom Fury map.

The program plays the insurgents inside the rules' resolution of the player's own
step (Defensive Fire, Snipers, retreats, Reactions, infiltrations...).  After each
step the places of the counters those doings touched are ringed, dashed in the dark
red of the panel's "What just happened" (until the next step), and, when off
screen, brought into view as the generic
computer opponent's moves are (:class:`~ffl.ui.opponent_follow.MoveFollower`: the
least scroll when partly in view, centred when wholly out, then kept over the map
where it can be; never under a held mouse button - the scroll waits for its
release).  Doings too far apart to be seen together bring the latest into view.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer

from ffl.ui.opponent_follow import MoveFollower

#: the kinds of event that are the insurgents' doings (ringed, and followed on the map);
#: ``insurgent-decision`` moves the unit of a Counter-attack next to its squad (9.4)
DOING_KINDS = frozenset({"defensive-fire", "sniper", "event", "insurgents", "retreat",
                         "reaction", "infiltration", "insurgent-decision"})
#: the rule of the Insurgent Reactions: a Zone it turns to ruins is the HBIED's (the
#: Hornet's ruins are the player's own Mission, 4.1.6)
REACTIONS = "9.4"


class _Sight:
    """What :class:`MoveFollower` reads of the window (its map view, scene and
    session), taken from the game UI."""

    def __init__(self, ui) -> None:
        self.ui = ui

    @property
    def scene(self):
        return self.ui.scene

    @property
    def session(self):
        return self.ui.session

    @property
    def map(self):
        return self.ui.scene.views()[0]


class DoingsFollower:
    """See the module docstring; ``ui`` is the PhantomFuryUI."""

    def __init__(self, ui, parent) -> None:
        self.ui = ui
        self.mover = MoveFollower(_Sight(ui), ui.session, lambda: ["usmc"], parent)

    def close(self) -> None:
        self.mover.close()

    @property
    def pending(self) -> list[str] | None:
        """The pieces waiting for the release of the mouse button held."""
        return self.mover.pending

    def after_step(self, events) -> list[str]:
        """The pieces the doings in ``events`` touched, followed once the window
        has laid the counters out."""
        touched = self.touched(events)
        if touched:
            QTimer.singleShot(0, self.mover, lambda: self.follow(touched))
        return touched

    def touched(self, events) -> list[str]:
        """The counters on the map the insurgents' doings in ``events`` touched (the
        unit that retreated, the squad a Defensive Fire or Sniper Attack aimed at and
        the unit that fired, what stands in a Zone just infiltrated or blown up by an
        HBIED, the unit of a Counter-attack where it went and the squad it attacked).
        Most of those events change nothing themselves (a shot's result is its own
        event): the units they name in their ``info`` count too."""
        ui = self.ui
        state, board = ui.state, ui.scene.board
        out: dict[str, None] = {}
        # a Counter-attack (9.4) is the insurgents' Assault: the squad it hit counts
        reacting = any(e.kind == "reaction" and e.rule == REACTIONS for e in events)
        for e in events:
            if e.kind in DOING_KINDS or (reacting and e.kind in ("assault", "move")):
                named = [e.info.get(k) for k in ("piece", "unit")]
                zone = e.info.get("zone") if e.kind == "infiltration" else None
            elif e.kind == "ruins" and e.rule == REACTIONS:      # the HBIED's Zone
                named, zone = [], e.info.get("zone")
            else:
                continue
            if isinstance(zone, int):
                named += [q.id for q in state.pieces.values()
                          if ui.cmap.zone_of.get(q.space) == zone]
            for pid in (*sorted(e.pieces), *named):
                p = state.pieces.get(pid) if isinstance(pid, str) else None
                if p is not None and p.status == "active" and p.space in board \
                        and not board[p.space].get("holding"):
                    out[pid] = None
        return list(out)

    def follow(self, pids: list[str]) -> None:
        """Bring ``pids`` into view (at the release of a held button)."""
        if self.ui.session is not None:
            self.mover.show(self.latest_in_view(pids))

    def latest_in_view(self, pids: list[str]) -> list[str]:
        """The last of ``pids`` (the latest doings) back to the first that would not
        fit in the map's view with them: doings far apart (two infiltrations across
        the map) bring the latest into view, not the empty middle between them."""
        scene = self.ui.scene
        view = scene.views()[0]
        room = view.mapToScene(view.viewport().rect()).boundingRect()
        area, out = None, []
        for pid in reversed(pids):
            item = scene.counter(pid)
            if item is None:
                continue
            box = item.sceneBoundingRect()
            both = box if area is None else area.united(box)
            if out and (both.width() > room.width() or both.height() > room.height()):
                break
            area = both
            out.insert(0, pid)
        return out
