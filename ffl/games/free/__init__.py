"""Free play: any module played like on a table top, with no rules checked.

Used for a module whose game has no rule controller (anything authored from
scratch in the editor) and for a rule-enforced game played with the rules
*off*.  Players drag counters anywhere, stack, turn, flip and mark them, and
roll dice whose results go to the log; undo, save and mail work as for every
game.
"""

from ffl.games.manifest import OFF, GameManifest

GAME = GameManifest(
    id="free",
    title="Free play",
    rulebook="none: the players apply their own rules",
    controller="ffl.games.free.controller:FreePlayController",
    ui="ffl.ui.free:FreePlayUI",
    help="ffl.games.free.help",
    rules_modes=(OFF,),
)
