"""A module made from scratch with the editor's own document and edit functions
(as the editor window does when an author clicks New, adds piece types, a
scenario and places pieces), saved through the editor's save path."""

from __future__ import annotations

from pathlib import Path

from editor import edits
from editor.document import Document, empty_dump
from editor.files import save_document

MODULE_ID = "border-skirmish"
SCENARIO_ID = f"{MODULE_ID}/river-crossing"
#: piece type id -> (name, side, values)
TYPES = {
    "infantry": ("Infantry", "red", {"attack": 4, "back": "Disordered"}),
    "cavalry": ("Cavalry", "red", {"attack": 3, "move": 8}),
    "guns": ("Guns", "blue", {"attack": 6}),
    "militia": ("Militia", "blue", {"attack": 2}),
}
#: piece -> (type, space or None for off the map, facing)
PLACEMENTS = {
    "infantry-1": ("infantry", "0203", 0),
    "infantry-2": ("infantry", "0204", None),
    "cavalry-1": ("cavalry", None, None),
    "cavalry-2": ("cavalry", None, None),
    "guns-1": ("guns", "0805", 3),
    "militia-1": ("militia", "0706", None),
    "militia-2": ("militia", None, None),
}


def build_document(columns: int = 10, rows: int = 8) -> Document:
    """New module (hex grid), piece types, one scenario with pieces placed."""
    data = empty_dump(MODULE_ID, "", "Border Skirmish")
    data["boards"].append(edits.grid_board("hex", "map", columns, rows, "clear"))
    doc = Document(data)
    for type_id, (name, side, values) in TYPES.items():
        entry = {"id": type_id, "name": name, "side": side, "kind": "character", "org": "",
                 "values": values}
        doc.apply(edits.insert_at(doc, ("piece_types", len(doc.data["piece_types"])), entry))
    doc.apply(edits.new_scenario(doc, "River crossing", "map", ["red", "blue"]))
    for pid, (type_id, space, facing) in PLACEMENTS.items():
        entry = {"piece": pid, "type": type_id, "side": TYPES[type_id][1], "space": None,
                 "level": 0, "facing": None, "status": "off", "data": {}}
        placements = doc.data["scenarios"][0]["placements"]
        doc.apply(edits.insert_at(doc, ("scenarios", 0, "placements", len(placements)), entry))
        if space is not None:
            doc.apply(edits.place(doc, 0, pid, space, 0, facing))
    return doc


def write_module(path: Path) -> Path:
    save_document(build_document(), Path(path))
    return Path(path)
