"""Help on board for Limits of Glory, as data (no Qt): how to play, what to do
next, and the rule index by section and sub-heading, in our own words (the
format is that of :mod:`ffl.games.ffl.help`)."""

from __future__ import annotations

from . import tables as T

#: Help › How to play Limits of Glory
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("The game", """\
1798: Bonaparte sails from Toulon, Genoa and Civitavecchia to take Egypt, with
Nelson looking for him. The French player must bring the army ashore, then
conquer Egypt and Syria; the Allied player commands the British, the Ottomans
and the Mamluks. In the New game dialog, Players chooses for each side a
player at this screen or the program (easy, normal or hard)."""),
    ("How to win", """\
- The French win at once at the end of a turn holding Alexandria, Cairo, Rosetta,
  Damietta, Luxor, Suez, El Arish, Jaffa and Acre with the savants (and an escort)
  in the Valley of the Kings.
- The Allies win at once at the end of a turn when British or Ottoman armies hold
  Cairo and Alexandria (taken from the French).
- Otherwise the Peace of Amiens (14 on four event dice) ends the game: the most
  victory points win; equal points go to the side holding Cairo.
- Victory points follow the banners of the BUAs as they change hands, Malta, the
  savants in the Valley of the Kings, and Bonaparte's return (+9) or loss (-9)."""),
    ("The one mechanism", """\
Everything is decided the same way: roll as many dice as the space's value (four
in a combat or a siege); each 5 or 6 is a success. The most senior commander
present may then spend one glory point per die to re-roll failures, and the
enemy's senior commander may spend his own glory to have successes rolled again.
Glory is a commander's luck and skill together: it runs down, and at zero he is
exhausted."""),
    ("The invasion", """\
- The French choose in secret which of the three fleet markers carries the army
  (in hot-seat the screen is covered whenever the other player takes over).
- Each invasion turn the French have three momentum markers, then Nelson one: a
  space is activated (dice), then its fleets move one space; a failure costs a
  marker there. A fleet reaching Malta stops there and is marked as having
  visited it.
- When Nelson shares a space with fleet markers he may try to intercept them:
  dummies are removed, the real fleet ends the invasion.
- A French turn that begins with the real fleet next to the Egyptian coast may
  land the army (Orders: Land the army at ...)."""),
    ("A conquest turn", """\
- An event from the clock (one to four dice), then four momentum dice each: each
  success is a momentum marker; the more markers act first.
- The player with the initiative activates spaces and moves, fights and besieges
  until he must place a marker (a failed activation, a break-off, a siege round)
  or chooses to (to pass); then the other player acts. A turn ends when both have
  placed all their markers or ended their turn."""),
    ("Combat and sieges", """\
- Moving into enemy elements means a combat, unless they retire into their BUA:
  then they can only be besieged (an assault first, then one round a turn).
- Each side finds its box on the combat table by strength (infantry 1, cavalry 2,
  artillery 3, walls 5) and nationality; four dice must reach the box's total, and
  then each 5 and 6 inflicts the box's hits. The loser breaks off.
- Mamluk cavalry raises uprisings against French commanders in Egyptian BUAs;
  the Bedouin cost French commanders glory when they pass."""),
    ("Mouse and keys", """\
- Click a space to activate it, or to answer a question about a space (where a
  Bedouin goes, where the army lands, where elements break off).
- Drag a marker out of the activated space onto a neighbour to move: a dialog
  chooses what goes, the marker dragged chosen to begin with (a summary: its
  side's whole stack), so Enter moves just that. Right-click a space for every
  action concerning it (sieges, sallies, uprisings, passing the initiative).
- A crowded space shows one summary per side: the leader's number, name and
  glory, and how many of each kind.  Click a summary to see every marker on a
  card placed where it hides least (never the names of the spaces you may
  click next; drag the card by its ground to put it elsewhere); drag the markers
  from there; click the summary again to fold them.
- The Orders dock asks the questions: click dice faces to choose the re-rolls,
  then the button that says what it costs. The Campaign dock shows the victory
  points, the momentum, the event clock and every commander's glory.
- Game › End my turn (Ctrl+E), Finish moving (Ctrl+D), Concede."""),
)

#: what to do next, by the action kind the prompt opens
NEXT_STEP: dict[str, str] = {
    "place-bedouin": "click a space the dice allow",
    "choose-fleet": "choose the real fleet in the Orders dock",
    "reroll": "click the dice to re-roll, then the button",
    "force": "click enemy successes to have them re-rolled, then the button",
    "intercept": "attempt the interception, or let them pass",
    "retire": "retire into the BUA, or fight in the open",
    "lead": "choose a junior to lead the troops, or none",
    "losses": "choose the losses in the Orders dock",
    "draw-choice": "break off, or fight another round",
    "break-off": "click where the losers break off",
    "land": "click the space where the army lands",
    "governor": "choose a governor of Malta, or none",
    "place": "click the space for the reinforcements",
    "remove": "choose what the plague takes",
    "revolt": "pay with glory or with infantry",
    "relocate": "click where the Mamluks go",
    "move": "drag a marker to a neighbouring space, or finish moving",
    "activate": "click a space to activate it, or end your turn",
    "disembark": "land the army, or move the fleets",
}

_SUMMARIES: dict[str, str] = {
    T.SETUP: "The map, the charts, the clock at one die; the on-map forces as listed; "
             "the rest in pools.",
    T.SETUP_FLEETS: "The three fleet markers start at Toulon, Genoa and Civitavecchia.",
    T.SETUP_BEDOUIN: "Eight dice place the Bedouin in Egyptian spaces of the values rolled; "
                     "fives and sixes anywhere in Egypt; fours beyond two count as fives.",
    T.SETUP_GLORY: "The commanders on the map have their glory rolled at once.",
    T.WIN_CONTROL: "A BUA changing hands moves the VPs of its banner.",
    T.WIN_DEFAULT: "The Allies hold what the French do not: Mamluks Egypt, Ottomans Syria.",
    T.WIN_GARRISON: "The French hold a BUA only while something of theirs is there.",
    T.WIN_MALTA: "A French garrison in Malta: +2; the British taking it: +5.",
    T.WIN_VALLEY: "The savants with an escort in the Valley of the Kings: +6.",
    T.WIN_RETURN: "Bonaparte safely back in France: +9.",
    T.WIN_EXHAUSTED: "Bonaparte exhausted, killed or captured: -9.",
    T.CONCEDE: "A player may give the game to the other.",
    T.MECH_SUCCESS: "As many dice as the space's value; a 5 or 6 is a success.",
    T.MECH_GLORY: "One glory point of the most senior commander present per failure "
                  "re-rolled.",
    T.MECH_OPPONENT: "The enemy's senior commander present may spend glory to have successes "
                     "rolled again.",
    T.MECH_FINAL: "Any success left after the re-rolls and the test is passed.",
    T.MECH_NO_COMMANDER: "No commander, no re-rolls either way.",
    T.MECH_FOUR: "Combats and sieges always roll four dice.",
    T.GLORY_WHEN: "Glory is rolled when a commander's marker goes on the map.",
    T.GLORY_HOW: "The chart's dice plus its fixed number.",
    T.GLORY_USE: "One point per die; each die re-rolled once.",
    T.GLORY_EXHAUSTED: "At zero a commander is exhausted: he stays, still commands, but "
                       "re-rolls no more.",
    T.GLORY_AUTO6: "Bonaparte's glory over 50 is a second marker that turns his failed dice "
                   "into sixes.",
    T.SENIORITY: "The lower the number, the more senior.",
    T.SENIORITY_NAVAL: "At sea the admirals command; army commanders spend no glory there.",
    T.LEAD: "A junior present may lead the troops in a land combat or a siege round, at "
            "the risk of his life.",
    T.SENIORITY_ALLIED: "Allied commanders of different nations: the most glorious commands.",
    T.ACCOMPANY: "Juniors travel with their senior until detached; then their glory is "
                 "rolled.",
    T.CASUALTY_ALONE: "A commander without troops among enemy elements, outside a BUA, is "
                      "lost.",
    T.CASUALTY_LEAD: "After the combat a leading junior rolls the space value: no success and "
                     "he falls.",
    T.MOVE_ACTIVATE: "Roll the space value: one success lets everything there move; a failure "
                     "holds it all.",
    T.MOVE_HOW: "Activated elements move together or apart, one space each; some may stay.",
    T.MOVE_DISTANCE: "To a space with a common border, across the Nile, into the inset, or "
                     "on and off ships next to the coast.",
    T.MOVE_SUCCESSIVE: "Elements move on while their spaces pass their tests; a failure costs "
                       "a momentum marker there.",
    T.MOVE_SAVANTS: "The savants never travel or stay alone.",
    T.MOVE_MAMLUK: "Mamluks never go by sea.",
    T.MOVE_BUA: "Next to an enemy-held BUA: assault it, stay, or move on.",
    T.EMBARK: "Land elements step onto friendly squadrons in the sea space next to them.",
    T.DISEMBARK: "The sea space is activated to put them ashore next to it.",
    T.NAVAL_LOST: "Ships carrying troops sunk: half the troops reach the nearest coast.",
    T.SEA_WALLS: "Alexandria is never attacked from the sea while the enemy holds it.",
    T.HARBOURS: "Nobody enters the enemy's safe harbours.",
    T.BEDOUIN_REMOVE: "In a space of value 3 or 4, three successes remove a Bedouin marker.",
    T.STRAGGLERS: "A French commander entering a Bedouin space loses a glory point per "
                  "success of the space value's dice.",
    T.BEDOUIN_MOMENTUM: "Bedouin never cause a momentum marker.",
    T.INV_GLORY: "Only Brueys and Nelson spend glory in the invasion.",
    T.INV_DESTINATION: "The real fleet must keep sailing for the Egyptian coast: each "
                       "move brings it nearer, and it is tried every French turn.",
    T.INV_MOMENTUM: "Three markers for the French, one for the Allies, every invasion turn.",
    T.INV_REAL: "The French choose the real fleet in secret.",
    T.INV_MOVE: "Fleets move until their tests fail; then Nelson's part.",
    T.INV_MALTA: "A fleet reaching Malta stops and has visited it.",
    T.INV_ATTEMPT: "Nelson sharing a space with fleet markers may try to intercept.",
    T.INV_NELSON: "Nelson starting beside a fleet must first move away.",
    T.INV_FORCING: "Re-rolls are required only by a fleet in the same space.",
    T.INV_INTERCEPT: "The space value's dice: any success intercepts.",
    T.INV_FAILED: "A failed interception ends Nelson's turn.",
    T.INV_DUMMY: "A dummy intercepted is removed.",
    T.INV_MULTIPLE: "Every fleet marker in the space is intercepted and revealed.",
    T.INV_INTO_NELSON: "A fleet that was not intercepted may go on moving.",
    T.INV_SUCCESS: "The real fleet starting a French turn by the coast may land the army.",
    T.INV_INTERCEPTED: "The real fleet intercepted: the invasion ends.",
    T.LAND_SPACES: "The army lands in Egypt, never Syria, never straight into a BUA.",
    T.LAND_COMBAT: "Mamluks where the army lands are fought at once.",
    T.LAND_BEDOUIN: "Bedouin where the army lands test Bonaparte's glory.",
    T.LAND_MALTA: "A fleet that visited Malta leaves a garrison (+2 VP) and may leave a "
                  "governor.",
    T.LAND_TABLE: "How the invasion ended decides the army's strength and Bonaparte's glory.",
    T.LAND_NAVAL: "French and British squadrons sharing a sea space after the landing fight.",
    T.TURN: "An event, momentum, then the players act in turn until both are done.",
    T.CLOCK: "The clock's dice total reads its box.",
    T.CLOCK_TILE: "An event that happened is covered by its second tile.",
    T.CLOCK_NOT_FIRST: "No event in the turn of the landing.",
    T.CLOCK_REPEAT: "Boxes marked R are never covered.",
    T.CLOCK_DICE: "One die at first, up to four.",
    T.CLOCK_MORE: "Some events add a die and roll again at once.",
    T.MOMENTUM_DICE: "Four dice each: a marker per success; re-rolls with the senior "
                     "commander's glory.",
    T.MOMENTUM_INITIATIVE: "More markers act first; ties: more glory, then the French.",
    T.MOMENTUM_ALTERNATE: "A marker placed passes the initiative (a player may place one to "
                          "pass).",
    T.MOMENTUM_PLACE: "A marker holds every element of its side in its space for the turn.",
    T.MOMENTUM_END: "All markers placed or turns ended: markers come off, a new turn begins.",
    T.COMBAT_ENGAGE: "Moving into enemy elements means a combat unless they shelter in their "
                     "BUA.",
    T.COMBAT_MULTIPLE: "Every combat of one activation is fought.",
    T.COMBAT_HOW: "Four dice; the attacker then the defender re-roll, then require re-rolls.",
    T.COMBAT_STRENGTH: "Infantry 1, cavalry 2, artillery 3.",
    T.COMBAT_BRITISH_MIXED: "Under a British commander only British and Albanians count (all "
                            "in a siege).",
    T.COMBAT_SCORE: "Reach the box's total, then each 5 and 6 inflicts its hits; the side hit "
                    "chooses its losses.",
    T.COMBAT_USING_TABLE: "Column by strength, row by nationality and command.",
    T.COMBAT_BRITISH_LOSSES: "The elements that fought for a British commander are lost first.",
    T.COMBAT_DRAWS: "Equal losses: either may break off, the attacker first; else fight on.",
    T.COMBAT_LOSING: "The side losing more breaks off.",
    T.COMBAT_BREAK_OFF: "Attackers go back; defenders into their BUA or a free neighbouring "
                        "space; a marker goes with them; nowhere to go, they surrender.",
    T.COMBAT_WINNER_DESTROYED: "A winner lost to the last man: the losers stay.",
    T.COMBAT_FRENCH_EXCEPTION: "French defenders may break off into Ottomans or Mamluks and "
                               "fight them.",
    T.COMBAT_NAVAL: "Squadrons British 4, French 2, Ottoman 1 on the naval row; hits sink "
                    "squadrons.",
    T.COMBAT_FOLLOW: "Winners may activate their space again to pursue.",
    T.COMBAT_LEADER_TEST: "A junior who led is tested after the combat.",
    T.COMBAT_DESTROYED: "An army wiped out takes its commanders with it and costs a marker.",
    T.COMBAT_SAVANTS: "Savants left without an escort are lost.",
    T.UPRISING: "The space value's dice against the French commander in a BUA; Murad or "
                "Ibrahim may re-roll.",
    T.UPRISING_FRENCH: "Uprisings only cost French commanders glory.",
    T.UPRISING_EVENT: "Events raise uprisings in the BUA they name.",
    T.UPRISING_RESULT: "Two glory per success; once per BUA a turn.",
    T.UPRISING_MOMENTUM: "No momentum marker for an uprising.",
    T.UPRISING_MAMLUK: "Mamluk cavalry in the space raises one in an Egyptian BUA.",
    T.SIEGE_BUA: "Elements may shelter in their BUA; then only a siege reaches them.",
    T.SIEGE_ALONE: "Commanders alone behind walls fall at the first hit.",
    T.SIEGE_MAMLUK: "Mamluks never besiege and never count in a siege.",
    T.SIEGE_ASSAULT: "The first round, with cavalry and the ships next to the walls.",
    T.SIEGE_CAVALRY: "After the assault cavalry counts no more.",
    T.SIEGE_NAVAL: "Squadrons next to the BUA add their strength.",
    T.SIEGE_HOW: "Like a combat, walls +5, no test to start.",
    T.SIEGE_ROUND: "One round a turn, then a marker of the besieger.",
    T.SIEGE_SENIOR: "The most senior at the siege, ashore or afloat, commands.",
    T.SIEGE_CAFFARELLI: "Caffarelli may spend glory after the assault without risk.",
    T.SIEGE_NO_BREAK: "Besiegers never break off after a siege round.",
    T.SIEGE_LIFT: "Activate the space to lift or reduce the siege.",
    T.SIEGE_DEFENDERS: "The besieged leave by land only by sallying.",
    T.SIEGE_SEA_RELIEF: "Ships may bring troops into a coastal besieged BUA, or take them off.",
    T.SIEGE_NAVAL_LOSSES: "Ships are never lost in a siege.",
    T.SIEGE_SALLY: "The besieged fight the besiegers in the open.",
    T.SIEGE_END: "A siege ends when the besiegers lose a combat or leave.",
    T.SIEGE_ALEXANDRIA: "Alexandria is besieged from the land; the two sea spaces help.",
    T.SIEGE_LAND_RELIEF: "A relief force fights the besiegers with the besieged.",
    T.SIEGE_AFTER: "A captured BUA; the victors may move on.",
    T.MALTA_ATTACK: "Malta is attacked only with a French garrison.",
    T.MALTA_HARBOUR: "French squadrons may shelter in Malta's harbour.",
    T.MALTA_BLOCKADE: "Allied squadrons may blockade Malta.",
    T.MALTA_COALITION: "Coalition squadrons never leave Malta's waters.",
    T.MALTA_FRIGATE: "The Muiron passing Malta may be intercepted.",
    T.MALTA_ASSAULT: "Squadrons assault Malta; the walls add 5.",
    T.MALTA_CAPTURE: "All French there lost: a British garrison, +5 VP.",
    T.RETURN_EVENT: "After the event allowing it, Bonaparte may go home from a French port.",
    T.RETURN_CAPTURED: "Intercepted at sea: Bonaparte is a prisoner (-9), Ganteaume never "
                       "sails.",
    T.RETURN_COMMAND: "The declaration detaches his juniors; the next takes command.",
    T.RETURN_SUCCESS: "Back in France: +9; Ganteaume may follow an event.",
    T.RETURN_INTERCEPT: "Allied ships where the Muiron is may try to intercept it.",
    T.MAMLUKS_SIDES: "The Mamluks change sides; those among new enemies move away.",
    T.VICTORY_FRENCH: "Every BUA with a banner and the savants in the Valley.",
    T.VICTORY_PARTIAL: "At the Peace of Amiens the most VPs win.",
    T.VICTORY_ALLIED: "British or Ottoman armies hold Cairo and Alexandria.",
    T.VICTORY_TIE: "Equal VPs: the side holding Cairo wins.",
    "Event": "An event of the clock (see the Event clock on the player aid).",
    "2nd Event tile": "A second event tile of the clock.",
}

#: rule -> (title, summary in our own words)
RULES: dict[str, tuple[str, str]] = {
    rule: (rule.split(": ", 1)[-1], text) for rule, text in _SUMMARIES.items()}
for _n, _title in T.EVENT_TITLES.items():
    RULES[T.event_rule(_n)] = (_title, f"Box {_n} of the event clock.")
