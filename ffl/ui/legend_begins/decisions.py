"""The decisions The Legend Begins puts to a player in the middle of play (the pending
items of ``rules/pending.py`` and of the advanced rules' modules) and where the play
window answers each: :data:`ANSWERS` names the place for every action kind such an
item opens, and the test ``tests/ui/legend_begins/test_tlb_decisions.py`` keeps it
complete.

The unit choices (9.5 a step loss, 5.3 a unit eliminated from an overstacked hex, 5.5
a unit set aside so that seven stacking points defend) are answered in the Stack dock:
the hex the choice is about is chosen and lit on the map, the units the controller
offers are marked with what a double-click (or Enter) does, and the Segment dock says
what to do.  Every choice offered is one of the controller's legal actions."""

from __future__ import annotations

from ffl.engine import Action

#: action kind -> where the window answers it: "stack" a double-click (or Enter) on a
#: unit's row in the Stack dock; "map" a click on a lit hex (green to advance, blue to
#: retreat); "button" a button of the
#: Segment dock; "menu" the right-click menu of a hex; "end" End phase (E)
ANSWERS: dict[str, str] = {
    "loss": "stack", "eliminate": "stack", "aside": "stack",
    "retreat": "map", "advance": "map",
    "stay": "button", "demolish": "button", "decline": "button", "release": "button",
    "fly": "menu", "air-hq": "menu", "intercept": "menu", "air-lost": "menu",
    "air-replace": "menu", "react": "menu",
    "end-air": "end", "end-reaction": "end",
}

#: the unit choices of the Stack dock: kind -> (rule, the row's marker, the action
#: written first on the row, the dock's hint)
PICKS: dict[str, tuple[str, str, str, str]] = {
    "loss": ("9.5", "▶", "Take the loss",
             "9.5 Step loss: double-click the marked unit that takes it (or select it and "
             "press Enter)."),
    "eliminate": ("5.3", "✖", "Eliminate",
                  "5.3 Over seven stacking points: double-click (or Enter) each unit to "
                  "eliminate until seven or fewer are left."),
    "aside": ("5.5", "▶", "Set aside",
              "5.5 Only seven stacking points defend here, your choice: double-click (or "
              "Enter) each unit that sits out. All share the losses."),
}
#: the row of a unit set aside by the defender (5.5)
ASIDE_ROW = "— Set aside, does not defend: "


#: what the Segment dock says to do for a choice made elsewhere than in the Stack dock
ELSEWHERE: dict[str, str] = {
    "release": "44.0 Press Release… in this dock and pick the division the Italian 5th "
               "Army releases.",
    "demolish": "20.5 Press Demolish to attempt the demolition, or Decline.",
    "retreat": "11.0 Click a blue hex on the map to retreat the units there.",
    "advance": "12.0 Click a green hex to advance there, a blue hex to retreat (11.1), "
               "or press Stay.",
}


#: the row of a Supply Point a demolition decides (20.5)
STAKE_ROW = "20.5 At stake: "


def about(ui) -> tuple[set[str], str]:
    """A decision about a hex that is not a unit choice (20.5 / 24.3 a demolition): the
    pieces it decides and what the Stack dock says of it (empty when none)."""
    item = ui.prompt().info.get("pending") or {}
    if item.get("kind") != "demolish":
        return set(), ""
    sps = [p for p in item.get("sps") or []
           if ui.state.pieces[p].status == "active" and ui.state.pieces[p].space == item["hex"]]
    what = []
    if sps:
        n = len(sps)
        what.append(f"20.5 At stake: {n} Supply Point{'s' if n != 1 else ''} (marked). "
                    "Demolish: a die each, less two; a hit destroys it, the rest are "
                    "captured. Decline: all are captured.")
    if item.get("port"):
        what.append("24.3 At stake: the port's capacity. Demolish: a die a box, less two; "
                    "each hit lowers it.")
    return set(sps), " ".join(what)


def pick_kind(kinds) -> str | None:
    """The Stack dock choice the prompt opens (None: none)."""
    return next((k for k in PICKS if k in kinds), None)


def picks(ui) -> tuple[str | None, dict[str, Action]]:
    """The Stack dock choice now open and the controller's legal actions for it, by
    unit."""
    kind = pick_kind(ui.prompt().kinds)
    if kind is None:
        return None, {}
    return kind, {a["unit"]: a for a in ui.controller.legal_actions(ui.state)
                  if a.kind == kind}


def decision_hex(ui) -> str | None:
    """The hex a pending decision is about (5.3, 5.5 and 20.5 name one)."""
    item = ui.prompt().info.get("pending") or {}
    key = item.get("hex")
    return key if key in ui.scene.board else None


def todo(ui) -> str:
    """What the player who must answer a pending decision does in the window ("" when
    no decision is pending)."""
    prompt = ui.prompt()
    if not prompt.info.get("pending"):
        return ""
    kind = pick_kind(prompt.kinds)
    if kind is not None:
        where = decision_hex(ui)
        _kind, offered = picks(ui)
        if where is None and ui.chosen and any(
                ui.state.pieces[p].space == ui.chosen for p in offered):
            place = f" (hex {ui.chosen} is chosen)"      # 9.5 a hex of units to pick from
        else:
            place = f" (hex {where} is chosen and outlined in orange on the map)" \
                if where else " (click a hex to list its units)"
        return (f"{PICKS[kind][0]}: in the Stack dock{place}, double-click a unit marked "
                f"{PICKS[kind][1]}, or select it and press Enter. Key D shows the decision.")
    for k in prompt.kinds:
        if k in ELSEWHERE:
            return ELSEWHERE[k]
    return ""


def release_choices(ui) -> list[tuple[str, Action]]:
    """The releases open now (menu text, action): 44.0 a division of the Italian 5th
    Army (a decision), or in a Movement Phase 43.3 a Littorio unit out of Strategic
    Reserve for Resource Points.  Empty when none is legal, and then the Segment dock's
    Release… button is hidden."""
    out = []
    for a in ui.controller.releases(ui.state):      # (legal_actions' releases alone)
        if a.get("div"):
            out.append((f"Release the {a['div']} Division", a))
        elif a.get("unit"):
            out.append((f"43.3 Release {ui.label(a['unit'])} from Strategic Reserve", a))
    return out
