"""Help on board for The Legend Begins, as data (no Qt): how to play, what to do next
and the rule index 1.0 - 33.0, all in our own words (the text format is that of
:mod:`ffl.games.ffl.help`)."""

from __future__ import annotations

#: Help › How to play The Legend Begins
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("The game", """\
The desert war in North Africa at the scale of brigades, regiments and tank
battalions: the Axis player against the Allied player on a map of hexes from the
Gulf of Sirte to Alexandria. The 1940 scenario is Operation Compass: the Western
Desert Force against the Italian 10th Army's camps around Sidi Barrani."""),
    ("How to win (31.0, 33.0)", """\
- At the end of the scenario the Allied player scores the places he controls, the
  Italian steps lost, and loses points if the Axis holds Mersa Matruh; the
  scenario's description gives the figures.
- A side whose supplied unit holds a hex of the enemy's map edge, with a line of
  communication home, for two enemy segments in a row wins at once."""),
    ("A turn (3.0)", """\
- Each turn is two weeks. It opens with the Initial Phase: supply, a Resource
  Point, reinforcements and the Replacement Table for both sides, then the
  recovered steps, then each side's Organization Segment, then the Malta roll.
- Then segment chits come out of a cup: each side has two Primary, one Secondary
  and one Tertiary. Seven of the eight are played; no side plays three in a row.
- A segment is a Movement, a Combat and a Supply Phase of the side whose chit
  came out. Primary segments allow the full Movement Allowance, Secondary two
  thirds and Tertiary one third."""),
    ("Moving (4.0, 7.0)", """\
- Roads and tracks are fast for motorized units; the open desert and jebel slow
  or stop them; escarpments stop motorized units except at passes.
- Units with the white band exert an Active ZOC: entering one ends a move and
  obliges an attack. Leaving an enemy ZOC costs extra.
- Motorized units may make Mobile Assaults during their move."""),
    ("Combat (9.0)", """\
- Compare attack and defence, round the odds down, apply the column shifts
  (terrain, armor, barrage), then roll white dice for the losses (more for big
  battles) and a black die for the winner.
- Losses are taken one at a time: the enemy picks the first, you the second, and
  so on. A beaten defender retreats two hexes and is Disrupted; the attacker may
  advance."""),
    ("Supply (19.0)", """\
Every Supply Phase your units trace a short line to a Supply Source: the map
edge, a Supply Point, a port or the Army HQ. Those that cannot are Out of Supply;
out of supply and cut off from home, they suffer attrition. Attacking at full
strength needs a Supply Point within reach."""),
    ("Mouse and keys", """\
- Click a hex to choose its stack; tick in the Stack dock the units that go
  together. Lit hexes show where they can move: click one to move there.
- In a Combat Phase the enemy hexes they can attack are lit red: click one to see
  the odds in the Combat dock, click it again (or Attack) to resolve.
- A loss is taken by double-clicking the unit in the Stack dock; an advance by
  clicking one of the green hexes, a retreat one of the blue ones; Stay ends an
  advance.
- An overstacked hex (5.3 at the end of your Movement Phase, 5.5 when attacked)
  is outlined in orange and its units listed: double-click, or select and press
  Enter, each unit marked to eliminate or to set aside; D brings the decision back.
- Right-click a hex for everything else its pieces may do now (Field Works,
  artillery, trucks, displays, Direct Support, demolition, rail and sea).
- E ends the phase; D shows the decision waiting; Z shows the enemy's ZOCs; I marks Isolated units; H takes
  one of your Air HQs off the map (air game, any phase of your segment); Ctrl+Z
  undoes within the segment; click a line of the event log to read its rule."""),
)

#: what to do next, by the action kind the prompt opens (in order of preference)
NEXT_STEP: dict[str, str] = {
    "loss": "double-click the unit that takes this loss in the Stack dock",
    "advance": "click a green hex to advance, a blue one to retreat, or Stay",
    "retreat": "click a blue hex to retreat the units there",
    "eliminate": "double-click (or select and press Enter) each marked unit to eliminate "
                 "in the Stack dock; D shows the hex",
    "aside": "double-click (or select and press Enter) each marked unit that does not "
             "defend in the Stack dock; D shows the hex",
    "air-replace": "right-click any hex and pick an air unit to take out of the Cadre Box; "
                   "Decline in the Segment dock declines",
    "decline": "Demolish or Decline in the Segment dock",
    "restore": "right-click a unit's hex to give it a recovered step; E when done",
    "end-organization": "right-click hexes to attach units to their divisions; E when done",
    "end-arrange": "right-click a stack to put units in Direct Support; E when done",
    "move": "click a stack, tick its units, click a lit hex; E ends the Movement Phase",
    "attack": "click your units, then an enemy hex twice; E ends the Combat Phase",
    "supply": "E checks General Supply and ends the segment",
    "release": "Release… in the Segment dock: pick the division",
    "air-lost": "right-click any hex and pick the air unit lost with the Air HQ",
    "intercept": "right-click a hex with enemy air units to attack one; E when done",
    "fly": "right-click a hex to send an air unit there on a mission; E when done",
    "react": "click a stack, tick its motorized units, right-click a hex to react there; "
             "E ends the Reaction",
}

#: rule number -> (title, summary in our own words)
RULES: dict[str, tuple[str, str]] = {
    "1.0": ("Introduction", "The game's parts: a three-section map, the counters, "
            "Organization and Status Cards, the player aid and the scenarios."),
    "2.0": ("The playing pieces", "Combat units fight and hold ground; non-combat units "
            "(trucks, supply, replacements) cannot stop the enemy; markers note states."),
    "2.1": ("Reading a counter", "Nationality by colour, steps in the top corner, factors "
            "and Movement Allowance at the bottom, the Armor Effect Rating raised beside "
            "the factor. A Movement Allowance of 4 or less means non-motorized."),
    "3.0": ("Sequence of play", "Two-week turns of an Initial Phase and an Operations "
            "Cycle."),
    "3.1": ("Game turn outline", "Initial Phase for both sides, then segment chits drawn "
            "blindly until seven of eight are played; a side never gets three segments in "
            "a row, even across turns."),
    "3.2": ("Inside a segment", "Movement, then Combat, then Supply, all by the side whose "
            "chit was drawn."),
    "4.0": ("Movement", "Units spend Movement Points to enter hexes and cross hexsides."),
    "4.1": ("Procedure and segments", "The full allowance in a Primary Segment, two thirds "
            "in a Secondary, one third in a Tertiary (infantry 4, 3, 2). A unit's move is "
            "over once another unit starts to move. Never into enemy units."),
    "4.3": ("Desert march rate", "A non-motorized unit on foot enters at most two hexes off "
            "the roads and tracks in a segment."),
    "4.4": ("Terrain", "Roads and tracks give their rate and ignore the terrain; no more "
            "than two desert hexes in a row; jebel and sebakha stop a unit off the roads; "
            "motorized units cross escarpments only at passes; units leave the map only "
            "into a friendly Off Map Box."),
    "5.0": ("Stacking", "How many units a side may keep in a hex."),
    "5.1": ("The limit", "Seven stacking points per side per hex at the end of a move."),
    "5.2": ("Points", "Battalions 1, regiments and brigades 2, divisions 3; HQs, supply, "
            "trucks and markers nothing."),
    "5.3": ("Breaking the limit", "A hex still over the limit at the end of the movement "
            "segment loses units until it fits."),
    "5.4": ("Division stacking", "A division's units with their HQ (or an Italian "
            "division's regiments together) never count more than three."),
    "5.5": ("Overstacked by a retreat", "Allowed until the end of the owner's next "
            "movement phase; meanwhile only seven points defend and the attacker gets a "
            "shift."),
    "5.6": ("Artillery", "One artillery unit per hex stacks for free."),
    "6.0": ("Organization Cards", "Formation displays that hold a division's units off "
            "the map."),
    "6.1": ("Purpose", "Units on an HQ's display are in the HQ's hex for every purpose."),
    "6.2": ("Entering and leaving a display", "Units of the HQ's division join at once in "
            "its hex, others in the Organization Segment; units leave in a friendly "
            "Movement Phase."),
    "6.3": ("Formation limits", "Only the boxes printed, only the types they name; German "
            "and Italian never mixed; limits on brigades of other nationalities."),
    "6.4": ("HQ markers", "A non-divisional formation uses a marker that takes one of its "
            "units' place; an empty marker leaves the map."),
    "6.5": ("Tank and recon units", "No divisional I.D.: they join any HQ with a box for "
            "them in any friendly segment."),
    "6.6": ("Substitute counters", "Units of three or more steps change counters as they "
            "lose steps (here each unit simply keeps its values per step)."),
    "7.0": ("Zones of control", "The six hexes around a combat unit; Active for units "
            "with the white band, Limited for the others."),
    "7.1": ("Which units", "Combat units only; HQ markers and non-combat units none."),
    "7.2": ("Limited ZOC", "Blocks lines of communication, costs extra to leave, and no "
            "road rate from one enemy ZOC straight into another."),
    "7.3": ("Active ZOC", "Also ends the move of a unit entering it and obliges combat; a "
            "unit starting in one leaves through a hex without, assaults, or moves into "
            "another Active ZOC with its whole allowance."),
    "7.4": ("Reduced ZOCs", "Up an escarpment, into or out of jebel, city or Field Works, "
            "or in Direct Support, an Active ZOC is only Limited; friendly units cancel "
            "enemy ZOCs for retreats and lines of communication."),
    "7.5": ("Enhanced ZOCs", "Down an escarpment a Limited ZOC is Active."),
    "8.0": ("Definitions", "Control, map edges, communication, isolation, regimental "
            "equivalents."),
    "8.1": ("Control", "A hex belongs to the side occupying it or last to pass through."),
    "8.2": ("Friendly map edges", "The Axis edge is the western one, the Allied edge the "
            "eastern one up to Alexandria."),
    "8.3": ("Line of communication", "Nine motorized MPs to a road or track, then along it "
            "to the friendly edge or to a Supply Point that has a line itself; never "
            "through enemy units or empty enemy ZOC hexes, never by sea."),
    "8.4": ("Isolated", "A unit without a line of communication."),
    "8.5": ("Regimental equivalent", "A regiment, a brigade, or two battalions."),
    "9.0": ("Combat", "Units attack adjacent enemy units in the Combat Phase."),
    "9.1": ("Conditions", "Optional in a Limited ZOC, obligatory in an Active one; stacks "
            "may attack several hexes and be attacked from several; no unit attacks or "
            "is attacked twice a segment; odds below 1-4 are an automatic A1 Repulsed, "
            "above 7-1 read 7-1."),
    "9.2": ("Procedure", "Odds rounded down to a column, shifts applied, the white dice "
            "read the losses of their rows and the black die the winner, then losses, "
            "retreats and advances."),
    "9.3": ("Magnitude", "The side with fewer steps sets how many white dice are rolled; "
            "with one or two steps each side's losses drop by one (Sub-one)."),
    "9.4": ("Results", "A for the attacker's steps, D for the defender's, added up over "
            "the dice; Advance and Overrun mean the attacker won, Repulsed the defender, "
            "Engaged nobody."),
    "9.5": ("Taking losses", "One at a time: the opponent picks the odd ones, the owner "
            "the even ones; a second loss on a unit only after the others took one; HQs "
            "and artillery last, 88s after the others were hit."),
    "9.6": ("Poor odds", "Units obliged to attack at less than 1-4 take an automatic A1 "
            "Repulsed, before any regular attack."),
    "10.0": ("Combat modifiers", "What changes strengths and columns."),
    "10.1": ("Halving", "Each unit's halved value rounds up on its own."),
    "10.2": ("City and jebel", "A defender there gets one shift to the left."),
    "10.3": ("Escarpments, ridges, sebakha", "Attacking up across an escarpment or ridge, "
             "or out of sebakha, is halved; a defender in sebakha suffers a shift right."),
    "10.4": ("Armor superiority", "The best Armor Effect Rating of each side: one or two "
             "shifts to the better."),
    "10.5": ("Heavy barrage", "Against Field Works, a deployed artillery unit buys one, "
             "two or three shifts for 1, 2 or 4 Supply Points."),
    "10.6": ("Air support", "Part of the advanced air game."),
    "10.7": ("Disruption", "Disrupted units do not attack and defend halved."),
    "10.8": ("Italians", "The Italian Table for Italian attackers; isolated Italians "
             "defend halved."),
    "10.9": ("Field Works", "Double or triple defence; tanks in them halved."),
    "10.10": ("Overstacked defender", "One shift for the attacker."),
    "10.11": ("Supply", "Attacks without Attack Supply are weaker; a defence all Out of "
              "Supply gives a shift."),
    "11.0": ("Retreats", "Two hexes, chosen by the owner within the guidelines."),
    "11.1": ("Who retreats", "Defenders on Advance or Overrun; attackers may on any result "
             "but Engaged."),
    "11.2": ("Length", "Two hexes, with the exceptions of the guidelines."),
    "11.3": ("Disruption", "Retreating units are Disrupted."),
    "11.4": ("Guidelines", "Avoid enemy ZOCs; stop after one hex if the second costs steps "
             "or the first is jebel, city or friendly Field Works; never into enemy units, "
             "off the map or into prohibited hexes: units that cannot retreat are lost."),
    "11.5": ("Through enemy ZOCs", "Allowed when nothing else is; interlocking enemy Active "
             "ZOCs cost a step per enemy motorized step."),
    "11.6": ("Attacked again", "Units retreated into a hex do not help it defend later in "
             "the phase but retreat with it."),
    "12.0": ("Advance after combat", "The winning attacker may follow."),
    "12.1": ("Who", "Only on Advance or Overrun; defenders never."),
    "12.2": ("When", "At once, before the next combat."),
    "12.3": ("How far", "Advance: into the vacated hex; Overrun: 1, 2 or 3 hexes by type."),
    "12.4": ("Procedure", "Counted in hexes; terrain and ZOC costs ignored."),
    "12.5": ("Restrictions", "First into the hex attacked; no prohibited terrain; stop in "
             "jebel and on entering an enemy Active ZOC; none after a Selective Attack."),
    "13.0": ("Disruptions", "A shaken unit's penalties."),
    "13.1": ("How", "Defenders that retreat, attackers that are Repulsed."),
    "13.2": ("Effects", "No attack, halved defence, no replacements or Field Works, no "
             "Active ZOC for motorized units, not alone in an enemy Active ZOC."),
    "13.3": ("Abilities", "They move normally."),
    "13.4": ("Removal", "At the end of each friendly segment, except those Repulsed in it."),
    "14.0": ("Mobile Assaults", "Combat in the middle of a move."),
    "14.1": ("Who", "Motorized units or units on trucks, one stack at a time."),
    "14.2": ("Cost", "The hex's entry cost plus two MPs; not across escarpments."),
    "14.3": ("Starting one", "Stop beside the target, pay, resolve at any odds; mandatory "
             "combat does not apply."),
    "14.4": ("Resolving", "Attack halved, no air, Advance counts as nothing, no "
             "disruption; the defender retreats only on Overrun, else the assaulting "
             "stack stops."),
    "14.5": ("Several", "With MPs left a stack may assault again."),
    "15.0": ("Selective Attacks", "Attacking only part of a mixed stack."),
    "15.1": ("Types", "The Active ZOC units alone, or both groups in two combats."),
    "15.2": ("Direct Support", "Motorized units under the stack lose their Active ZOC but "
             "cannot be singled out."),
    "15.3": ("Acting independently", "On top of the stack: Active ZOC kept, open to "
             "Selective Attacks."),
    "15.4": ("Rearranging", "Once per enemy segment, during the enemy's movement."),
    "15.5": ("Selective Mobile Assaults", "Against the Active ZOC units only; no entering the "
             "hex after it."),
    "16.0": ("Special units", "Recon, artillery, Army HQs, armored infantry, anti-tank, "
             "engineers, Gurkhas, amphibious."),
    "16.1": ("Recon", "Alone, they avoid combat on Advance or Overrun."),
    "16.2": ("Artillery", "Deploys to a stronger zero-MA side when it does not move; "
             "supports adjacent attacks and defences."),
    "16.3": ("Army HQs", "A supply source with long reach; never eliminated."),
    "16.4": ("Armored infantry", "An inherent Armor Effect Rating of 1."),
    "16.5": ("Anti-tank guns", "A non-tank rating counts only against tanks, one less "
             "when attacking, one more in an Improved Position."),
    "16.6": ("Engineers", "Double against Improved Positions, triple against "
             "Fortifications (divisional HQs too)."),
    "16.7": ("Gurkhas", "Double against Italians."),
    "16.8": ("Amphibious units", "Raids, in the advanced rules."),
    "17.0": ("Italians", "The Italian Table and isolated Italians."),
    "17.1": ("Attacking", "One die per attack: the Italians take no part, attack at half "
             "or at full strength; +2 with no German unit in the attack."),
    "17.2": ("Defending", "Isolated and without Germans: defence halved."),
    "18.0": ("Field Works", "Improved Positions and Fortifications."),
    "18.1": ("Both kinds", "Only the builder's (permanent ones can be taken); ZOCs reduced; "
             "tanks in them halved."),
    "18.2": ("Improved Positions", "Built by infantry that does not move: defence doubled, "
             "anti-tank +1; removed when left or entered."),
    "18.3": ("Fortifications", "On an Improved Position in a Primary Segment for a Resource "
             "Point: defence tripled, no armor superiority, attacker losses doubled; a "
             "vacant one defends at 1."),
    "18A": ("Permanent Fortifications", "Bardia, Mersa Matruh and the three hexes around "
            "Tobruk's port; Tobruk's count only across its perimeter."),
    "19.0": ("General Supply", "Checked in every friendly Supply Phase."),
    "19.1": ("In supply", "A Line of Supply to a Supply Source."),
    "19.2": ("Line of Supply", "Four motorized MPs or two hexes (nine or four to the Army "
             "HQ), not through enemy units, empty enemy ZOC hexes or three desert hexes in "
             "a row."),
    "19.3": ("Sources", "The friendly edge, the Army HQ with a line home, Supply Points, "
             "ports with capacity."),
    "19.4": ("Supply Points", "Never used up, unless isolated and actually supplying."),
    "19.5": ("Out of Supply", "Two hexes of movement, attack equal to steps, no armor "
             "rating, a shift for the attacker, attrition if isolated too."),
    "19.6": ("Attrition", "One die per step; 1 for Germans, 2 for Allies, 3 for Italians "
             "or less loses a step; Disrupted units one worse."),
    "19.7": ("Port supply", "In a Primary Segment a port's supply is checked on the "
             "Anti-Shipping Table."),
    "19.8": ("Resupplied", "A unit back in supply loses its marker; its allowance is halved "
             "that Movement Phase."),
    "20.0": ("Supply Points", "Attack Supply and General Supply."),
    "20.1": ("Receiving", "Two every turn at the Entry Box."),
    "20.2": ("Properties", "A limited number of supply units; moved by truck, rail, sea or "
             "air; captured when caught alone."),
    "20.3": ("Attack Supply", "Attackers need a Line of Supply to a Supply Point or are "
             "halved; two or more steps lost use the point up."),
    "20.4": ("Barrage supply", "The barrage's points are spent at once."),
    "20.5": ("Demolition and capture", "Destroy your own points before combat, or when the "
             "enemy walks in (harder); the rest are captured."),
    "21.0": ("Trucks", "Carry a brigade, two battalions, two infantry replacements or a "
             "Supply Point."),
    "21.1": ("Procedure", "Loading and unloading are free; the passenger moves no more."),
    "21.2": ("Properties", "No Active ZOC for the passenger, but Mobile Assaults and a "
             "two-hex advance."),
    "21.3": ("In combat", "Non-combat: caught alone or left with no combat unit, to the "
             "Cadre Box."),
    "21.4": ("Special transfer", "An empty truck jumps to any friendly hex on its line of "
             "communication in a Primary Segment."),
    "21.5": ("Attached trucks", "Divisional and Army HQs with the wheel carry like trucks."),
    "22.0": ("The railroad", "Allied rail movement and its destruction."),
    "22.1": ("Rail movement", "Allied only, Primary Segments, one RE or Supply Point along "
             "unbroken track joined to the edge, not through Axis units or ZOCs."),
    "22.2": ("Breaking and repairing", "An Axis unit breaks a rail hex for one MP; the "
             "Allies repair two a movement phase."),
    "23.0": ("Sea movement", "Port to port in Primary Segments."),
    "23.1": ("Procedure", "From a friendly port to another; nothing else that segment."),
    "23.2": ("Shipping Points", "What each piece costs aboard."),
    "23.3": ("Shipping limits", "Four for the Allies, two for the Axis plus eight from "
             "Italy."),
    "23.4": ("Port repair", "One box a Primary Segment for a Resource Point."),
    "23.5": ("Italy, Tripoli, Nile Delta", "Never damaged; unlimited, 6, unlimited."),
    "24.0": ("Ports", "Capacity, interdiction, demolition."),
    "24.1": ("Capacity", "The Shipping Points a port handles per Primary Segment."),
    "24.2": ("Interdiction", "Halved near enemy airfields, unless the convoys take the "
             "risk (+2 on the table)."),
    "24.3": ("Demolition", "One die per box left; each hit a box down."),
    "25.0": ("Anti-Shipping", "Every convoy risks the table."),
    "25.1": ("Convoys", "One per port of departure."),
    "25.2": ("Procedure", "Two dice on the worse port column, minus one per friendly "
             "airfield."),
    "25.3": ("Airfields", "Five on the map and Crete."),
    "25.4": ("Spotted", "A number means attack, a dash safe passage."),
    "25.5": ("Losses", "One die per step, Supply Point or truck: at or under the number it "
             "sinks."),
    "26.0": ("Malta", "The island's reach against Axis convoys."),
    "26.1": ("Convoys from Italy", "Rolled with Malta's Interdiction Value instead of "
             "airfields."),
    "26.2": ("The Malta track", "Each turn the Luftwaffe rolls to lower it or the Royal "
             "Navy to raise it."),
    "27.0": ("Off Map Boxes", "Italy, Tripoli, Sirte, the Nile Delta and Crete."),
    "27.1": ("Movement", "Motorized units leave boxes, one box a segment; entering from the "
             "edge costs one MP."),
    "27.2": ("Properties", "Unlimited stacking, no ZOC, always in supply, never entered by "
             "the enemy."),
    "27.3": ("Nile Delta", "The Allied Entry Box."),
    "27.4": ("Italy", "The Axis Entry Box, by sea only."),
    "27.5": ("Tripoli and Sirte", "Axis boxes west of the map, Tripoli through Sirte."),
    "27.6": ("Crete", "Never entered; its control gives an airfield."),
    "28.0": ("Cadres and replacements", "Rebuilding units."),
    "28.1": ("Cadre Box", "Units that lose their last step."),
    "28.2": ("Replacement units", "Restore a step or bring a cadre back; caught alone, "
             "back to the pool."),
    "28.3": ("Replacement Table", "One two-dice roll read on every column."),
    "28.4": ("Pool", "Only replacements in the pool can be received."),
    "28.5": ("Procedure", "A unit that does not move absorbs one in its hex; cadres come "
             "back where the replacement is."),
    "28.6": ("Restrictions", "One a unit a segment; tank replacements for tanks and recon."),
    "28.7": ("Special cases", "Trucks for a Resource Point; artillery, 88s and divisional "
             "HQs also need one."),
    "28.8": ("Random tanks", "Which tank comes back is drawn at random."),
    "28.9": ("Cadre elimination", "Brigades and regiments need two replacements out of the "
             "Cadre Box."),
    "28.10": ("Fragile units", "Libyan and Blackshirt units are never rebuilt."),
    "28.11": ("Transferring steps", "Between like units stacked together, in the "
              "Organization Segment."),
    "29.0": ("Recovered steps", "Part of the losses come back."),
    "29.1": ("Recovery", "Allied: half (a quarter when beaten); Axis: two thirds (a third "
             "when beaten); not for attrition, shipping or retreat losses."),
    "29.2": ("Status track", "Wounded and damaged tank steps kept in fractions."),
    "29.3": ("Returning", "Half each turn; a lone step on 1-3."),
    "29.4": ("Delivery", "To units in supply with a line home, or as replacements."),
    "29.5": ("Tank repair limit", "Axis two a turn; Allies one, two, three by year."),
    "30.0": ("Resource Points", "The currency of rare things."),
    "30.1": ("Receiving", "One a turn, four at most."),
    "30.2": ("Using", "Any friendly segment, on the Resource Chart's items."),
    "31.0": ("Turn Record Track", "Reinforcements, withdrawals, returns, removals, "
             "conversions; the scenario's end."),
    "31.1": ("Reinforcements", "Arrive in the Entry Box."),
    "31.2": ("Withdrawals", "Leave play at once."),
    "31.3": ("Reduced strength", "Missing steps are paid in replacements."),
    "31.4": ("Substitutes", "An isolated unit's withdrawal waits."),
    "31.5": ("Returns", "Withdrawn units come back as reinforcements."),
    "31.6": ("Removals", "Gone for good; their steps become replacements."),
    "31.7": ("Conversions", "A unit exchanged for its upgraded counter."),
    "32.0": ("Alexandria Garrison", "Four Allied steps stay in Alexandria unless it is "
             "surrounded or lost."),
    "33.0": ("Automatic victory", "Holding the enemy's edge with a supplied unit for two "
             "enemy segments wins."),
    # -- advanced rules (game options) --------------------------------------------------
    "34.0": ("German leadership", "An advanced rule: German steps in a combat change which "
             "Combat Table dice stand."),
    "34.1": ("Rolling again", "The Axis may roll 1s again when Germans attack; the Allies "
             "must roll 6s again against German defenders; a second 1 or 6 stays."),
    "34.2": ("Many dice", "With several white dice, one die again per four German steps."),
    "34.3": ("Montgomery", "From the first October 1942 turn the Allies keep their 6s."),
    "35.0": ("Restricted hexsides", "Five stacking points at most attack across an "
             "escarpment or a gap between the sea and a salt marsh or escarpment."),
    "36.0": ("Infantry and armour", "Infantry against tanks alone in the open is halved; "
             "tanks without infantry face better anti-tank ratings."),
    "36.1": ("Infantry against tanks", "Infantry-type attackers halved when only tanks "
             "defend outside Field Works, jebel and cities."),
    "36.2": ("Tanks without infantry", "Every non-tank defender rates one better."),
    "37.0": ("Combat motorized", "A foot brigade with a Truck on a motorized formation's "
             "card moves as motorized with an Active ZOC."),
    "38.0": ("Diversionary attack", "Magnitude one to four read as Sub-one; no advance, no "
             "overrun."),
    "39.0": ("Fog of war", "Only the top of an enemy stack shows until it is attacked at "
             "1-3 or better."),
    "40.0": ("The air game", "Air units help the ground battle, slow enemy roads and fight "
             "each other; airfields and Air HQs keep them flying."),
    "40.1": ("Air unit values", "Air-to-Air attack and defence, type (fighter, fighter-"
             "bomber, ground support, bomber), range in hexes and Ground Support Factor."),
    "40.2": ("Placing air units", "Any hex within range of an airfield or Air HQ with "
             "Support to spare; those not flying stay off the map."),
    "40.3": ("Missions", "Bombers support ground combat or interdict; Escorts guard them; "
             "Interceptors (half range) go for Escorts and Bombers within three hexes."),
    "40.4": ("The air sub-phase", "Before the attacks of a Primary or Secondary Segment: the "
             "attacker places, the defender places, the attacker's Interceptors, then "
             "Air-to-Air Combat; afterwards all but Interdiction come home."),
    "40.5": ("Air-to-Air Combat", "Attack minus defence gives the column; two dice; Escorts "
             "in a hex first; two Interceptors may team up when they outnumber the Escorts."),
    "40.6": ("Ground Support", "Each side adds its GSF over the hex attacked (the "
             "attacker's doubled in a Primary Segment), never more than the ground units' "
             "printed strength with artillery."),
    "40.7": ("Interdiction", "Around the air unit enemy roads and tracks cost 1 MP a hex, "
             "an escarpment road 1 MP more; it stays until the next Combat Phase."),
    "40.8": ("Inoperative", "An aborted air unit flies again after one whole friendly "
             "segment."),
    "40.9": ("Air replacements", "Each turn a player may bring back one air unit from the "
             "Cadre Box per Air HQ on the map (German and Italian HQs their own nation's "
             "only), Inoperative."),
    "40.10": ("Support", "An air unit without Support comes off before Air-to-Air "
              "Combat."),
    "40.11": ("Air HQs", "Set up or moved in a friendly Primary Segment and working from "
              "the next one; lost with an air unit; back for a Resource Point."),
    "40.12": ("Airfields", "Each printed airfield supports two air units, plus its Air "
              "HQ's own factor."),
    "41.0": ("Reaction", "The other player may move a few motorized units at a critical "
             "moment (not in the 4th edition)."),
    "41.1": ("When", "When an attack is declared, and between two segments in a row."),
    "41.2": ("The attack waits", "The attack is fought after the Reaction; the second "
             "segment begins after it."),
    "41.3": ("Reaction MPs", "Half a die, rounded down: 0 to 3 MPs shared among stacks."),
    "41.4": ("Reaction limits", "Motorized only, stacks stay together, within 3 MPs of the "
             "hex attacked; a hex left empty is not attacked and the attacker may advance."),
    "52.0": ("Lulls", "A Primary Segment without land movement or combat earns a Supply "
             "Point."),
    # -- special rules (scenarios) --------------------------------------------------------
    "42.0": ("Railroad construction", "The Allies extend the railroad from Mersa Matruh."),
    "42.1": ("Building", "One Resource Point a turn: one rail hex each friendly segment, "
             "never in an enemy ZOC."),
    "42.2": ("The Railhead", "The line is built one hex after another from Mersa Matruh."),
    "43.0": ("The Littorio", "The division arrives in Strategic Reserve."),
    "43.1": ("Strategic Reserve", "No combat, and no move ending within six hexes of the "
             "enemy."),
    "43.2": ("Released", "When Tobruk is Axis or an enemy unit comes next to it."),
    "43.3": ("Bought free", "The LZ for one Resource Point, the others for two each."),
    "44.0": ("The 5th Army", "Five Italian divisions wait in Tripoli: two freed when "
             "Bardia falls, the rest when Tobruk falls or the Allies pass Tmimi."),
    "45.0": ("Sonderverband 288", "Rebuilt no higher than its third step."),
    "46.0": ("French coastal waters", "Convoys to Tripoli roll 2 less until November "
             "1940."),
    "47.0": ("6 pounders", "When the schedule says so, an anti-tank unit or divisional HQ "
             "turns to its better side."),
    "48.0": ("Vicissitudes of war", "Extra tank replacements after great losses."),
    "48.1": ("Tobruk falls", "Eight Allied tank replacements in five turns; the 200th and "
             "361st motorized; the Littorio freed."),
    "48.2": ("Benghazi falls", "Four German tank replacements the next turn."),
    "49.0": ("Air transport", "With Malta at +2 or +3, a Resource Point buys the Ju 52s "
             "for a turn."),
    "49.1": ("Air transport's terms", "Malta at +2 or +3, a Resource Point; foot infantry, "
             "Supply Points and infantry replacements only."),
    "49.2": ("Flying in", "Three Shipping Points a Primary Segment from Italy to a friendly "
             "airfield ten hexes from the enemy's."),
    "50.0": ("Invasion of Malta", "Four Resource Points, Malta at -3 with the Luftwaffe, "
             "before July 1942."),
    "50.2": ("The landing", "1-4 Malta falls and stays at -3; the parachutists leave "
             "either way."),
    "51.0": ("Amphibious raids", "Hecker and the Marines land behind the lines."),
    "51.2": ("The raid", "From a friendly port to a vacant coastal hex through the "
             "Anti-Shipping Table; 1-2 on landing: Disrupted; supplied that segment; taken "
             "off again Disrupted."),
    "51.1": ("Raising a raider", "An infantry replacement and a Resource Point; two turns "
             "of training."),
}
