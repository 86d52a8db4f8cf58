"""The French Foreign Legion program's machinegun and cannon (rule 14, the
optional rule ``heavy_weapons``).

Everything here decides from the side's view and the controller's queries
(``weapon_crew``, ``weapon_targets``, ``firing_arc``, ``fort``, ``board``,
``legal``, ``apply`` on a private copy); an action built here that is not in
the rules' listed sample is returned only when ``controller.legal`` accepts it.

* 14.1 set-up: once its units stand, the Legion places each Weapon unit where
  the most of them can crew it (14.2: in or next to its square, on its level,
  facing its way), the two weapons on different crews, the higher the better;
* 14.2 movement: a crewman of a weapon with foes in its arc holds and keeps
  the weapon's facing;
* 14.5 the machinegun fires its five shots (Fire Number 4) whenever a foe is
  in its arc and range, spread over the most dangerous targets: each shot goes
  where it adds most (the target's danger times the chance of a hit, less the
  chance an earlier shot already hit it);
* 14.61 canister when it would reach two foes or more and no friend (1-6
  squares in the arc, friend or foe alike);
* 14.62 shell (four squares or more away) on the 3x3 block holding the most
  foes, two at least, with no friend in it.

Which characters a cannon shot reaches is read from one application of the
action to a private copy of the view (dice of the program's own drawing): the
rules' own list of targets, not a guess.
"""

from __future__ import annotations

from ffl.engine import Action, GameState
from ffl.games.ffl.policy import facing_towards, fort_middle

#: 14.61 / 14.62 the Fire Numbers of canister and shell (the Game Card)
CANNON_FIRE = {"canister": 3, "shell": 4}
MG_SHOTS = 5
#: foes a cannon shot must reach, with no friend, to be worth its three crewmen's rifles
CANNON_MIN_FOES = 2
#: a weapon is turned when another facing has this many times the foes in its arc
TURN_FACTOR = 2
#: shell squares tried on a private copy (the densest first)
SHELL_TRIES = 4


def chance(needed: int) -> float:
    """7.6 the chance that one die rolls ``needed`` or more."""
    return max(0, min(6, 7 - needed)) / 6


def _types(controller):
    return controller.module.piece_types


def weapons_of(controller, view: GameState) -> list:
    """The Weapon units on the board (14)."""
    types = _types(controller)
    return [p for p in view.pieces.values()
            if types[p.type].kind == "weapon" and p.on_board]


def _chars(controller, view: GameState, side: str | None = None, foes: bool = False):
    types = _types(controller)
    out = []
    for p in view.pieces.values():
        if types[p.type].kind != "character" or not p.on_board or not p.side:
            continue
        if side is None or (p.side != side if foes else p.side == side):
            out.append(p)
    return out


def _gap(fort, a: str, b: str) -> int:
    (ca, ra), (cb, rb) = fort.coords(a), fort.coords(b)
    return max(abs(ca - cb), abs(ra - rb))


# -- 14.5 / 14.6 fire ------------------------------------------------------------------


def weapon_fire(opp, view: GameState, actions: list[Action],
                danger: dict[str, float]) -> Action | None:
    """The best weapon-fire of this side now (the machinegun first), or None
    when no weapon is ready, crewed and worth firing."""
    controller = opp.controller
    best: tuple[float, Action] | None = None
    for w in weapons_of(controller, view):
        if w.data.get("fired_turn") == view.vars.get("turn"):
            continue            # 14.7 once a turn
        info = controller.weapon_crew(view, w.id)
        crew = tuple(info.default)
        if not crew:
            continue            # 14.43 no crew, no fire; 14.7 none of the drawn organization
        if w.type == "machinegun":
            found = _machinegun(controller, view, w.id, crew, danger)
        else:
            found = _cannon(opp, view, w, crew, danger)
        if found is None or found[0] < _rifles(controller, view, crew, danger):
            continue            # 14.42 the crew's own rifles would do more
        if best is None or found[0] > best[0]:
            best = found
    if best is None:
        return None
    action = best[1]
    if action in actions or controller.legal(view, action):
        return action
    return None


def _rifles(controller, view, crew, danger) -> float:
    """What the crewmen's own rifle shots (7) are worth instead, each at its best
    target, a second shot at one target counting only if the first missed
    (the weapon's crew fire with it, 14.42, not with their rifles)."""
    shots = []
    for pid in crew:
        seen = [t for t in controller.targets(view, pid) if t.possible]
        if seen:
            shots.append({t.target: chance(t.needed) for t in seen})
    missed: dict[str, float] = {}
    total = 0.0
    for hit in shots:
        gain = {t: danger.get(t, 1.0) * p * missed.get(t, 1.0) for t, p in hit.items()}
        t = max(gain, key=lambda k: (gain[k], k))
        total += gain[t]
        missed[t] = missed.get(t, 1.0) * (1 - hit[t])
    return total


def _machinegun(controller, view, wid, crew, danger) -> tuple[float, Action] | None:
    """14.5 five shots spread over the targets where each adds most."""
    seen = [t for t in controller.weapon_targets(view, wid, crew) if t.verdict]
    if not seen:
        return None
    hit = {t.target: chance(t.needed) for t in seen}
    worth = {t: danger.get(t, 1.0) * p for t, p in hit.items() if p > 0}
    if not worth:
        return None
    shots: dict[str, int] = {}
    total = 0.0
    for _ in range(MG_SHOTS):
        # the k-th shot at a target counts only if the earlier ones all missed
        gain = {t: v * (1 - hit[t]) ** shots.get(t, 0) for t, v in worth.items()}
        t = max(gain, key=lambda k: (gain[k], k))
        shots[t] = shots.get(t, 0) + 1
        total += gain[t]
    order = sorted(shots, key=lambda t: (-worth[t], t))
    targets = tuple(t for t in order for _ in range(shots[t]))
    action = Action.make("weapon-fire", view.vars.get("active") or "legion", weapon=wid,
                         crew=crew, mode="mg", targets=targets)
    if not controller.legal(view, action):
        best = max(worth, key=lambda k: (worth[k], k))      # verdict given: five at one
        action = Action.make("weapon-fire", action.side, weapon=wid, crew=crew, mode="mg",
                             targets=(best,) * MG_SHOTS)
    return total, action


def _reached(opp, view, action) -> list[tuple[str, int]] | None:
    """(character, sum of modifiers) for every character ``action`` shoots at,
    from one application to a private copy of the view; None if refused."""
    controller = opp.controller
    if not controller.legal(view, action):
        return None
    trial = opp.private_copy(view)
    try:
        events = controller.apply(trial, action)
    except Exception:       # noqa: BLE001 - a copy the rules cannot follow
        return None
    return [(e.info["target"], int(e.info["total"]) - int(e.info["roll"]))
            for e in events if e.kind in ("hit", "miss") and "target" in e.info]


def _score(view, reached, number, side, danger) -> float | None:
    """Expected harm of a cannon shot; None when it reaches a friend or too few foes."""
    foes = friends = 0
    value = 0.0
    for target, mods in reached:
        piece = view.pieces.get(target)
        if piece is None:
            continue
        if piece.side == side:
            friends += 1
            continue
        foes += 1
        value += danger.get(target, 1.0) * chance(number - mods)
    if friends or foes < CANNON_MIN_FOES or value <= 0:
        return None
    return value


def _cannon(opp, view, w, crew, danger) -> tuple[float, Action] | None:
    """14.61 canister or 14.62 shell, whichever does more harm, when it reaches
    two foes or more and no friend."""
    controller = opp.controller
    side = opp.side
    fort = controller.fort(view)
    arc = set(controller.firing_arc(view, w.id))
    chars = _chars(controller, view)
    foes = [p for p in chars if p.side != side]
    friends = [p for p in chars if p.side == side]
    make = lambda **kw: Action.make("weapon-fire", view.vars.get("active") or side,  # noqa: E731
                                    weapon=w.id, crew=crew, **kw)
    options: list[tuple[float, Action]] = []
    near = lambda p: p.space in arc and 1 <= _gap(fort, w.space, p.space) <= 6  # noqa: E731
    # no friend in the arc at 1-6 at all (even one the rules' sight would spare),
    # and none among the characters the trial shows reached
    if sum(near(p) for p in foes) >= CANNON_MIN_FOES and not any(near(p) for p in friends):
        action = make(mode="canister")
        reached = _reached(opp, view, action)
        score = _score(view, reached or [], CANNON_FIRE["canister"], side, danger)
        if score is not None:
            options.append((score, action))
    # 14.62 shell: the 3x3 blocks in the arc, four squares or more away, densest first
    board = controller.board(view)
    blocks: dict[str, int] = {}
    for p in foes:
        for key in {p.space} | set(board.orthogonal(p.space)) | set(board.diagonal(p.space)):
            if key in arc and _gap(fort, w.space, key) >= 4:
                blocks[key] = blocks.get(key, 0) + 1
    tried = 0
    for key, count in sorted(blocks.items(), key=lambda kv: (-kv[1], kv[0])):
        if count < CANNON_MIN_FOES or tried >= SHELL_TRIES:
            break
        if any(_gap(fort, key, f.space) <= 1 for f in friends):
            continue            # not touching friends
        tried += 1
        action = make(mode="shell", square=key)
        reached = _reached(opp, view, action)
        if reached is None:
            continue
        score = _score(view, reached, CANNON_FIRE["shell"], side, danger)
        if score is not None:
            options.append((score, action))
    if not options:
        return None
    return max(options, key=lambda o: (o[0], str(o[1].get("square"))))


# -- 14.1 set-up ---------------------------------------------------------------------------


def place_weapon(controller, view: GameState, actions: list[Action], side: str) -> Action | None:
    """14.1 set-up: each Weapon unit first on a tower top (the 2x2 towers: three
    squares beside it on its level for the crew), the two far apart, facing out
    of the fort; then the side's units placed around it, on its level and
    facing its way, until each has its full crew (14.2).  Where a board has no
    towers, each weapon goes, once the units stand, where the most of them can
    crew it.  None when there is nothing of the kind to place."""
    if not any(a.kind in ("place", "place-weapon") for a in actions):
        return None
    types = _types(controller)
    fort = controller.fort(view)
    todo = [p for p in view.pieces.values()
            if types[p.type].kind == "weapon" and not p.on_board]
    placed = weapons_of(controller, view)
    towers = [k for k in fort.squares() if fort.area(k) == "tower" and fort.top(k) > 0]
    if todo and towers and any(a.kind == "place-weapon" for a in actions):
        w = min(todo, key=lambda p: (p.type != "machinegun", p.id))
        middle = fort_middle(fort)
        taken = {o.space for o in placed}

        def rank(key):
            apart = min((_gap(fort, key, o.space) for o in placed), default=0)
            c, r = fort.coords(key)
            return (apart, (c - middle[0]) ** 2 + (r - middle[1]) ** 2, key)

        for key in sorted((k for k in towers if k not in taken), key=rank, reverse=True):
            action = Action.make("place-weapon", side, weapon=w.id, space=key,
                                 level=fort.top(key),
                                 facing=facing_towards(middle, fort.coords(key)))
            if action in actions or controller.legal(view, action):
                return action
    places = [a for a in actions if a.kind == "place"]
    if places and placed:
        return _place_crewman(controller, view, actions, places, placed, side)
    if todo and not places:
        return _place_by_crew(controller, view, actions, todo, placed, side)
    return None


def _place_crewman(controller, view, actions, places, placed, side) -> Action | None:
    """14.2 the unit to set up goes beside a weapon short of its full crew."""
    fort = controller.fort(view)
    board = controller.board(view)
    mine = _chars(controller, view, side)
    piece = places[0]["piece"]
    for w in sorted(placed, key=lambda p: (p.type != "machinegun", p.id)):
        crew = [q for q in mine if q.level == w.level and q.facing == w.facing
                and (q.space == w.space or board.adjacent(q.space, w.space))]
        if len(crew) >= (2 if w.type == "machinegun" else 3):
            continue
        near = [w.space] + sorted(set(board.orthogonal(w.space)) | set(board.diagonal(w.space)))
        for key in near:
            if not fort.has_level(key, w.level):
                continue
            action = Action.make("place", side, piece=piece, space=key, level=w.level,
                                 facing=w.facing)
            if action in actions or controller.legal(view, action):
                return action
    return None


def _place_by_crew(controller, view, actions, todo, placed, side) -> Action | None:
    """14.1 once the side's units stand: a weapon where the most of them can
    crew it, not on the other weapon's crew, highest first."""
    fort = controller.fort(view)
    board = controller.board(view)
    w = min(todo, key=lambda p: (p.type != "machinegun", p.id))
    mine = _chars(controller, view, side)
    taken = {p.id for other in placed for p in mine
             if p.level == other.level and p.facing == other.facing
             and (p.space == other.space or board.adjacent(p.space, other.space))}
    full = 2 if w.type == "machinegun" else 3
    scored = []
    for p in mine:
        for key in {p.space} | set(board.orthogonal(p.space)) | set(board.diagonal(p.space)):
            if not fort.is_fort(key) or not fort.has_level(key, p.level) \
                    or any(o.space == key for o in placed):
                continue
            crew = [q.id for q in mine if q.level == p.level and q.facing == p.facing
                    and (q.space == key or board.adjacent(q.space, key))]
            free = [q for q in crew if q not in taken]
            scored.append((min(full, len(free)), min(full, len(crew)), p.level,
                           key == p.space, key, p.facing, p.level))
    for *_rank, key, facing, level in sorted(scored, reverse=True):
        action = Action.make("place-weapon", side, weapon=w.id, space=key, level=level,
                             facing=facing)
        if action in actions or controller.legal(view, action):
            return action
    return None




# -- 14.2 keeping the crew in movement -------------------------------------------------------


def hold_crew(controller, view: GameState, actions: list[Action], side: str) -> list[Action]:
    """14.2 the actions left once the crewmen of a weapon with foes in its arc
    hold: none of them steps away or turns from the weapon's way (a turn back
    to it stays).  ``actions`` itself when no unit is held or nothing is left."""
    weapons = weapons_of(controller, view)
    if not weapons:
        return actions
    board = controller.board(view)
    foes = _chars(controller, view, side, foes=True)
    keep: dict[str, int] = {}
    for w in weapons:
        arc = set(controller.firing_arc(view, w.id))
        if not any(f.space in arc for f in foes):
            continue
        for p in _chars(controller, view, side):
            if p.level == w.level and (p.space == w.space or board.adjacent(p.space, w.space)):
                keep.setdefault(p.id, w.facing)
    if not keep:
        return actions
    held = ("face", "move", "climb", "jump", "enter", "haul", "turn-weapon")
    rest = [a for a in actions if a.get("piece") not in keep or a.kind not in held
            or (a.kind == "face" and a.get("facing") == keep[a["piece"]])]
    return rest or actions


def crew_move(controller, view: GameState, actions: list[Action], side: str) -> Action | None:
    """14.3 / 14.2 in movement: a unit in a weapon's square turns it toward the
    foes when another facing has more than twice as many of them in its arc,
    and a unit beside a weapon with foes in its arc turns to the weapon's way
    so that it may crew it.  None when there is nothing of the kind to do."""
    foes = _chars(controller, view, side, foes=True)
    if not foes:
        return None
    board = controller.board(view)
    for w in weapons_of(controller, view):
        arc = set(controller.firing_arc(view, w.id))
        now = sum(f.space in arc for f in foes)
        if w.type != "machinegun" and any(
                f.space in arc and _gap(controller.fort(view), w.space, f.space) <= 6
                for f in _chars(controller, view, side)):
            now = 0
        turns = [a for a in actions if a.kind == "turn-weapon" and a.get("weapon") == w.id]
        if turns:
            trial = view.copy()
            count = {}
            fort = controller.fort(view)
            for a in turns:
                trial.pieces[w.id].facing = a["facing"]
                seen = set(controller.firing_arc(trial, w.id))
                count[id(a)] = sum(f.space in seen for f in foes)
                if w.type != "machinegun" and any(
                        f.space in seen and _gap(fort, w.space, f.space) <= 6
                        for f in _chars(controller, view, side)):
                    count[id(a)] = 0     # 14.61 canister would reach a friend there
            best = max(turns, key=lambda a: (count[id(a)], -a["facing"]))
            if count[id(best)] > TURN_FACTOR * now:
                return best
        if not now:
            continue
        mover = view.vars.get("mover")
        free = [mover] if mover else controller.movable_pieces(view)
        for pid in free:
            p = view.pieces.get(pid)
            if p is None or not p.on_board or p.side != side or p.level != w.level \
                    or p.facing == w.facing \
                    or not (p.space == w.space or board.adjacent(p.space, w.space)):
                continue
            # 6.11 the turn starts its move when it is not the unit moving (the
            # rules list facings for the unit moving only): checked legal
            turn = Action("face", side, (("facing", w.facing), ("piece", pid)))
            if turn in actions or controller.legal(view, turn):
                return turn
    return None


#: how far (squares) a unit may stand from a weapon short of crew to be sent to it
RECREW_GAP = 6


def recrew(controller, view: GameState, actions: list[Action], side: str) -> Action | None:
    """14.2 a weapon that has lost crewmen (foes on the board): the nearest unit
    free to move that can reach a square in or beside it, on its level, without
    a jump or a melee, steps that way (the controller's own ``plan`` of the
    cheapest way; the turn to the weapon's facing follows in :func:`crew_move`).
    None when no weapon lacks crew or no unit can get there this phase."""
    if not _chars(controller, view, side, foes=True):
        return None
    board = controller.board(view)
    fort = controller.fort(view)
    mine = _chars(controller, view, side)
    weapons = weapons_of(controller, view)

    def beside(p, w):
        return p.level == w.level and bool(p.space == w.space
                                           or board.adjacent(p.space, w.space))

    posted = {p.id for p in mine for w in weapons if beside(p, w)}
    mover = view.vars.get("mover")
    free = [mover] if mover else controller.movable_pieces(view)
    for w in sorted(weapons, key=lambda p: (p.type != "machinegun", p.id)):
        full = 2 if w.type == "machinegun" else 3
        if sum(beside(p, w) for p in mine) >= full:
            continue
        held = {(p.space, p.level) for p in mine}
        spots = [k for k in [w.space] + sorted(set(board.orthogonal(w.space))
                                               | set(board.diagonal(w.space)))
                 if fort.has_level(k, w.level) and (k, w.level) not in held]
        near = sorted((p for pid in free if (p := view.pieces.get(pid)) is not None
                       and p.on_board and pid not in posted
                       and _gap(fort, p.space, w.space) <= RECREW_GAP),
                      key=lambda p: (_gap(fort, p.space, w.space), p.id))
        for p in near[:3]:
            reach = controller.reachable(view, p.id)
            ways = sorted((reach[(k, w.level)][0], k) for k in spots
                          if (k, w.level) in reach and not getattr(reach[(k, w.level)],
                                                                   "jump", False))
            for _cost, key in ways[:2]:
                plan = controller.plan(view, p.id, key, w.level, jump=False)
                if plan is None or not plan.steps or plan.rolls:
                    continue
                step = plan.steps[0].action
                if step in actions or controller.legal(view, step):
                    return step
    return None
