"""Move buttons and menu entries in a player's words: commanders by name and
elements counted (Movement: How to move; Seniority: Accompanying commanders),
never a piece id or "nothing"."""

from ffl.engine import Action
from ffl.games.limits_of_glory.module import build_module
from ffl.ui.limits_of_glory.orders import describe

TYPES = build_module().piece_types


def _name(tid: str) -> str:
    return TYPES[tid].name


def _label(key: str) -> str:
    return {"cairo": "Cairo", "belbeis": "Belbeis"}[key]


def _move(**args) -> str:
    return describe(Action.make("move", "french", space="cairo", to="belbeis", **args),
                    _label, _name)


def test_seniority_accompanying_a_junior_moving_alone_is_named():
    """It read "Move nothing kleber to Belbeis"."""
    assert _move(units="", pieces="kleber", leave="") == "Move Kléber to Belbeis"


def test_movement_how_to_move_commanders_by_name_elements_counted_juniors_staying():
    assert _move(units="fr-inf:3", pieces="bonaparte", leave="kleber,desaix") == \
        "Move Bonaparte, 3 French infantry to Belbeis (Kléber, Desaix stay)"
    assert _move(units="fr-inf:2", pieces="", leave="") == "Move 2 French infantry to Belbeis"
