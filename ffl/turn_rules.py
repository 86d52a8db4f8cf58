"""The rules check of the moves in a turn file (issue 22).

A turn file carries events, not actions, and whoever rewrites a file's hash
chain and its position hash could put any events in it (a unit moved past its
movement allowance).  So the receiver's program checks that the moves follow
the rules: every step of the new events (one player action, or a dragged path
of several) must be exactly what the rules give for some legal action in the
position before it (:meth:`Controller.apply`, which rolls the game's own dice
from the seed and counter, so the events are fully determined).  The legal
actions are tried most likely first (the first event's kind and the pieces and
places it names), so a step costs a few tries.

* rules enforced: a step is looked for among the listed legal actions, then
  among those actions with their choices (piece, place, level, facing, ...)
  replaced by the values the step's events name.  No game lists every legal
  action (the lists are finite samples for self-play: a set-up lists the next
  unit only, a fire group only its full set of firers), so a step found by
  neither cannot be told from a forged one: it is not refused but counted, and
  the receiver is told which event to look at (``unchecked``, ``first_unchecked``).
  A step that is found must give exactly the file's events, dice included;
* advise mode: a step that starts with an ``against-rules`` marker (a player
  who went on after the warning) must be what the rules' ``force`` gives for
  the action named in it; such steps are counted, so the receiver is told;
* rules off (free play): nothing is checked, and the receiver is told so.

No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import AGAINST_RULES, Action, Event, GameState, IllegalAction, apply_event
from .file_checks import DATA_ERRORS
from .games.manifest import ADVISE, OFF

#: the most actions tried for one turn file (a guard against a pathological file)
MAX_TRIES = 200_000


@dataclass
class RulesCheck:
    """What the check found: a problem (""), steps played against the rules in
    advise mode, and whether the moves were checked at all (rules off: no)."""

    problem: str = ""
    against_rules: int = 0
    checked: bool = True
    #: steps no listed (or listed-and-varied) legal action gives: not refused,
    #: since the games' lists are samples, but named to the receiver
    unchecked: int = 0
    #: the number (1-based) of the first event of the first such step
    first_unchecked: int = 0


def _key(first: Event):
    named = {c.piece for c in first.changes if c.piece} | {
        c.value for c in first.changes
        if isinstance(c.value, (str, int)) and not isinstance(c.value, bool)}

    def key(action: Action):
        hits = sum(1 for _k, v in action.args
                   if isinstance(v, (str, int)) and not isinstance(v, bool) and v in named)
        return (action.kind != first.kind, -hits)

    return key


def _forced(controller, state: GameState, marker: Event) -> list[Event] | None:
    """The events a step played against the rules should hold after its marker."""
    try:
        action = Action.from_json(marker.info.get("action"))
        return list(controller.force(state, action))
    except (IllegalAction, *DATA_ERRORS):
        return None


def check_rules(controller, state: GameState, events: list[Event], steps: list[int],
                start: int, mode: str) -> RulesCheck:
    """Check ``events`` (the log's events after ``start``, played from ``state``,
    which is not changed) step by step (``steps``: the log's step boundaries)."""
    if mode == OFF:
        return RulesCheck(checked=False)
    state = state.copy()
    end = start + len(events)
    bounds = sorted({b for b in steps if start < b < end} | {end})
    tries = [0]
    result = RulesCheck()
    i = start
    for bound in bounds:
        if bound <= i:
            continue            # no events (nothing new since the exchange)
        want = events[i - start:bound - start]
        chunks = _step(controller, state, want, tries, mode == ADVISE)
        if chunks is None:
            if want[0].kind == AGAINST_RULES and mode == ADVISE:
                return RulesCheck(f"event {i + 1} is a step against the rules that does "
                                  "not follow from the action it names", 0)
            if tries[0] > MAX_TRIES or want[0].kind == AGAINST_RULES:
                return RulesCheck(_refusal(i + 1, want[0], tries[0]), 0)
            # no listed action gives it: counted and named, played as the file says
            result.unchecked += 1
            result.first_unchecked = result.first_unchecked or i + 1
            chunks = [want]
        for chunk in chunks:
            result.against_rules += chunk[0].kind == AGAINST_RULES
            for event in chunk:
                apply_event(state, event)
        i = bound
    return result


def _step(controller, state: GameState, want: list[Event], tries: list[int],
          advise: bool = False):
    """The actions' events that make up ``want`` (one step: one action, or a
    dragged path of several), as a list of each action's events; None if no
    legal actions give it.  A single action that gives the whole step is taken
    at once; otherwise the actions that give its first part are tried, longest
    first, and the rest is looked for after each (a short search: such steps
    are few and short)."""
    if want[0].kind == AGAINST_RULES:
        if not advise:
            return None
        forced = _forced(controller, state, want[0])
        candidates = [] if forced is None else [[want[0], *forced]]
        candidates = [c for c in candidates if c == want[:len(c)]]
    else:
        candidates = _candidates(controller, state, want, tries)
    if candidates is None:
        return None
    for got in candidates:
        if len(got) == len(want):
            return [got]
        after = state.copy()
        for event in got:
            apply_event(after, event)
        rest = _step(controller, after, want[len(got):], tries, advise)
        if rest is not None:
            return [got, *rest]
    return None


def _candidates(controller, state: GameState, want: list[Event], tries: list[int]):
    """The legal actions' events that ``want`` starts with: the one that is the
    whole of it alone if there is one, else all that are a first part of it
    (longest first); None when the search has gone on too long."""
    partial: list[list[Event]] = []
    try:
        listed = list(controller.legal_actions(state))
    except DATA_ERRORS:
        return []
    key = _key(want[0])
    actions = sorted(listed, key=key) + sorted(_varied(listed, want), key=key)
    for action in actions:
        tries[0] += 1
        if tries[0] > MAX_TRIES:
            return None
        try:
            got = list(controller.apply(state, action))
        except (IllegalAction, *DATA_ERRORS):
            continue
        if not got or got != want[:len(got)]:
            continue
        if len(got) == len(want):
            return [got]
        if got not in partial:
            partial.append(got)
    return sorted(partial, key=len, reverse=True)


#: the most varied actions made from the listed ones for one step
MAX_VARIED = 400


def _named(events: list[Event]) -> list:
    """The plain values (ids, places, levels, facings) the step's events name."""
    out: list = []
    for event in events:
        for c in event.changes:
            for v in (c.piece, c.value):
                if isinstance(v, (str, int)) and not isinstance(v, bool) and v not in out:
                    out.append(v)
    return out


def _varied(listed: list[Action], want: list[Event]) -> list[Action]:
    """The listed actions with their plain choices replaced by the values the
    step names (a unit placed other than the listed one, at another facing, a
    hex beyond the listed sample): the actions a player may have chosen that
    the finite list leaves out.  Listed ones are not repeated."""
    named = _named(want)
    if not named:
        return []
    seen = set(listed)
    out: list[Action] = []
    shapes = set()
    for action in listed:
        shape = (action.kind, action.side, tuple(k for k, _v in action.args))
        if shape in shapes:
            continue
        shapes.add(shape)
        choices = []
        for k, v in action.args:
            same = [n for n in named if type(n) is type(v)] if isinstance(v, (str, int)) \
                and not isinstance(v, bool) else []
            choices.append([(k, x) for x in [v, *same]])
        for args in _product(choices):
            varied = Action(action.kind, action.side, tuple(args))
            if varied not in seen:
                seen.add(varied)
                out.append(varied)
                if len(out) >= MAX_VARIED:
                    return out
    return out


def _product(choices: list[list]) -> list[list]:
    rows: list[list] = [[]]
    for options in choices:
        rows = [row + [o] for row in rows for o in options]
        if len(rows) > MAX_VARIED:
            return rows[:MAX_VARIED]
    return rows


def _refusal(n: int, event: Event, tries: int) -> str:
    if tries > MAX_TRIES:
        return (f"its moves could not be checked against the rules (more than {MAX_TRIES} "
                f"actions tried by event {n})")
    what = event.text or event.kind
    return (f"event {n} does not follow the rules: no legal action in the position before "
            f"it gives it ({what[:80]})")
