"""The French Foreign Legion controller's queries for the UI, tests and scenario
authors (documented in docs/architecture.md, "FFL queries"): what a unit can
reach and how, its targets and arc, the fort, the optional rules' markers, the
melee of a proposed move, a mid-game position.  :class:`FFLQueries` is mixed
into :class:`~.controller.FFLController`; every method asks the rules modules
and decides nothing itself."""

from __future__ import annotations

from ffl.engine import GameState, Plan, Verdict

from .rules import doors, fire, mounted, movement, plans, scenarios, siege, tunnels
from .rules.arc import arc_squares
from .terrain import Fort


class FFLQueries:
    """Queries of :class:`~.controller.FFLController` (``self.ctx``, ``self.board``,
    ``self.legal`` and ``self._forts`` are the controller's)."""

    # -- queries for the UI ---------------------------------------------------------------

    def fort(self, state: GameState) -> Fort:
        """The fort's read-only description (levels, buildings, walls, edges) of
        the board ``state`` is played on, as printed (1.1, 1.12, 1.13): what the
        siege changed (15) is ``siege_map``'s and ``levels``', and the secret
        tunnels never show here."""
        board = self.board(state)
        fort = self._forts.get(id(board))
        if fort is None:
            fort = self._forts[id(board)] = Fort(board)
        return fort

    def levels(self, state: GameState, square: str) -> tuple[int, ...]:
        """The elevation levels of ``square`` now, lowest first (1.12; 15.142 a
        collapsed square keeps its ground; a revealed tunnel exit adds -1)."""
        ctx = self.ctx(state)
        levels = tuple(ctx.fort.levels(square))
        if -1 in levels and ctx.option("siege"):
            exits = {t["exit"] for t in tunnels.revealed(ctx).values()}
            if square not in exits:
                levels = tuple(lv for lv in levels if lv >= 0)   # 15.25 secret tunnels
        return levels

    def targets(self, state: GameState, piece: str) -> list[fire.TargetInfo]:
        """7: every opposing character on the board as ``piece`` sees it, nearest
        first, with range, arc, line of sight, modifiers and the number needed;
        those it cannot fire at are listed too (``possible`` False, with why)."""
        ctx = self.ctx(state)        # 23.3 a declared friend is no target
        return scenarios.target_refusals(ctx, piece, fire.targets(state, ctx, piece))

    def firing_arc(self, state: GameState, piece: str) -> list[str]:
        """7.3 the squares in ``piece``'s firing arc (empty off the board)."""
        p = state.pieces[piece]
        if not p.on_board or p.facing is None:
            return []
        return arc_squares(self.board(state), p.space, p.facing)

    def reachable(self, state: GameState, piece: str) -> dict:
        """Every (square, level) ``piece`` can end on now -> ``plans.Reach``: the
        pair (cheapest MF cost, path of positions), jumps included, with
        ``.jump`` True where that cheapest way ends in a jump (6.5)."""
        ctx = self.ctx(state)
        if piece not in movement.movable_pieces(ctx):
            return {}
        return plans.reachable(ctx, piece)

    def plan(self, state: GameState, piece: str, to: str, level: int,
             jump: bool = True) -> Plan | None:
        """What a drag of ``piece`` to ``(to, level)`` does: the actions of the
        cheapest way there (the one :meth:`reachable` prices), each with its MF
        cost, the MF left after it and whether it rolls dice (a jump, 6.5; the
        melee of entering a foe's square, 6.7).  ``jump=False``: the cheapest
        way without a jump (by stairs or ropes).  None if it cannot get there
        now.  The UI plays the steps back and stops when the state turns out
        otherwise."""
        ctx = self.ctx(state)
        if piece not in movement.movable_pieces(ctx):
            return None
        return plans.plan(ctx, piece, (to, level), jump)

    def why_not_reach(self, state: GameState, piece: str, to: str,
                      level: int | None = None) -> Verdict:
        """Why ``piece`` cannot end on ``to`` (at ``level``, or any): a friend
        there (4.3), the rule refusing the step there, or not within the MF left
        (6.123)."""
        return plans.why_not(self.ctx(state), piece, to, level,
                             lambda action: self.legal(state, action))

    def optional_rules(self, state: GameState) -> list[tuple[str, str, str]]:
        """10-18 the optional rules in play in this game: (option id, rule, title)."""
        from .options import describe

        return describe(state.vars.get("options") or ())

    def doors(self, state: GameState) -> dict[str, str]:
        """10.12 every door and window that is not simply open, by opening key
        (``"M5|M6|0"``): ``closed``, ``locked``, ``forced`` (open for good) or
        ``broken`` (closed, its lock broken); ``gate`` for the gate
        (``open``, ``closed``, ``locked``).  Empty without the doors option."""
        from .rules.doors import gate_units

        if "doors" not in (state.vars.get("options") or ()):
            return {}
        out = {}
        for key, rec in (state.vars.get("doors") or {}).items():
            status = rec.get("status", "open")
            out[key] = ("forced" if rec.get("forced") else
                        "broken" if rec.get("broken") and status == "closed" else status)
        gates = {g.data.get("status", "closed") for g in gate_units(self.ctx(state))}
        out["gate"] = "locked" if state.vars.get("gate_locked") else (
            "open" if gates == {"open"} else "closed" if gates == {"closed"} else "half-open")
        return out

    def openings(self, state: GameState) -> list[str]:
        """Every door and window of the board by key (``"M5|M6|0"``, 10)."""
        return doors.openings(self.ctx(state))

    def unit_marks(self, state: GameState, side: str | None = None) -> dict[str, list[str]]:
        """Marks the optional rules put on units that their own data does not
        show, as ``side`` may see them: ``MT`` mounted (12), ``DY`` dynamite (15.1);
        and ``MU`` a unit marked a mutineer while the Mutineer player chooses (19.12,
        23.12: in the open, the Mutineer units placed on them)."""
        ctx = self.ctx(state)
        out: dict[str, list[str]] = {}
        for pid in state.vars.get("mutineers") or ():
            piece = state.pieces.get(pid)
            if piece is not None and not piece.markers.get("mutineer"):   # not yet turned
                out.setdefault(pid, []).append("MU")
        for org in mounted.mounted_orgs(ctx):
            for p in ctx.characters(org=org):
                out.setdefault(p.id, []).append("MT")
        if ctx.option("siege"):         # 15.12 dynamite carried (in secret: the Bedouin only)
            secret = (ctx.var("siege_secret") or {}).get("dynamite") or {}
            carriers = [d.data.get("carrier") for d in siege.dynamite(ctx)]
            if side == "bedouin":
                carriers += list(secret.values())
            for pid in filter(None, carriers):
                out.setdefault(pid, []).append("DY")
        return out

    def siege_map(self, state: GameState, side: str) -> dict:
        """15 what ``side`` may see of the siege: ``tunnels`` (label -> squares:
        the Bedouin's own plots for the Bedouin, the revealed ones for all),
        ``exits`` (revealed exit squares), ``breached`` sides, ``collapsed``
        squares; ``hidden`` every unit ``side`` may not see where it is: in a
        secret tunnel (15.25), or kept out of view by the scenario (21.11 the
        Legion's plotted positions), with or without the siege rules."""
        from .rules.hidden import hidden_units

        ctx = self.ctx(state)
        if not ctx.option("siege"):
            return {"tunnels": {}, "exits": [], "breached": [], "collapsed": [],
                    "hidden": hidden_units(ctx, side)}
        shown = {str(k): t["squares"] for k, t in tunnels.revealed(ctx).items()}
        if side == "bedouin":
            shown.update({str(t["label"]): t["squares"] for t in tunnels.tunnels(ctx)
                          if not t.get("collapsed")})
        public = ctx.var("siege") or {}
        return {"tunnels": shown, "exits": [t["exit"] for t in tunnels.revealed(ctx).values()],
                "breached": [list(s) for s in public.get("breached") or ()],
                "collapsed": list(public.get("collapsed") or ()),
                "hidden": hidden_units(ctx, side)}

    def melee_modifiers(self, state: GameState, attacker: str, defender: str):
        """6.72 the melee ``attacker`` would fight by moving into ``defender``'s
        square now, the cheapest way (``rules.melee.MeleeInfo``: modifiers as
        (rule, value, label), Melee Number, the roll needed; or why it cannot)."""
        from .rules.melee import proposed

        return proposed(self.ctx(state), attacker, defender)

    def weapon_crew(self, state: GameState, weapon: str):
        """14.2 who of the side to act may crew ``weapon`` now: a
        ``rules.weapons.CrewInfo`` (full crew, the crew offered first, the units
        able to crew, the near units that cannot with the reason)."""
        from .rules.weapons import crew_info

        return crew_info(self.ctx(state), weapon)

    def weapon_targets(self, state: GameState, weapon: str, crew) -> list:
        """14.5 every opposing character the side may see, nearest first, as the
        machinegun crewed by ``crew`` would fire at it: ``WeaponTarget`` with
        range, modifiers (14.41, 14.43), the roll needed and ``verdict``: this
        controller's verdict on announcing all five shots at that target."""
        from dataclasses import replace

        from ffl.engine import Action

        from .rules.weapon_fire import mg_target_infos

        side = state.vars.get("active") or "legion"
        return [replace(t, verdict=self.legal(state, Action.make(
            "weapon-fire", side, weapon=weapon, crew=tuple(crew), mode="mg",
            targets=(t.target,) * 5))) for t in mg_target_infos(self.ctx(state), weapon, crew)]

    def position(self, scenario_id: str = "ffl/basic", **description) -> GameState:
        """A mid-game state built from plain data (units, phase, turn, chit drawn,
        cup, the unit moving, MF spent, moved and fired units, stuns, ropes,
        options, dice seed): see :mod:`ffl.games.ffl.positions`.  Checked
        against the invariants (ValueError)."""
        from .positions import build

        return build(self, scenario_id, **description)

    def mf_left(self, state: GameState, piece: str) -> int:
        """Movement Factors ``piece`` has left in this movement phase (6.12)."""
        return movement.mf_left(self.ctx(state), piece)

    def movable_pieces(self, state: GameState) -> list[str]:
        """Characters that may still act in the current movement phase (4.5, 6.11)."""
        return movement.movable_pieces(self.ctx(state))

    def idle_units(self, state: GameState) -> list[str]:
        """Units of the drawn organization that could still act and have not: in a
        movement phase, not moved (6.15) and not the one moving now (6.11); in a
        fire phase, able to fire (7.1) and not yet fired (7.12).  The UI asks
        before an organization's phase is ended."""
        phase = state.vars.get("phase")
        if phase == "movement":
            return [p for p in self.movable_pieces(state)
                    if not state.pieces[p].data.get("moved") and p != state.vars.get("mover")]
        if phase == "fire":
            firers = {a.get("piece") for a in self.legal_actions(state) if a.kind == "fire"}
            return sorted(p for p in firers if p and not state.pieces[p].data.get("fired"))
        return []

    def secret_plot(self, state: GameState, side: str) -> list[dict]:
        """21.11 the positions ``side`` plotted in secret, to print on its own copy
        of the reduced gameboard (24): dicts of ``piece``, ``mark`` ("R3"),
        ``space``, ``level``, ``facing``; 15.21 for the Bedouin their tunnels as
        well (``tunnels.plot``: "T1" in each square, ``collapsed`` and ``roll``
        after 15.22); empty for any other side (give it the side's view: another
        side's plot is not in it anyway)."""
        if not side:
            return []
        ctx = self.ctx(state)
        return scenarios.plot(ctx, side) + tunnels.plot(ctx, side)

    def scenario_side_name(self, state: GameState, side: str) -> str:
        """How the players of ``state``'s scenario read ``side`` (19.1: the seat
        ``bedouin`` is the Mutineer player's): the scenario's ``side_names``, else
        :meth:`side_name`."""
        return self.side_name_for(state.scenario, side)

    def side_name_for(self, scenario_id: str, side: str) -> str:
        """:meth:`scenario_side_name` before a game exists (the New game
        dialog's Players rows): the scenario ``scenario_id``'s name of ``side``."""
        scenario = self.module.scenarios.get(scenario_id)
        if scenario is None or not side:
            return self.side_name(side) if side else ""
        return scenarios.side_name(scenario.setup, side)

    def org_name(self, state: GameState, org: str) -> str:
        """The name of organization ``org`` as play shows it (its Sequence unit's,
        1.24): ``sequence_name`` (else ``name``) of ``module.attrs["orgs"]``, which
        the editor can change; the id itself for an unknown organization."""
        return self.ctx(state).org_name(org)

