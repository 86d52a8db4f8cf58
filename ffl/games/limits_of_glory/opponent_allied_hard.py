"""The Allied program's hard level: :mod:`.opponent`'s rules of thumb, moving only
what is well worth moving.

An activation is asked for only when the program would then make a move worth
``HARD_WORTH`` (:func:`.opponent._move_value`; the normal level ``WORTH``), and
an activated space is finished rather than making a smaller move.  Fewer tests
are taken, so fewer fail and hand the French the initiative (Movement:
Activating), and the Allied armies keep their positions until a move pays:
seeds 1-40 against the normal French, the normal Allies won 29 games (mean VP
difference French minus Allies -10.0), the hard ones 39 (-14.75).

It sees what the normal program sees: the Allied view only.
"""

from __future__ import annotations

import random
from functools import partial

from ...engine import Action, GameState
from .opponent import PICKERS as NORMAL
from .opponent import _free, pick_by_task

#: the least value of a move the hard program makes rather than finishing an activation
HARD_WORTH = 1.5


def choose(controller, view: GameState, rng: random.Random | None = None) -> Action:
    """The hard program's choice among the legal actions of ``view`` (an Allied view)."""
    return pick_by_task(controller, view, list(controller.legal_actions(view)),
                        PICKERS, PICKERS["free"], rng)


PICKERS = {**NORMAL, "free": partial(_free, worth=HARD_WORTH)}
