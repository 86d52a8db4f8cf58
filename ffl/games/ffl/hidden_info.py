"""What each side may see of an FFL game (a mixin of
:class:`.controller.FFLController`, moved out of ``controller.py`` as it was):
the view and the secrets of a side (17.31, 15.1, 15.2: ``rules/hidden.py``),
the hot-seat hand-over, the public offer of Le Cafard (17.32), the log line of
an event as a side may read it, and the units an action acts with.
"""

from __future__ import annotations

from ffl.engine import Action, Event, GameState

from .rules import cafard, mounted
from .rules.hidden import public_event


class FFLHiddenInfo:
    """The controller's queries about hidden information (``FFLController``
    mixes them in; they read ``self.ctx`` and ``self.prompt``)."""

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` may see: the Bedouin's secrets (17.31 the mad units,
        15.1 the dynamite carriers, 15.2 the tunnels and the units in them) are
        taken out of the Legion's view (``rules/hidden.py``)."""
        from .rules.hidden import view

        return view(self.ctx(state), side)

    def secrets(self, state: GameState, side: str) -> list[str]:
        """What ``side``'s view must not show (the conformance test checks)."""
        from .rules.hidden import secrets

        return secrets(self.ctx(state), side)

    def hand_over_needed(self, state: GameState, side: str) -> bool:
        """Whether ``side``'s screen now shows its secrets (or a step taken in
        secret): the hot-seat hand-over screen must come first."""
        from .rules.hidden import shows_secrets

        prompt = self.prompt(state)
        return shows_secrets(self.ctx(state), side, prompt.kinds if prompt.side == side else ())

    def cafard_open(self, state: GameState) -> bool:
        """17.32 the Bedouin may be offered Le Cafard now (public conditions
        only: the offer must not tell whether a drawn unit is in the
        organization)."""
        return cafard.may_announce(self.ctx(state))

    def event_for(self, event: Event, side: str) -> Event:
        """``event`` as ``side`` may read it in the log (another side's secret
        step shows its public line and no dice)."""
        return public_event(event, side)

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """The units ``action`` acts with (the contract's query): the unit a step,
        shot, rope, door, attitude or weapon action names, the firers of a group
        (7.5), a heavy weapon and its crew (14), the units of an organization
        mounting or dismounting (12); none for a step taken in secret (17.31,
        15.11, 15.21: ``hidden.SECRET_KINDS``) nor for a carrier taking up or
        putting down dynamite (15.11: who carries it is the Bedouin's secret)."""
        from .rules.hidden import SECRET_KINDS

        kind = action.kind
        if kind in SECRET_KINDS or kind in ("carry-dynamite", "drop-dynamite"):
            return []
        if kind in mounted.KINDS:
            org = action.get("org")
            return [p.id for p in self.ctx(state).characters(org=org)] if org else []
        out: list[str] = []
        for name in ("piece", "pieces", "unit", "weapon", "crew"):
            value = action.get(name)
            for pid in (value if isinstance(value, (list, tuple)) else (value,)):
                if isinstance(pid, str) and pid in state.pieces and pid not in out:
                    out.append(pid)
        return out
