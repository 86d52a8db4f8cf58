"""What tests/test_coverage_docs.py reads: the coverage documents, the tests and code
of the tree, and the rulebooks' rule numbers (see that file for what is checked)."""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the rulebooks: FFL_RULEBOOKS, else ../shared/rules beside the checkout
RULEBOOKS = Path(os.environ.get("FFL_RULEBOOKS", ROOT.parent / "shared" / "rules"))


@dataclass(frozen=True)
class Doc:
    path: str          # the coverage document, from the repository root
    book: str          # the rulebook's file under RULEBOOKS
    game: str          # ffl/games/<game>, tests/games/<game>
    ui: str            # ffl/ui/<ui>


DOCS = (
    Doc("docs/rules-coverage.md", "french-foreign-legion.txt", "ffl", "ffl"),
    Doc("docs/games/phantom_fury-rules-coverage.md", "phantom-fury.txt",
        "phantom_fury", "phantom_fury"),
    Doc("docs/games/limits_of_glory-rules-coverage.md", "limits-of-glory.txt",
        "limits_of_glory", "limits_of_glory"),
    Doc("docs/games/legend_begins-rules-coverage.md", "the-legend-begins.txt",
        "legend_begins", "legend_begins"),
    Doc("docs/games/card_game-rules-coverage.md", "foreign-legion-card-game.txt",
        "card_game", "card_game"),
)
IDS = [d.game for d in DOCS]

TICKS = re.compile(r"`([^`]+)`")


# -- reading a document ----------------------------------------------------------------

@dataclass
class Row:
    line: int                 # 1-based line number in the document
    header: tuple[str, ...]   # the table's column names, lower case
    cells: tuple[str, ...]

    def cell(self, *names: str) -> str | None:
        for name in names:
            if name in self.header and self.header.index(name) < len(self.cells):
                return self.cells[self.header.index(name)]
        return None


def _split(line: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in line.strip().strip("|").split("|"))


@cache
def doc_lines(path: str) -> tuple[str, ...]:
    return tuple((ROOT / path).read_text(encoding="utf-8").splitlines())


@cache
def doc_rows(path: str) -> tuple[Row, ...]:
    rows, header = [], None
    lines = doc_lines(path)
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            header = None
            continue
        if header is None:
            header = tuple(c.lower() for c in _split(line))
            continue
        if set(line.replace("|", "").strip()) <= set("-: "):
            continue
        rows.append(Row(i + 1, header, _split(line)))
    return tuple(rows)


@cache
def abbreviations(path: str) -> tuple[tuple[int, str, str], ...]:
    """(line, abbreviation, file) for every ``ABBR` = `file.py`` of the document."""
    text = "\n".join(doc_lines(path))
    found = []
    for m in re.finditer(r"`(\w+)`\s+=\s+`((?:tests/[^`]*/)?test_[^`/]+\.py)`", text):
        found.append((text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2)))
    for m in re.finditer(r"`((?:tests/[^`]*/)?test_[^`/]+\.py)`\s*\(`(\w+)`\)", text):
        found.append((text.count("\n", 0, m.start()) + 1, m.group(2), m.group(1)))
    return tuple(found)


def abbreviation(path: str, name: str, line: int) -> str | None:
    """The file an abbreviation stands for at a line: the last definition before it."""
    before = [f for (n, a, f) in abbreviations(path) if a == name and n <= line]
    after = [f for (n, a, f) in abbreviations(path) if a == name and n > line]
    return (before or [None])[-1] or (after or [None])[0]


# -- the tests of the tree -------------------------------------------------------------

@cache
def names_of_tests(file: Path) -> frozenset[str]:
    """Every function defined in a test file (tests and helpers)."""
    return frozenset(DEF.findall(module_source(file)))


@cache
def all_test_names() -> tuple[str, ...]:
    return tuple(sorted(set().union(*(names_of_tests(f) for f in all_test_files()
                                      if f.name.startswith("test")))))


@cache
def all_test_files() -> tuple[Path, ...]:
    return tuple(sorted((ROOT / "tests").rglob("*.py")))


def find_test_file(doc: Doc, name: str) -> Path | None:
    for base in (ROOT, ROOT / "tests" / "games" / doc.game, ROOT / "tests"):
        if (base / name).is_file():
            return base / name
    hits = [f for f in all_test_files() if f.as_posix().endswith("/" + name)]
    return hits[0] if hits else None


def _pattern(name: str) -> str:
    return re.sub(r"\[.*\]$", "", name)


def cited_test_problem(doc: Doc, span: str, line: int) -> str | None:
    """Why a backticked test citation does not hold, or None."""
    if "::" in span:
        left, name = span.split("::", 1)
    elif span.endswith(".py"):
        left, name = span, None
    elif re.fullmatch(r"\w+", span) and abbreviation(doc.path, span, line):
        left, name = span, None
    else:
        left, name = None, span
    file = None
    if left is not None:
        target = left if left.endswith(".py") else abbreviation(doc.path, left, line)
        if target is None:
            return f"`{left}` is no abbreviation the document defines"
        file = find_test_file(doc, target)
        if file is None:
            return f"no test file `{target}`"
    if name is None:
        return None
    pattern = _pattern(name)
    names = names_of_tests(file) if file else all_test_names()
    if any(fnmatch.fnmatchcase(t, pattern) for t in names):
        return None
    where = file.relative_to(ROOT).as_posix() if file else "tests/"
    return f"no test matching `{name}` in {where}"


def is_test_ref(span: str) -> bool:
    if "::" in span:
        return True
    base = span.rsplit("/", 1)[-1]
    if span.endswith(".py"):
        return base.startswith("test_") or span.startswith("tests/")
    return bool(re.fullmatch(r"test_[\w*]+(\[[^\]]*\])?", span))


# -- the code of the tree --------------------------------------------------------------

@cache
def module_source(file: Path) -> str:
    return file.read_text(encoding="utf-8")


# Definitions are read with patterns, not parsed: the check reads ~150 modules and
# must stay fast.  A name counts as defined by ``def``/``class`` or an assignment
# (``self.x =`` included); ``top`` only at the module's top level.
DEF = re.compile(r"^[ \t]*(?:async\s+)?(?:def|class)\s+(\w+)", re.M)
TOP_DEF = re.compile(r"^(?:async\s+)?(?:def|class)\s+(\w+)", re.M)
ASSIGN = re.compile(r"^([ \t]*)((?:self\.)?\w+(?:\s*,\s*(?:self\.)?\w+)*)\s*"
                    r"(?::[^=\n]+)?(?:[-+|*]?=)(?!=)", re.M)
IMPORT = re.compile(r"^[ \t]*from\s+\S+\s+import\s+(\([^)]*\)|[^\n]+)", re.M)


@cache
def _facts(file: Path) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    src = module_source(file)
    defined, top = set(DEF.findall(src)), set(TOP_DEF.findall(src))
    for indent, targets in ASSIGN.findall(src):
        names = {t.strip().removeprefix("self.") for t in targets.split(",")}
        defined |= names
        if not indent:
            top |= names
    imported = set()
    for group in IMPORT.findall(src):
        for part in group.strip("()").replace("\n", " ").split(","):
            words = part.split("#")[0].split()
            if words:
                imported.add(words[-1])
    return frozenset(defined), frozenset(top), frozenset(imported)


def defined_names(file: Path) -> frozenset[str]:
    return _facts(file)[0]


def top_level_names(file: Path) -> frozenset[str]:
    return _facts(file)[1]


def imported_names(file: Path) -> frozenset[str]:
    return _facts(file)[2]


@cache
def ffl_files() -> tuple[Path, ...]:
    return tuple(sorted((ROOT / "ffl").rglob("*.py")))


def code_roots(doc: Doc) -> tuple[Path, ...]:
    return (ROOT / "ffl" / "games" / doc.game, ROOT / "ffl" / "ui" / doc.ui,
            ROOT / "ffl" / "printing" / doc.game, ROOT / "ffl", ROOT)


@cache
def modules_named(doc: Doc, name: str) -> tuple[Path, ...]:
    """The modules ``name.py`` (or ``name/__init__.py``), nearest root first."""
    named = [f for f in ffl_files()
             if f.stem == name or (f.stem == "__init__" and f.parent.name == name)]
    hits = [f for root in code_roots(doc)[:-1] for f in named if root in f.parents]
    return tuple(f for f in dict.fromkeys(hits) if not _other_game(doc, f))


def _other_game(doc: Doc, file: Path) -> bool:
    """A file of another game's package, UI or print-outs."""
    parts = file.relative_to(ROOT).parts
    return (len(parts) > 3 and parts[0] == "ffl" and parts[1] in ("games", "ui", "printing")
            and (ROOT / "ffl" / "games" / parts[2]).is_dir() and parts[2] != doc.game)


def resolve_path(doc: Doc, path: str) -> tuple[Path, ...]:
    for root in code_roots(doc):
        for cand in (root / path, root / "rules" / path):
            if cand.is_file() or cand.is_dir():
                return (cand,)
    return ()


@cache
def classes_named(doc: Doc, name: str) -> tuple[Path, ...]:
    """The modules defining class ``name``, then the game's package (mixins)."""
    pattern = re.compile(rf"^\s*class {re.escape(name)}\b", re.M)
    hits = [f for f in ffl_files() if pattern.search(module_source(f))]
    if not hits:
        return ()
    package = ROOT / "ffl" / "games" / doc.game
    return tuple(hits) + tuple(f for f in ffl_files() if package in f.parents)


def _word_in(files, name: str) -> bool:
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return any(pattern.search(module_source(f)) for f in files if f.is_file())


def _now_in(doc: Doc, name: str) -> str:
    """Where the game's package defines ``name`` now (a hint after a file split)."""
    package = ROOT / "ffl" / "games" / doc.game
    hits = [f.relative_to(ROOT).as_posix() for f in ffl_files()
            if package in f.parents and name in defined_names(f)]
    return f" (defined in {', '.join(hits)})" if hits else ""


def code_cell_problems(doc: Doc, cell: str) -> list[str]:
    problems: list[str] = []
    current: tuple[Path, ...] = ()
    end = 0
    for m in TICKS.finditer(cell):
        between, end = cell[end:m.start()], m.end()
        if not re.fullmatch(r"\s*(,|/|\(|and)?\s*", between):
            current = ()          # after plain words: a name of another kind
        span = re.sub(r"\(.*\)$", "", m.group(1).strip())
        if not span or re.search(r"[\s\[\]\"'=<>{}*,]", span) or span.startswith("-"):
            continue
        path_part, _, dotted = span, "", ""
        if "/" in span:
            head, tail = span.rsplit("/", 1)
            if tail.endswith(".py") or "." not in tail:
                files = resolve_path(doc, span) or resolve_path(doc, span + ".py")
                if not files:
                    problems.append(f"no file `{span}`")
                current = tuple(f for f in files if f.is_file())
                continue
            mod, _, dotted = tail.partition(".")
            path_part = f"{head}/{mod}.py"
            current = resolve_path(doc, path_part)
            if not current:
                problems.append(f"no module `{path_part}` (from `{span}`)")
                continue
        elif span.endswith(".py"):
            current = modules_named(doc, span[:-3])
            if not current:
                problems.append(f"no module `{span}`")
            continue
        elif "." in span:
            first, _, dotted = span.partition(".")
            mods = modules_named(doc, first)
            if mods:
                current = mods
            elif classes_named(doc, first):
                current = classes_named(doc, first)
            else:
                continue          # not a code location (``ctx.tables``, ``data.hq``)
        else:
            if not current and not re.fullmatch(r"\s*(,|/|\(|and)?\s*", between):
                continue          # ``pending `retreat```: an action or a key, not code
            mods = modules_named(doc, span)
            if mods and not any(span in top_level_names(f) for f in current):
                current = mods
                continue
            if current and not _word_in(current, span):
                where = ", ".join(f.relative_to(ROOT).as_posix() for f in current)
                problems.append(f"`{span}` is not in {where}{_now_in(doc, span)}")
            continue
        for attr in [a for a in dotted.split(".") if a]:
            if not any(attr in defined_names(f) | imported_names(f) for f in current):
                where = ", ".join(f.relative_to(ROOT).as_posix() for f in current)
                problems.append(f"`{attr}` (from `{span}`) is not defined in {where}"
                                f"{_now_in(doc, attr)}")
                break
    return problems


# -- the rulebooks --------------------------------------------------------------------
# Each book numbers its rules its own way: French Foreign Legion "6.5111" (each digit
# after the point one level down), The Legend Begins "40.11" (section.paragraph;
# "21.0" the section), Phantom Fury none (its cross-references, "[13.4.8.2]", fix
# the numbers), Limits of Glory and the card game headings ("Combat" and its
# paragraphs "Draws: ...", "Deal" and its "1." paragraphs).

def ffl_rules(text: str) -> list[str]:
    rules = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:[•-]\s*)*(\d+)\.(\d*):?\s+\S", line)
        if m and (m.group(2) or re.match(r"^\s*(?:•\s*)?\d+\.\s+[A-Z]", line)):
            rules.append(f"{m.group(1)}.{m.group(2)}" if m.group(2) else m.group(1))
    return list(dict.fromkeys(rules))


def lb_rules(text: str) -> list[str]:
    """The headings "40.11 Air HQs", "18A ...": a heading printed with the wrong
    section ("19.1 Procedure" inside 21.0) or twice ("4.1" for 4.2) is read as
    its place in the book gives it."""
    rules, section, last = [], None, 0
    for line in text.splitlines():
        m = re.match(r"^(\d+)\.(\d+)\s+[A-Z0-9]", line)
        if m:
            major, minor = int(m.group(1)), int(m.group(2))
            if minor == 0:
                if f"{major}" in rules:
                    break                     # the updated rules at the end
                section, last = major, 0
                rules.append(f"{major}")
                continue
            printed = f"{major}.{minor}"
            if section is not None and major != section:
                major = section                 # either number holds
            elif minor <= last:
                minor, printed = last + 1, None  # only the place's number holds
            last = minor
            place = f"{major}.{minor}"
            rules.append(place if printed in (None, place) else f"{place}/{printed}")
        m = re.match(r"^(\d+[A-Z])\s+[A-Z]", line)
        if m:
            rules.append(m.group(1))
    return list(dict.fromkeys(rules))


def pf_rules(text: str) -> list[str]:
    found = re.findall(r"(?<![\d.])(\d+(?:\.\d+)+)(?![\d.]*\d)", text)
    found += re.findall(r"\[(\d+)\]", text)
    return sorted(set(found), key=lambda r: tuple(int(p) for p in r.split(".")))


def log_rules(text: str) -> list[str]:
    """Standalone heading lines and the "Label:" openings of paragraphs."""
    lines = [s.strip() for s in text.splitlines()]
    rules = []
    for i, s in enumerate(lines[4:], start=4):      # after the title
        if not s:
            continue
        alone = not lines[i - 1] and (i + 1 >= len(lines) or not lines[i + 1])
        if (alone and len(s) < 45 and s[0].isupper() and ":" not in s
                and not re.search(r"[.;,]$", s)):
            rules.append(s)
            continue
        m = re.match(r"^([A-Z][A-Za-z' ,/()&-]{1,50}?):\s", s)
        if m and len(m.group(1).split()) <= 7 and not lines[i - 1]:
            rules.append(m.group(1))
    skip = {"Table of Contents", "Example", "Source note"}
    return [r for r in dict.fromkeys(rules) if r not in skip]


def cg_rules(text: str) -> list[str]:
    rules, section = [], None
    for line in text.splitlines():
        s = line.strip()
        if re.fullmatch(r"[A-Z][A-Z .]+", s) and "LTD" not in s and len(s) < 30:
            section = s.rstrip(".").title() if s != "N.B." else s
            if s not in ("FOREIGN LEGION", "CARD GAME", "THE GAME"):
                rules.append(section)
            continue
        m = re.match(r"^\*?(\d+\.|\([a-z]\))\s", s)
        if m and section:
            rules.append(f"{section} {m.group(1).rstrip('.')}")
    return list(dict.fromkeys(rules))


BOOK_RULES = {"ffl": ffl_rules, "legend_begins": lb_rules, "phantom_fury": pf_rules,
              "limits_of_glory": log_rules, "card_game": cg_rules}
NUMBERED = {"ffl", "legend_begins", "phantom_fury"}


def rule_key(game: str, number: str) -> tuple[int, ...]:
    major, _, rest = number.partition(".")
    if game == "ffl":
        return (int(major),) + tuple(int(c) for c in rest)
    parts = tuple(int(p) for p in number.split("."))
    while len(parts) > 1 and parts[-1] == 0:
        parts = parts[:-1]
    return parts


NUM = r"\d+(?:\.\d+)*"


@cache
def cell_rules(game: str, cells: tuple[tuple[int, str], ...]):
    """The singles, ranges and ``N.x`` wildcards the rule cells name."""
    singles, ranges, wild, words = set(), [], set(), []
    for _, cell in cells:
        words.append(_norm(cell))
        lead = re.match(r"^(?:[\d.x]+|\s|,|-|–|and\b|&)+", cell)
        lead_text = lead.group(0) if lead else ""
        rest = cell[len(lead_text):]
        for text, plain in ((lead_text, True), (rest, False)):
            for m in re.finditer(rf"({NUM})\s*[-–]\s*({NUM})", text):
                if plain or "." in m.group(1):
                    ranges.append((rule_key(game, m.group(1)), rule_key(game, m.group(2))))
            text = re.sub(rf"({NUM})\s*[-–]\s*({NUM})", " ", text)
            for m in re.finditer(rf"({NUM})\.x\b", text):
                wild.add(rule_key(game, m.group(1)))
            for m in re.finditer(rf"(?<![\d.])({NUM})(?![\d])", text):
                if plain or "." in m.group(1):
                    singles.add(rule_key(game, m.group(1).rstrip(".")))
    return singles, ranges, wild, words


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").lower())


def covered_rules(game: str, rule: str, cells) -> bool:
    if "/" in rule:     # a heading printed with another section's number
        return any(covered_rules(game, r, cells) for r in rule.split("/"))
    singles, ranges, wild, words = cell_rules(game, tuple(cells))
    if game not in NUMBERED or not re.fullmatch(NUM, rule):
        return any(_norm(rule) in w for w in words)
    key = rule_key(game, rule)
    if key in singles or any(key[:len(p)] == p for p in wild):
        return True
    if any(a <= key <= b and len(key) <= max(len(a), len(b)) for a, b in ranges):
        return True
    if len(key) == 1:   # a section: named, or through its paragraphs
        return any(k[0] == key[0] for k in singles | {a for a, _ in ranges})
    return False


def book_line(lines: list[str], rule: str) -> int | str:
    """The rulebook line where a rule (or a heading) first appears, for the message."""
    for r in rule.split("/")[::-1]:
        pattern = re.compile(rf"(?<![\w.]){re.escape(r)}(?![\w]|\.\d)")
        for i, line in enumerate(lines):
            if pattern.search(line):
                return i + 1
    return "?"


RULE_LITERAL = re.compile(r'(?<![\w.])"(\d+\.\d+(?:\.\d+)*)"')


def code_rules(doc: Doc) -> dict[str, str]:
    """The rule numbers the game's code names (string literals such as ``"6.1242"``;
    the card game: its paragraph ids), each with a module that names it."""
    if doc.game == "card_game":
        from ffl.games.card_game.tables import RULES

        return {rule: "ffl/games/card_game/tables.py" for rule in RULES}
    if doc.game == "limits_of_glory":      # the ids of tables.py ("Combat: Draws")
        src = module_source(ROOT / "ffl" / "games" / doc.game / "tables.py")
        return {rule: "ffl/games/limits_of_glory/tables.py"
                for rule in re.findall(r'^[A-Z_0-9]+ = "([A-Z][^"]*)"', src, re.M)
                if ":" in rule or rule in ("Set Up", "Conceding", "Mamluks Changing Sides")}
    found: dict[str, str] = {}
    package = ROOT / "ffl" / "games" / doc.game
    for f in ffl_files():
        if package in f.parents:
            for m in RULE_LITERAL.finditer(module_source(f)):
                found.setdefault(m.group(1), f.relative_to(ROOT).as_posix())
    return found
