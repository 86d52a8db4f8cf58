"""``ffl print SHEET --module FILE [--scenario ID]``: the sheets of a module made
in the editor (a hex map with its own terrains and a river, two sides, piece
types, a scenario with placements and set-up limits)."""

from __future__ import annotations

from print_helpers import first_page_png, ink, pdf_text

from editor import edits
from editor.document import Document, empty_dump
from editor.files import save_document
from ffl.cli import main


def authored(path) -> None:
    """The module a new user builds in the editor, saved through the editor."""
    data = empty_dump("valley", "", "Valley Crossing")
    data["module"]["attrs"] = {"terrains": {
        "clear": {"colour": "#eee8c8", "legend": "clear: 1 MP"},
        "woods": {"colour": "#5d8a4a", "pattern": "dots", "legend": "woods: 2 MP"}},
        "sides": {"red": {"colour": "red", "name": "Red Army"}}}
    data["boards"].append(edits.grid_board("hex", "map", 10, 8))
    doc = Document(data)
    doc.apply(edits.paint(doc, 0, ["0403", "0404", "0503"], {"terrain": "woods"}))
    doc.apply(edits.toggle_side_feature(doc, 0, "0202", "0302", "river"))
    for i, (tid, name, side) in enumerate((("inf", "Infantry", "red"),
                                           ("tank", "Tank", "blue"))):
        doc.apply(edits.insert_at(doc, ("piece_types", i), {
            "id": tid, "name": name, "side": side, "kind": "character", "org": "",
            "values": {"attack": 4, "defence": 3, "move": 5}}))
    doc.apply(edits.new_scenario(doc, "River Crossing", "map", ["red", "blue"]))
    doc.apply(edits.set_at(doc, ("scenarios", 0, "setup"), {
        "red": {"rule": "1.1", "where": {"terrain": "woods"}},
        "blue": {"rule": "1.2", "off_board": True}}))
    for n, (tid, side, space) in enumerate((("inf", "red", "0403"), ("tank", "blue", None))):
        doc.apply(edits.insert_at(doc, ("scenarios", 0, "placements", n), {
            "piece": f"{tid}-1", "type": tid, "side": side, "space": space, "level": 0,
            "facing": 2 if space else None, "status": "active" if space else "off",
            "data": {}}))
    save_document(doc, path)


def test_print_a_module_file_made_in_the_editor(tmp_path, capsys):
    module = tmp_path / "valley.ffl"
    authored(module)
    setup = tmp_path / "setup.pdf"
    assert main(["print", "setup-sheet", "--module", str(module), "-o", str(setup)]) == 0
    text = pdf_text(setup)
    assert "River Crossing" in text and "Red Army" in text
    assert "The Red Army sets up on woods terrain." in text
    assert "The Blue starts off the board and comes on during play." in text
    assert "Infantry Red Army 0403 0 SE" in text         # hex facings: N NE SE S SW NW
    board = tmp_path / "board.pdf"
    assert main(["print", "gameboard", "--module", str(module), "--scenario",
                 "valley/river-crossing", "-o", str(board), "--paper", "Letter"]) == 0
    text = pdf_text(board)
    assert "river" in text and "woods: 2 MP" in text and "0403" in text
    assert "Valley Crossing (module version 1) - River Crossing" in text
    assert ink(first_page_png(board)) > 0.01
    capsys.readouterr()
    assert main(["print", "gameboard", "--module", str(module), "--scenario", "valley/none",
                 "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "has no scenario 'valley/none' (it has: valley/river-crossing)" in err
    assert main(["print", "gameboard", "--module", str(tmp_path / "missing.ffl"),
                 "-o", str(tmp_path / "x.pdf")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
