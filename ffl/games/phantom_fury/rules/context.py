"""The rules' view of one state: where every counter is, what each Zone holds.

:class:`Ctx` indexes a :class:`~ffl.engine.GameState` once (pieces by space,
by Zone) and answers the questions every rule asks (is this Zone under USMC
Control, what is a squad's CF now, which Locations are free...).
:class:`Turn` is the engine :class:`~ffl.engine.Batch` the rules add events
to; its ``ctx`` is rebuilt after every event, so a rule always reads the state
the events so far have made.

State kept by the rules (``state.vars``): ``turn``, ``phase`` (``setup``,
``support``, ``reinforcement``, ``fire``, ``movement``, ``assault``,
``over``), ``zones`` (Zone number as text -> ``act`` None/start/normal/
fortified, ``usmc`` Control, ``ruins``, ``fan`` Fanaticism, ``pf`` 0/15/30
'Phantom Fury' marker, ``noev`` 'No Insurgents Event' marker), ``act_pool``
(the Zone activation draw: ``normal``, ``strong``), ``missions`` (successes),
``support_done``, ``vp``, ``mover``, ``iif_from`` (the first turn the IIF may
enter), ``iif_turn``, ``strong_points``, ``variant``, ``max_turn``,
``result``.  Piece data: squads ``reduced``, ``fp`` (``fired``/``pinned``),
``hero`` (1 Silver Star, 2 Medal of Honor), ``caat``, ``se`` (its Security
Element is detached), ``group``, ``caat_first`` (the player's standing order
for step losses, 5.1.1.2), per-turn stamps ``moved``, ``assaulted``, ``mp``
[turn, left], ``mc`` [turn, MC] (M1A1), ``start`` [turn, space], ``cover``
(leaving by 12.4.3 through a street); CAAT ``squad``, ``ammo``,
``explosives``; 'Insurgents' ``face``; counters in a container ``pool``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ....engine import Batch, Change, Event, GameState, Piece, PieceType
from .. import mapdata as M
from .. import tables as T
from ..citymap import CityMap

SQUAD_KINDS = frozenset({"squad", "iif"})
USMC_UNIT_KINDS = frozenset({"squad", "iif", "abrams"})
ENEMY_KINDS = frozenset({"insurgents", "suspect"})


class Ctx:
    """Read-only questions about one state (see the module docstring)."""

    def __init__(self, state: GameState, cmap: CityMap, types: Mapping[str, PieceType],
                 attrs: Mapping[str, Any], opponent: Any = None) -> None:
        self.state = state
        self.map = cmap
        self.types = types
        self.attrs = attrs
        self.opponent = opponent
        self.at: dict[str, list[Piece]] = {}
        self.in_zone: dict[int, list[Piece]] = {}
        zone_of = cmap.zone_of
        for p in state.pieces.values():
            if p.status != "active" or p.space is None:
                continue
            self.at.setdefault(p.space, []).append(p)
            z = zone_of.get(p.space)
            if z is not None:
                self.in_zone.setdefault(z, []).append(p)

    # -- variables ----------------------------------------------------------------------

    def var(self, name: str, default: Any = None) -> Any:
        return self.state.vars.get(name, default)

    @property
    def turn(self) -> int:
        return int(self.state.vars.get("turn", 0))

    @property
    def phase(self) -> str:
        return self.state.vars.get("phase", "setup")

    def table(self, name: str) -> Any:
        return T.table(self.attrs, name)

    # -- pieces -------------------------------------------------------------------------

    def piece(self, pid: str) -> Piece:
        return self.state.pieces[pid]

    def kind(self, pid: str | Piece) -> str:
        p = pid if isinstance(pid, Piece) else self.state.pieces[pid]
        return self.types[p.type].kind

    def name(self, pid: str) -> str:
        p = self.state.pieces.get(pid)
        if p is None:
            return pid
        k = self.kind(p)
        if k == "insurgents":
            face = p.data.get("face", T.GUERILLAS)
            return f"{'Guerillas' if face == T.GUERILLAS else 'Martyrs'} {self.ins_cf(p)}"
        if k == "suspect":
            return "'Suspect' marker"
        return self.types[p.type].name

    def pieces_of(self, *kinds: str) -> list[Piece]:
        ks = set(kinds)
        return [p for p in self.state.pieces.values() if self.types[p.type].kind in ks]

    def on_map(self, *kinds: str) -> list[Piece]:
        return [p for p in self.pieces_of(*kinds) if p.status == "active" and p.space
                and (self.map.is_location(p.space) or self.map.is_street(p.space))]

    def pool(self, name: str) -> list[Piece]:
        """The counters in a container (6.1), in a fixed order (the draws index it)."""
        return sorted((p for p in self.state.pieces.values()
                       if p.status == "off" and p.data.get("pool") == name),
                      key=lambda p: p.id)

    def here(self, space: str | None, *kinds: str) -> list[Piece]:
        ks = set(kinds)
        return [p for p in self.at.get(space or "", ()) if not ks or self.kind(p) in ks]

    def zone_pieces(self, n: int, *kinds: str) -> list[Piece]:
        ks = set(kinds)
        return [p for p in self.in_zone.get(n, ()) if not ks or self.kind(p) in ks]

    def enemy_at(self, loc: str) -> Piece | None:
        """The 'Suspect' marker or 'Insurgents' unit in a Location (at most one)."""
        for p in self.at.get(loc, ()):
            if self.types[p.type].kind in ENEMY_KINDS:
                return p
        return None

    def squads_at(self, space: str) -> list[Piece]:
        return [p for p in self.at.get(space, ()) if self.types[p.type].kind in SQUAD_KINDS]

    def enemies(self, n: int) -> list[Piece]:
        return [p for p in self.in_zone.get(n, ()) if self.types[p.type].kind in ENEMY_KINDS]

    def zone_squads(self, n: int) -> list[Piece]:
        return [p for p in self.in_zone.get(n, ()) if self.types[p.type].kind in SQUAD_KINDS]

    def usmc_units(self, n: int) -> list[Piece]:
        """USMC units in a Zone: squads, IIF and M1A1 (not CAATs or markers)."""
        return [p for p in self.in_zone.get(n, ()) if self.types[p.type].kind in USMC_UNIT_KINDS]

    def zone_of(self, space: str | None) -> int | None:
        return self.map.zone_of.get(space or "")

    def loc_kind(self, loc: str) -> str:
        return self.map.kind.get(loc, "")

    # -- zones ------------------------------------------------------------------------

    def zone(self, n: int) -> dict[str, Any]:
        return self.state.vars.get("zones", {}).get(str(n), {})

    def usmc_control(self, n: int) -> bool:
        """4.1.4 / 14.1: the Zone is under USMC Control (the insurgents hold the rest,
        Zone 27 belongs to nobody)."""
        return bool(self.zone(n).get("usmc"))

    def insurgent_control(self, n: int) -> bool:
        return n != M.NO_ENTRY and not self.usmc_control(n)

    def activated(self, n: int) -> bool:
        return self.zone(n).get("act") is not None

    def fortified(self, n: int) -> bool:
        """4.1.5: a Strong Point, or the mosque (Fortified by default)."""
        return self.zone(n).get("act") == "fortified" or bool(
            self.map.board[M.zone_key(n)].get("fortified", False))

    def ruins(self, n: int) -> bool:
        return bool(self.zone(n).get("ruins"))

    def fanaticism(self, n: int) -> bool:
        return bool(self.zone(n).get("fan"))

    def no_event(self, n: int) -> bool:
        return bool(self.zone(n).get("noev"))

    def phantom_fury_near(self, n: int) -> bool:
        """13.4.3.2: a 'Phantom Fury' marker in the Zone or an Adjacent or
        Neighbouring one."""
        return any(self.zone(z).get("pf") for z in (n, *self.map.contact(n)))

    def exists(self, loc: str) -> bool:
        """4.1.6: Locations 2, 2' and R of a Ruins Zone no longer exist."""
        return not (self.ruins(self.map.zone_of[loc]) and self.map.kind[loc] in ("2", "R"))

    def has_security(self, n: int) -> bool:
        return any(self.kind(p) == "security" for p in self.in_zone.get(n, ()))

    def empty_of_enemy(self, n: int) -> bool:
        return not self.enemies(n)

    def free_for_enemy(self, loc: str) -> bool:
        """5.3.2.3 / 12.2.1.2: a Location a 'Suspect' marker or an 'Insurgents' unit may
        take: it exists and holds no marker, unit or USMC unit."""
        if not self.exists(loc):
            return False
        if self.phase == "setup" and self.map.entry.get(self.map.zone_of[loc]) == loc:
            return False     # reading: the start squad's entry Location (6.3) stays free
        return not any(self.kind(p) in ENEMY_KINDS | USMC_UNIT_KINDS for p in self.at.get(loc, ()))

    # -- units ------------------------------------------------------------------------

    def is_squad(self, p: Piece | str) -> bool:
        return self.kind(p) in SQUAD_KINDS

    def is_iif(self, p: Piece | str) -> bool:
        return self.kind(p) == "iif"

    def caat_of(self, squad: Piece) -> Piece | None:
        cid = squad.data.get("caat")
        if cid and cid in self.state.pieces and self.state.pieces[cid].status == "active":
            return self.state.pieces[cid]
        return None

    def security_of(self, squad: Piece) -> Piece | None:
        sid = f"SE-{squad.type}"
        p = self.state.pieces.get(sid)
        return p if p is not None and p.status == "active" and p.space else None

    def base_cf(self, squad: Piece) -> int:
        t = self.types[squad.type]
        return int(t.get("reduced_cf") if squad.data.get("reduced") else t.get("cf"))

    def cf(self, squad: Piece) -> int:
        """A squad's CF now: its side's value (5.1.1), +1/+2 for a 'Hero' marker
        (5.1.5), -1 while its Security Element is detached (12.3.2.2)."""
        if self.kind(squad) == "abrams":
            return int(self.types[squad.type].get("cf"))
        cf = self.base_cf(squad) + T.HERO_BONUS.get(int(squad.data.get("hero", 0)), 0)
        if squad.data.get("se"):
            cf -= 1
        return cf

    def ins_cf(self, unit: Piece) -> int:
        face = unit.data.get("face", T.GUERILLAS)
        return int(self.types[unit.type].get(face))

    def face(self, unit: Piece) -> str:
        return unit.data.get("face", T.GUERILLAS)

    def fired(self, p: Piece) -> bool:
        return p.data.get("fp") == "fired"

    def pinned(self, p: Piece) -> bool:
        return p.data.get("fp") == "pinned"

    def stamp(self, p: Piece, name: str) -> bool:
        """A per-turn flag (``moved``, ``assaulted``) set this turn."""
        return p.data.get(name) == self.turn

    def mp_left(self, p: Piece) -> int:
        """Movement Points left this Movement Phase (12.1; the M1A1's rolled MC, 12.6.1)."""
        mp = p.data.get("mp")
        if mp and mp[0] == self.turn:
            return int(mp[1])
        if self.kind(p) == "abrams":
            mc = p.data.get("mc")
            return int(mc[1]) if mc and mc[0] == self.turn else 0
        return int(self.types[p.type].get("mc", T.SQUAD_MC))

    def squads(self) -> list[Piece]:
        """Every USMC and IIF squad on the map (Locations and Street Sections)."""
        return [p for p in self.on_map("squad", "iif")]

    def abrams_at(self, space: str) -> Piece | None:
        for p in self.at.get(space, ()):
            if self.kind(p) == "abrams":
                return p
        return None

    def all_controlled(self) -> bool:
        return all(self.usmc_control(n) for n in self.map.zones if n != M.NO_ENTRY)


class Turn(Batch):
    """The Batch one action's events go to, with a :class:`Ctx` of its current state."""

    def __init__(self, state: GameState, cmap: CityMap, types: Mapping[str, PieceType],
                 attrs: Mapping[str, Any], opponent: Any) -> None:
        super().__init__(state)
        self.map, self.types, self.attrs, self.opponent = cmap, types, attrs, opponent
        self._ctx: Ctx | None = None

    @property
    def ctx(self) -> Ctx:
        if self._ctx is None:
            self._ctx = Ctx(self.state, self.map, self.types, self.attrs, self.opponent)
        return self._ctx

    def changed(self) -> None:
        self._ctx = None

    # -- common writes ------------------------------------------------------------------

    def zone_update(self, n: int, rule: str, text: str, kind: str = "zone", **fields: Any):
        """Set fields of a Zone's record (``vars["zones"][n]``)."""
        zones = {k: dict(v) for k, v in self.state.vars.get("zones", {}).items()}
        record = zones.setdefault(str(n), {})
        for k, v in fields.items():
            if v is None or v is False or v == 0:
                record.pop(k, None)
            else:
                record[k] = v
        return self.add(kind, rule, text, [Change.var("zones", zones)], zone=n)

    def d10(self, rule: str, purpose: str, **info: Any) -> int:
        """One d10 read 0-9 (rule 3: the 0 is zero): the event shows the face read."""
        dice = self.dice()
        face = T.d10(dice.value(10))
        event = Event("dice", rule, f"{rule} {purpose}: rolled {face}",
                      (dice.counter_change(),), (face,), "",
                      {"purpose": purpose, "sides": 10, "zero": True, **info})
        self.record(event)
        return face

    def pick(self, rule: str, purpose: str, items: list[Any]) -> Any:
        """A blind draw among ``items`` (6.1): a die with as many faces as counters
        in the container (kept in a fixed order) picks one."""
        if not items:
            return None
        if len(items) == 1:
            return items[0]
        dice = self.dice()
        value = dice.value(len(items))
        event = Event("dice", rule, f"{rule} {purpose}: number {value} of {len(items)}",
                      (dice.counter_change(),), (value,), "",
                      {"purpose": purpose, "sides": len(items), "draw": True})
        self.record(event)
        return items[value - 1]

    def vp(self, delta: int, rule: str, why: str) -> None:
        """7.2.1: the running VP total changes."""
        total = int(self.state.vars.get("vp", 0)) + delta
        self.add("vp", rule, f"{why}: {delta:+d} VP (total {total})",
                 [Change.var("vp", total)], delta=delta)


def names(ctx: Ctx, pieces: Iterable[Piece | str]) -> str:
    return ", ".join(ctx.name(p if isinstance(p, str) else p.id) for p in pieces)
