"""Set-up data written as sentences a player reads at the table, each with its
rule number: ``{"leave_out": {"count_per_org": 1, "orgs": [...]}}`` becomes
"Leave out one unit of each of 1st Squad, 2nd Squad and 3rd Squad (the
player's choice)."  Keys this module does not know are still printed, as a
plain "Name: value" line, so nothing in the data is hidden.
"""

from __future__ import annotations

from typing import Any

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")
EDGES = {"N": "north", "S": "south", "E": "east", "W": "west"}
OPEN_WORDS = {"open": "open", "closed": "closed", "locked": "locked"}


def number(n: Any) -> str:
    return NUMBERS[n] if isinstance(n, int) and 0 <= n < len(NUMBERS) else str(n)


def humanize(key: str) -> str:
    """``leave_out`` -> ``Leave out``."""
    text = str(key).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def listing(items: list[str], last: str = "and") -> str:
    """``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(n: int, word: str) -> str:
    return f"{number(n)} {word}{'' if n == 1 else 's'}"


class Writer:
    """Sentences for one scenario's set-up; ``name`` turns ids into printed names."""

    def __init__(self, name, side_names: dict[str, str]) -> None:
        self.name = name
        self.side_names = side_names

    def side(self, side: str) -> str:
        return self.side_names.get(side, side.capitalize())

    def names(self, values: Any, last: str = "and") -> str:
        values = values if isinstance(values, list) else [values]
        return listing([self.name(v) for v in values], last)

    # -- places ----------------------------------------------------------------------------

    def place(self, spec: dict[str, Any]) -> str:
        """Where: ``inside the fort``, ``in the Barracks``, ``on squares A1 and B2``."""
        bits = []
        for key in ("building", "buildings"):
            if key in spec:
                bits.append(f"in the {self.names(spec[key], 'or')}")
        for key in ("area", "areas"):
            if key in spec:
                bits.append(f"in the {self.names(spec[key], 'or')} area"
                            f"{'s' if isinstance(spec[key], list) and len(spec[key]) > 1 else ''}")
        if "terrain" in spec:
            bits.append(f"inside the {self.names(spec['terrain'], 'or')}"
                        if spec["terrain"] in ("fort", "town", "building")
                        else f"on {self.names(spec['terrain'], 'or')} terrain")
        if "squares" in spec:
            bits.append(f"on square{'s' if len(spec['squares']) > 1 else ''} "
                        f"{listing(spec['squares'], 'or')}")
        if "adjacent_to" in spec:
            bits.append(f"next to the {self.name(spec['adjacent_to'])}")
        if "outside_adjacent_to" in spec:
            bits.append(f"outside, next to the {self.name(spec['outside_adjacent_to'])}")
        if "levels" in spec:
            bits.append(f"at level {listing(spec['levels'], 'or')}")
        return " ".join(bits)

    def who(self, spec: dict[str, Any], side: str) -> str:
        if "pieces" in spec:
            return self.names(spec["pieces"])
        if "org" in spec or "orgs" in spec:
            orgs = spec.get("org", spec.get("orgs"))
            count = spec.get("count")
            head = f"{plural(count, 'unit')} of " if isinstance(count, int) else ""
            return f"{head}{self.names(orgs)}"
        if "squads" in spec:
            return f"{plural(spec['squads'], 'squad')} of the {self.side(side)}"
        if "others" in spec:
            return f"Every other {self.side(side)} unit"
        return f"The {self.side(side)}"

    # -- a side's section --------------------------------------------------------------------

    def section(self, side: str, sec: dict[str, Any], units: int) -> list[str]:
        """The sentences of one side's set-up (``units``: its character units)."""
        who = self.side(side)
        out: list[str] = []
        rest = dict(sec)
        rest.pop("rule", None)
        place = rest.pop("place", None)
        where = rest.pop("where", None)
        spec = dict(where) if isinstance(where, dict) else {}
        for key in ("terrain", "building", "buildings", "area", "areas", "squares"):
            if key in rest and isinstance(rest[key], str | list):
                spec[key] = rest.pop(key)
        leave = rest.pop("leave_out", None)
        if isinstance(leave, dict) and leave.get("orgs"):
            n = leave.get("count_per_org", 1)
            out.append(f"First leave out {plural(n, 'unit')} of each of "
                       f"{self.names(leave['orgs'])} (the {who} player chooses which).")
        if place is not None:
            if units and units != place:
                what = f"{number(place)} of its {units} character units"
            elif units:
                what = f"all {number(place)} of its character units"
            else:
                what = f"{number(place)} units"
            where_text = f" {self.place(spec)}" if spec else " on the map"
            out.append(f"The {who} sets up {what}{where_text}.")
        elif spec:
            out.append(f"The {who} sets up {self.place(spec)}.")
        facing = rest.pop("facing", None)
        if facing == "required":
            out.append("Each unit is placed facing one of the directions its player picks.")
        elif facing in ("outward", "out"):
            out.append("Each unit is placed facing outward, away from the middle of the map.")
        if rest.pop("one_per_square_level", None):
            out.append("No two of its units may share a square at the same level.")
        # a side with its own words (19-23) says itself where its units start
        if rest.pop("off_board", None) and not isinstance(rest.get("text"), str):
            out.append(f"The {who} starts off the board and comes on during play.")
        ropes = rest.pop("ropes", None)
        if isinstance(ropes, dict):
            n = len(ropes.get("pieces", []))
            many = "any number of them" if ropes.get("any_number") else "one each"
            out.append(f"The {who} has {plural(n, 'rope')}; before play its player gives "
                       f"{many} to its {ropes.get('assign_to', 'character')} units to carry.")
        for item in rest.pop("restrictions", []) if isinstance(rest.get("restrictions"),
                                                               list) else []:
            out.append(self.restriction(side, item))
        worded = isinstance(rest.get("text"), str)
        if worded:                                     # 19-23 the scenario's own words
            out.append(rest.pop("text"))
        for item in rest.pop("limits", []) if isinstance(rest.get("limits"), list) else []:
            if isinstance(item, dict) and item.get("text"):
                out.append(f"{item.get('rule', '')} {item['text']}".strip())
        if worded:      # its words say what its numbers are (23.12's counts): no list
            out += [v["text"] for v in rest.values()
                    if isinstance(v, dict) and isinstance(v.get("text"), str)]
        else:
            out += self.plain(rest)
        return out

    def restriction(self, side: str, item: dict[str, Any]) -> str:
        rule = f"{item['rule']} " if item.get("rule") else ""
        if item.get("others") == "off-board":
            return f"{rule}Every other {self.side(side)} unit starts off the board."
        subject = self.who(item, side)
        where = self.place(item)
        extra = []
        if item.get("facing") in ("outward", "out"):
            extra.append("facing outward")
        if item.get("at_least_one_in"):
            extra.append(f"with at least one unit in the "
                         f"{self.names(item['at_least_one_in'], 'or')}")
        if item.get("weapons_in"):
            extra.append(f"(weapons are kept in the {self.name(item['weapons_in'])})")
        if item.get("not"):
            extra.append(f"(not {self.names(item['not'], 'or')})")
        if item.get("off_board"):
            where = "off the board"
        text = " ".join(b for b in [where, *extra] if b)
        single = (subject.startswith(("The ", "one ", "Every ")) or
                  (isinstance(item.get("pieces"), list) and len(item["pieces"]) == 1))
        subject = subject[:1].upper() + subject[1:]
        return f"{rule}{subject} set{'s' if single else ''} up {text or 'as its player likes'}."

    # -- the board and entry -------------------------------------------------------------------

    def board(self, sec: dict[str, Any]) -> list[str]:
        rest = dict(sec)
        rest.pop("rule", None)
        if isinstance(rest.get("text"), str):   # 19-23 the scenario's own words only
            return [rest["text"]]
        out = []
        for key, what in (("doors_windows", "Doors and windows"), ("gates", "The gates")):
            if key in rest:
                state = rest.pop(key)
                fixed = rest.pop(f"{key}_fixed", False)
                if state == "choose":
                    out.append(f"{what} start open or closed, as the players choose.")
                else:
                    out.append(f"{what} start {OPEN_WORDS.get(state, state)}"
                               f"{' and stay so all game' if fixed else ''}.")
        return out + self.plain(rest)

    def entry(self, sec: dict[str, Any]) -> list[str]:
        rest = dict(sec)
        rest.pop("rule", None)
        out = []
        edges = rest.pop("edges", None)
        if edges:
            out.append("Units coming from off the board enter across the "
                       f"{listing([EDGES.get(e, e) for e in edges], 'or')} edge.")
        if rest.get("new_org_each_turn"):
            out.append(f"The {self.side(rest.pop('new_org_each_turn'))} must bring a new "
                       "organization onto the board every turn.")
        if rest.pop("same_turn_same_edge", None):
            out.append("An organization enters all in one turn, across one edge.")
        return out + self.plain(rest)

    def plain(self, rest: dict[str, Any]) -> list[str]:
        """Keys with no sentence of their own: ``Name: value`` (nothing is hidden);
        a part with a ``text`` (19-23) is printed as that text."""
        out = []
        if isinstance(rest.get("text"), str):
            return [rest["text"]]
        for key, value in rest.items():
            if key in ("rule", "special"):
                continue
            if isinstance(value, dict) and isinstance(value.get("text"), str):
                out.append(value["text"])
                continue
            if isinstance(value, dict):
                inner = "; ".join(f"{humanize(k).lower()} {self.value(v)}"
                                  for k, v in value.items() if k != "rule")
                rule = f" ({value['rule']})" if value.get("rule") else ""
                out.append(f"{humanize(key)}{rule}: {inner}.")
            else:
                out.append(f"{humanize(key)}: {self.value(value)}.")
        return out

    def value(self, v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, list):
            return self.names(v) if v else "none"
        if isinstance(v, dict):
            return "; ".join(f"{humanize(k).lower()} {self.value(x)}" for k, x in v.items())
        return self.name(v) if isinstance(v, str) else str(v)
