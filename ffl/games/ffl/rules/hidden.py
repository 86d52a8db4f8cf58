"""Hidden information (17.31 Le Cafard, 15.1 dynamite, 15.2 tunnels, and any
scenario's secrets): what a side may see of the state and of the log.

Secrets are of two kinds, both registered here so a scenario's rules add
their own without touching this module:

* **secret game variables** (:data:`SECRET_VARS`: name -> owning side):
  ``vars["cafard_secret"]`` and ``vars["siege_secret"]`` are the Bedouin's;
  :func:`register_secret_var` adds more (a scenario's plotted positions,
  mutineers...).  Only the owner's view holds them.
* **hidden pieces** (:data:`HIDDEN_PIECES`: functions ``(ctx, side) ->
  [piece ids]`` naming the pieces ``side`` may not see where they are): the
  units in unrevealed tunnels (15.25); :func:`register_hidden_pieces` adds
  more.  Their place, facing and data are blanked in the other sides' views.

:func:`view` takes every other side's secrets out of a state (and blanks the
seed then: with it the secret draws could be worked out again);
:func:`secrets` names what must not show.  :func:`mark` labels each event
that holds a secret with ``info["secret"]`` (the owning side) and
``info["public"]`` (the line the other sides read): the log shown to a side
(:func:`public_event`) and the save mailed to another player
(:mod:`ffl.sealing`) are built from those labels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ffl.engine import Event, GameState, apply_event, fold

from .context import BEDOUIN, SIDES, Ctx

#: secret game variables and the side they belong to
SECRET_VARS: dict[str, str] = {"cafard_secret": BEDOUIN, "siege_secret": BEDOUIN}
#: ``(ctx, side) -> piece ids`` of pieces ``side`` may not see where they are
HIDDEN_PIECES: list[Callable[[Ctx, str], Iterable[str]]] = []
#: rule of :data:`HIDDEN_PIECES` -> ``(ctx) -> bool``: whether it can hide any
#: piece at all in the game ``ctx`` reads (False: it names none for every side);
#: a rule without one may hide at any time
HIDING: dict[Callable[[Ctx, str], Iterable[str]], Callable[[Ctx], bool]] = {}
#: the label of an event holding a secret, and of its public line
SECRET, PUBLIC = "secret", "public"


def register_secret_var(name: str, owner: str) -> None:
    """A scenario's secret variable ``vars[name]``: only ``owner`` sees it."""
    SECRET_VARS[name] = owner


def register_hidden_pieces(rule: Callable[[Ctx, str], Iterable[str]],
                           hiding: Callable[[Ctx], bool] | None = None) -> None:
    """A scenario's hidden pieces: ``rule(ctx, side)`` names the pieces ``side``
    may not see where they are now (e.g. positions plotted in secret);
    ``hiding(ctx)``, when given, is False in a game where the rule names no
    piece for any side (the log then skips asking it, :func:`might_hide`)."""
    if rule not in HIDDEN_PIECES:
        HIDDEN_PIECES.append(rule)
    if hiding is not None:
        HIDING[rule] = hiding


def tunnel_units(ctx: Ctx, side: str) -> list[str]:
    """15.25 the Bedouin units in unrevealed tunnels, hidden from the other sides."""
    if side == BEDOUIN or not ctx.option("siege"):
        return []
    from .tunnels import in_secret_tunnel

    return [p.id for p in ctx.characters(BEDOUIN) if p.on_board and in_secret_tunnel(ctx, p)]


register_hidden_pieces(tunnel_units, lambda ctx: ctx.option("siege"))


def hidden_units(ctx: Ctx, side: str) -> list[str]:
    """Every piece ``side`` may not see where it is (15.25 and the scenarios')."""
    out: list[str] = []
    for rule in HIDDEN_PIECES:
        out += [pid for pid in rule(ctx, side) if pid not in out]
    return out


def hidden_vars(state: GameState, side: str) -> list[str]:
    return [name for name, owner in SECRET_VARS.items()
            if owner != side and name in state.vars]


def secrets(ctx: Ctx, side: str) -> list[str]:
    out = hidden_vars(ctx.state, side)
    return out + [f"{pid} in a tunnel" for pid in hidden_units(ctx, side)]


def view(ctx: Ctx, side: str) -> GameState:
    """``side``'s view (``""``: nobody's, every side's secrets hidden)."""
    state = ctx.state
    out = state.copy()
    hide = hidden_vars(state, side)
    for name in hide:
        del out.vars[name]
    pieces = hidden_units(ctx, side)
    for pid in pieces:
        piece = out.pieces[pid]
        piece.space, piece.level, piece.facing = None, 0, None
        piece.data.clear()
        piece.markers.clear()
    if out.vars.get("mover") in pieces:
        del out.vars["mover"]
    if pieces:
        _hide_entries(ctx, out, set(pieces))
    if hide or pieces:
        out.seed = 0
    return out


def _hide_entries(ctx: Ctx, out: GameState, hidden: set[str]) -> None:
    """6.2 an organization seen to have entered is one with a unit in sight (or
    gone): one whose units on the board are all hidden (15.23 by a tunnel)
    has not entered as far as the viewer knows, nor by which edge."""
    entered = list(out.vars.get("entered") or ())
    entry = dict(out.vars.get("entry") or {})
    for org in set(entered) | set(entry):
        members = ctx.characters(org=org)
        come = [p for p in members if p.status != "off"]
        if come and all(p.id in hidden for p in come):
            entry.pop(org, None)
            entered = [o for o in entered if o != org]
    if "entered" in out.vars:
        out.vars["entered"] = entered
    if "entry" in out.vars:
        out.vars["entry"] = entry


# -- the log: which events hold a secret --------------------------------------------------------


def sides(ctx: Ctx) -> list[str]:
    """Every side that may hold or be kept from a secret (cached on the context
    until a piece changes side: ``Ctx.changed``)."""
    found = ctx.__dict__.get("_sides")
    if found is None:
        found = list(SIDES)
        # each side once, in the order met (most pieces share a few sides)
        for side in dict.fromkeys([*SECRET_VARS.values(),
                                   *[p.side for p in ctx.state.pieces.values()]]):
            if side and side not in found:
                found.append(side)
        ctx.__dict__["_sides"] = found
    return list(found)


def _owner(ctx: Ctx, event: Event, hidden: dict[str, set[str]]) -> str | None:
    """The side whose secret ``event`` holds (None: a public event); ``hidden``:
    side -> the pieces hidden from it before the event or later in the action."""
    info = event.info.get(SECRET)
    if info:                      # the rules said so (a secret draw)
        return info if isinstance(info, str) else event.side or None
    for change in event.changes:
        if change.piece is None and change.field in SECRET_VARS:
            return SECRET_VARS[change.field]
    touched = event.pieces
    for pieces in hidden.values():
        seen = pieces & touched
        if seen:
            return ctx.state.pieces[min(seen)].side or event.side or None
    return None


def _public_text(event: Event, owner: str, hidden: dict[str, set[str]]) -> str:
    """The line the other sides read: the event's own when it names no hidden
    piece (secret events' texts are written so), else a bare notice."""
    if not any(pieces & event.pieces for side, pieces in hidden.items() if side != owner):
        return event.text
    rule = event.rule or "15.25"
    return f"{rule} The {owner.capitalize()} player acts out of sight"


def might_hide(ctx: Ctx, events: Sequence[Event], after=None) -> bool:
    """Whether any secret can be in play around ``events`` (a quick test
    before :func:`mark`: a game without secrets pays one look); ``after``, the
    state after them (or a context of it) when the caller has it already."""
    state = ctx.state
    if "siege" in (state.vars.get("options") or ()) or \
            not SECRET_VARS.keys().isdisjoint(state.vars):
        return True
    for e in events:
        if e.info.get(SECRET):
            return True
        for piece, name, _ in e.changes:
            if piece is None and name in SECRET_VARS:
                return True
    if _may_hide_pieces(ctx, after):     # a scenario's hidden pieces, now or after
        names = sides(ctx)
        if any(hidden_units(ctx, side) for side in names):
            return True
        if not isinstance(after, Ctx):
            after = ctx.at(fold(state, events) if after is None else after)
        if any(c.field == "side" and c.piece is not None for e in events for c in e.changes):
            names = sides(after)        # the same sides unless a piece changed side
        return any(hidden_units(after, side) for side in names)
    return False


def _may_hide_pieces(ctx: Ctx, after) -> bool:
    """Whether a rule of :data:`HIDDEN_PIECES` may name a piece before or after
    the action (``after``: a context of the state after it; anything else, or
    a rule without :data:`HIDING`, may)."""
    for rule in HIDDEN_PIECES:
        hiding = HIDING.get(rule)
        if hiding is None or not isinstance(after, Ctx) or hiding(ctx) or hiding(after):
            return True
    return False


def mark(ctx: Ctx, events: Sequence[Event], after=None) -> list[Event]:
    """``events`` (from ``ctx.state`` on) with every secret one labelled:
    ``info["secret"]`` the owning side, ``info["public"]`` the line the others
    read.  Public events come back as they were (the same objects).  ``after``:
    the state after the events (or a context of it), when the caller has it (not
    modified)."""
    if not events or not might_hide(ctx, events, after):
        return list(events)
    # the positions the action goes through, and what each side cannot see in each
    seen = [ctx.at(state) for state in _positions(ctx.state, events)]
    names = sides(seen[-1])
    hidden = [{side: set(hidden_units(c, side)) for side in names} for c in seen]
    # a piece hidden at any point later in the action is hidden from its start
    # (6.11 the move's start, then its way into a tunnel), never after it shows
    later = [{side: set() for side in names} for _ in seen]
    for k in range(len(seen) - 1, -1, -1):
        for side in names:
            later[k][side] = hidden[k][side] | (later[k + 1][side] if k + 1 < len(seen)
                                                 else set())
    out = []
    for i, event in enumerate(events):
        owner = _owner(seen[i + 1], event, later[i])
        if owner is None:
            out.append(event)
            continue
        info = dict(event.info)
        info[SECRET], info[PUBLIC] = owner, _public_text(event, owner, later[i])
        out.append(Event(event.kind, event.rule, event.text, event.changes, event.dice,
                         event.side, info))
    return out


def _positions(state: GameState, events: Sequence[Event]) -> list[GameState]:
    """``state`` and the state after each of ``events``, for reading only: each
    shares with the one before it what its event leaves alone (the pieces the
    event changes are copied first; a change replaces a variable's value and
    never edits it), so an event costs a copy of its own pieces, not of the
    whole state."""
    out = [state]
    for event in events:
        prev = out[-1]
        pieces = dict(prev.pieces)
        for pid in event.pieces:
            pieces[pid] = pieces[pid].copy()
        out.append(apply_event(GameState(prev.game, prev.scenario, prev.seed, pieces,
                                         dict(prev.vars)), event))
    return out


def public_event(event: Event, side: str) -> Event:
    """``event`` as ``side`` may read it in the log: another side's secret
    event keeps its kind and rule, shows its public line and no dice."""
    owner = event.info.get(SECRET)
    if not owner or owner == side:
        return event
    return Event(event.kind, event.rule, str(event.info.get(PUBLIC) or
                                             f"{event.rule} A secret step").strip(),
                 (), (), event.side, {SECRET: owner})


#: steps taken in secret: the screen of the side taking one shows its secrets
SECRET_KINDS = {"cafard-pick", "assign-dynamite", "plot-tunnel", "clear-tunnels",
                "keep-tunnel"}


def register_secret_kinds(*kinds: str) -> None:
    """A scenario's steps taken in secret (plotting, marking mutineers...)."""
    SECRET_KINDS.update(kinds)


def shows_secrets(ctx: Ctx, side: str, kinds: Iterable[str]) -> bool:
    """Whether ``side``'s screen now shows something another side may not see:
    one of its secrets is in play, or the step open to it is taken in secret
    (the hot-seat hand-over screen is then forced, whatever the preference)."""
    if not side:
        return False
    if SECRET_KINDS & set(kinds):
        return True
    if any(owner == side and name in ctx.state.vars for name, owner in SECRET_VARS.items()):
        return True
    return any(ctx.state.pieces[pid].side == side
               for other in sides(ctx) if other != side for pid in hidden_units(ctx, other))
