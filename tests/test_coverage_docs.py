"""The rules-coverage documents are checked against the tree and the rulebooks.

For every coverage document (``docs/rules-coverage.md`` for French Foreign
Legion, ``docs/games/<game>-rules-coverage.md`` for the others):

* every test it cites exists: the file (directly, or through an abbreviation
  such as ``T2`` = ``test_rule_2_setup.py`` defined in the document) and the
  test function, where a name or a pattern (``test_6_5_*``) is given;
* every code location of a ``code`` column exists: a file, a module and the
  name defined in it (``setup._place_ok``), or a name following a module in
  the same cell (```rules/setup.py` `side_roll`, `choosing```);
* every numbered rule of the rulebook (``../shared/rules/*.txt`` beside the
  checkout, or the folder named by ``FFL_RULEBOOKS``) is named in a rule cell of the document,
  alone or in a range (``6.5111-6.5114``); a rule the program does not enforce
  is listed too, with the reason in place of the test;
* every rule row names a test or says why there is none;
* every rule number the game's code names (``"6.1242"``; the paragraph ids of the
  card game and of Limits of Glory) is in a rule row too.

A failure names the document, the line and the missing item.  The rulebook
parts are skipped when the rulebooks are not on this machine.
"""

from __future__ import annotations

import re

import pytest
from coverage_docs_lib import (
    BOOK_RULES,
    DOCS,
    IDS,
    RULEBOOKS,
    TICKS,
    Doc,
    Row,
    abbreviation,
    book_line,
    cited_test_problem,
    code_cell_problems,
    code_rules,
    covered_rules,
    doc_lines,
    doc_rows,
    is_test_ref,
)

# -- the checks ------------------------------------------------------------------------

def _report(doc: Doc, problems: list[tuple[int, str]]) -> str:
    return f"{doc.path}: {len(problems)} problem(s)\n" + "\n".join(
        f"  {doc.path}:{line}: {text}" for line, text in problems)


@pytest.mark.parametrize("doc", DOCS, ids=IDS)
def test_every_cited_test_exists(doc: Doc):
    problems = []
    for i, line in enumerate(doc_lines(doc.path)):
        for span in TICKS.findall(line):
            if is_test_ref(span) or (re.fullmatch(r"\w+", span)
                                     and abbreviation(doc.path, span, i + 1)):
                why = cited_test_problem(doc, span, i + 1)
                if why:
                    problems.append((i + 1, why))
    assert not problems, _report(doc, problems)


@pytest.mark.parametrize("doc", DOCS, ids=IDS)
def test_every_cited_code_location_exists(doc: Doc):
    problems = []
    for row in doc_rows(doc.path):
        cell = row.cell("code", "module data")
        if cell:
            problems += [(row.line, why) for why in code_cell_problems(doc, cell)]
    assert not problems, _report(doc, problems)


def rule_rows(doc: Doc) -> list[Row]:
    return [r for r in doc_rows(doc.path) if r.header and r.header[0] == "rule"]


@pytest.mark.parametrize("doc", DOCS, ids=IDS)
def test_every_rule_row_names_a_test_or_a_reason(doc: Doc):
    problems = []
    for row in rule_rows(doc):
        last = row.cells[-1] if len(row.cells) == len(row.header) else ""
        if not last.strip(" -—–"):
            problems.append((row.line, f"rule `{row.cells[0]}` names no test and no reason"))
    assert not problems, _report(doc, problems)


@pytest.mark.parametrize("doc", DOCS, ids=IDS)
def test_every_rule_of_the_rulebook_is_in_the_doc(doc: Doc):
    book = RULEBOOKS / doc.book
    if not book.is_file():
        pytest.skip(f"rulebook {book} not on this machine (set FFL_RULEBOOKS)")
    rules = BOOK_RULES[doc.game](book.read_text(encoding="utf-8"))
    assert rules, f"no rules read from {book}"
    cells = [(r.line, r.cells[0]) for r in rule_rows(doc)]
    missing = [rule for rule in rules if not covered_rules(doc.game, rule, cells)]
    text = book.read_text(encoding="utf-8").splitlines()
    assert not missing, (
        f"{doc.path}: {len(missing)} rule(s) of {doc.book} in no rule cell "
        f"(list each, or as not applicable with the reason):\n"
        + "\n".join(f"  {doc.path}: missing rule {rule!s} ({doc.book}:{book_line(text, rule)})"
                     for rule in missing))


@pytest.mark.parametrize("doc", DOCS, ids=IDS)
def test_every_rule_the_code_names_is_in_the_doc(doc: Doc):
    cells = [(r.line, r.cells[0]) for r in rule_rows(doc)]
    if doc.game == "limits_of_glory":      # the label after the section is enough
        missing = sorted((rule, where) for rule, where in code_rules(doc).items()
                         if not covered_rules(doc.game, rule.split(": ", 1)[-1], cells))
    else:
        missing = sorted((rule, where) for rule, where in code_rules(doc).items()
                         if not covered_rules(doc.game, rule, cells))
    assert not missing, f"{doc.path}: rules the code names but no rule row does:\n" + \
        "\n".join(f"  {doc.path}: missing rule {rule} (named in {where})"
                  for rule, where in missing)
