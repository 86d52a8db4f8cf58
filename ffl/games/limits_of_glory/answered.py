"""A player's answer in plain words, for the log line of an answer that changes
nothing on the map by itself (the log gives every action a line).

Mostly these are dice choices waiting for the other player: at Momentum:
Obtaining momentum markers the player whose senior commander has less glory
picks the failed dice to re-roll first, and the re-rolls of both are rolled
together once the other has picked; in a combat the attacker picks first
(Combat: How to conduct combat).  Dice are counted from 1, as a player sees
them, with the values they show.
"""

from __future__ import annotations

from ...engine import Action, GameState
from . import tables as T
from .mechanism import indices
from .model import Ctx


def answered(ctx: Ctx, state: GameState, task: dict | None, action: Action) -> str:
    """What ``action`` chose, as the text after the rule on its log line."""
    who = f"the {T.NATION_NAMES.get(action.side, action.side)} player"
    k = action.kind
    if k == "reroll":
        return f"{who} {_reroll(ctx, state, task or {}, action)}"
    if k == "force":
        enemy = T.other(action.side)
        picked = _safe(action.get("dice", ""))
        if not picked:
            return f"{who} requires no re-rolls of the {T.NATION_NAMES[enemy]} dice"
        return (f"{who} requires the {T.NATION_NAMES[enemy]} "
                f"{_dice(picked, _values(task or {}, enemy))} to be re-rolled")
    if k == "draw-choice":
        return f"{who} {'breaks off' if action.get('off') else 'fights another round'}"
    if k == "retire" and (task or {}).get("mode") == "naval":     # Malta: Safe harbour
        what = "withdraws into Malta's harbour" if action.get("go") else "fights at sea"
        return f"{who} {what}"
    if k == "retire":
        return f"{who} {'retires into the BUA' if action.get('go') else 'fights in the open'}"
    if k == "intercept":
        return f"{who} {'attempts the interception' if action.get('go') else 'lets them pass'}"
    if k == "lead":
        cid = action.get("commander")
        return f"{who}: {ctx.name(cid)} leads the troops" if cid else \
            f"{who}: no junior commander leads the troops"
    said = ", ".join(f"{k} {v}" for k, v in action.args if v not in ("", None))
    return f"{who} chooses {k.replace('-', ' ')}{f' ({said})' if said else ''}"


def _reroll(ctx: Ctx, state: GameState, task: dict, action: Action) -> str:
    side = action.side
    values = _values(task, side)
    chosen, sixes = _safe(action.get("dice", "")), _safe(action.get("six", ""))
    cid = _commander(task, side)
    whose = f"{ctx.whose(cid)} glory" if cid else "glory"
    momentum = task.get("kind") == "momentum"
    what = "momentum dice" if momentum else "dice"
    if not chosen and not sixes:
        text = f"keeps the {what} as rolled ({', '.join(map(str, values))}): no re-rolls"
    else:
        parts = []
        if chosen:
            parts.append(f"picks {_dice(chosen, values)} to re-roll with {whose}")
        if sixes:
            parts.append(f"turns {_dice(sixes, values)} into 6 with Bonaparte's automatic 6")
        text = " and ".join(parts)
    first = task.get("turn") == 0 if momentum else task.get("stage") == "reroll-att"
    if first:
        other = T.NATION_NAMES.get(T.other(side), "other")
        text += (f"; the re-rolls come once the {other} player has chosen too"
                 if chosen or sixes else f"; the {other} player chooses next")
    return text


def _commander(task: dict, side: str) -> str | None:
    if isinstance(task.get("cmds"), dict):
        return task["cmds"].get(side)
    if isinstance(task.get("cmd"), dict):
        return task["cmd"].get(side)
    return task.get("cmd") if isinstance(task.get("cmd"), str) else None


def _values(task: dict, side: str) -> list[int]:
    dice = task.get("dice")
    if isinstance(dice, dict):
        return list(dice.get(side, []))
    return list(dice or [])


def _dice(picked: list[int], values: list[int]) -> str:
    """'dice 1, 3 (showing 2, 4)': positions counted from 1 and their values."""
    shown = [str(values[i]) for i in picked if 0 <= i < len(values)]
    where = ", ".join(str(i + 1) for i in picked)
    label = "die" if len(picked) == 1 else "dice"
    return f"{label} {where}" + (f" (showing {', '.join(shown)})" if shown else "")


def _safe(text: str) -> list[int]:
    try:
        return indices(text)
    except ValueError:
        return []
