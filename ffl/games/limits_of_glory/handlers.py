"""Which module answers each kind of pending task (see :mod:`.tasks`)."""

from __future__ import annotations

from types import SimpleNamespace

from . import breakoff, combat, combat_answers, mechanism, momentum
from .choices import Place, Plague, Relocate, Revolt
from .invasion import ChooseFleet, Intercept
from .landing import Governor, Landing
from .local import BedouinSetup
from .returns import Muiron
from .tasks import HANDLERS

COMBAT = SimpleNamespace(auto=combat.auto, prompt=combat_answers.prompt,
                         options=combat_answers.options, check=combat_answers.check,
                         answer=combat_answers.answer)

HANDLERS.update({
    "test": mechanism, "momentum": momentum, "combat": COMBAT, "break-off": breakoff,
    "choose-fleet": ChooseFleet, "intercept": Intercept, "landing": Landing,
    "governor": Governor, "bedouin": BedouinSetup, "place": Place, "plague": Plague,
    "revolt": Revolt, "relocate": Relocate, "muiron": Muiron,
})

# the rule modules that register step functions and test continuations
from . import events, landing, local, movement, returns  # noqa: E402,F401
