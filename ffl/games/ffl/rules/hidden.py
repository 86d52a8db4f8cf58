"""Hidden information (17.31 Le Cafard, 15.1 dynamite, 15.2 tunnels): what a
side may see of the state.

The Bedouin's secrets live in game variables of their own
(``vars["cafard_secret"]``, ``vars["siege_secret"]``) and in the positions of
the units in unrevealed tunnels (level -1 squares of ``siege_secret``'s
tunnels); :func:`view` takes them out of the Legion's state, and blanks the
seed there (with it the secret draws could be worked out again from the
dice).  :func:`secrets` names what must not show.
"""

from __future__ import annotations

from ffl.engine import GameState

from .context import BEDOUIN, Ctx

#: secret game variables and the side they belong to
SECRET_VARS = {"cafard_secret": BEDOUIN, "siege_secret": BEDOUIN}


def hidden_units(ctx: Ctx, side: str) -> list[str]:
    """Units ``side`` may not see where they are (15.25 in unrevealed tunnels)."""
    if side == BEDOUIN or not ctx.option("siege"):
        return []
    from .tunnels import in_secret_tunnel

    return [p.id for p in ctx.characters(BEDOUIN) if p.on_board and in_secret_tunnel(ctx, p)]


def secrets(ctx: Ctx, side: str) -> list[str]:
    out = [name for name, owner in SECRET_VARS.items()
           if owner != side and name in ctx.state.vars]
    return out + [f"{pid} in a tunnel" for pid in hidden_units(ctx, side)]


def view(ctx: Ctx, side: str) -> GameState:
    state = ctx.state
    out = state.copy()
    hide = [name for name, owner in SECRET_VARS.items() if owner != side and name in out.vars]
    for name in hide:
        del out.vars[name]
    for pid in hidden_units(ctx, side):
        piece = out.pieces[pid]
        piece.space, piece.level = None, 0
        piece.data.pop("tunnel", None)
    if hide:
        out.seed = 0
    return out
