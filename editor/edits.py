"""Edits as data: each function returns the ``(path, value)`` changes of one edit.

Pure functions over a :class:`~editor.document.Document` (no Qt); the window
wraps what they return in an undo command.  An edit that would change nothing
returns an empty list.

The functions live in focused modules: :mod:`editor.edit_core` (the refusal
``InUse``, key checks, set/insert/delete at a path), :mod:`editor.space_edits`
(spaces and outlines), :mod:`editor.board_edits` (sides, links, boards) and
:mod:`editor.scenario_edits` (pieces, piece types, scenarios); this module
gathers them under one name, so callers write ``edits.paint(...)``.
"""

from __future__ import annotations

from .board_edits import (
    LINK_KINDS,
    SIDE_FEATURES,
    add_board,
    add_link,
    delete_board,
    delete_link,
    grid_board,
    set_link,
    toggle_side_feature,
)
from .edit_core import InUse, _naming, check_key, delete_at, insert_at, pieces_on, set_at, wkt
from .scenario_edits import (
    add_each_type,
    copy_scenario,
    delete_piece_type,
    delete_placement,
    delete_scenario,
    new_placement,
    new_scenario,
    place,
    rename_piece_type,
    set_scenario_board,
    set_scenario_id,
    set_up_like,
    type_users,
)
from .space_edits import (
    MIN_OUTLINE_AREA,
    _turns_back,
    add_space,
    delete_space,
    free_key,
    moved_vertex,
    paint,
    polygon_problem,
    rename_space,
    set_polygons,
    set_space_field,
    vertex_owners,
)

__all__ = [
    "LINK_KINDS", "MIN_OUTLINE_AREA", "SIDE_FEATURES", "InUse", "_naming", "_turns_back",
    "add_board", "add_each_type", "add_link", "add_space", "check_key", "copy_scenario",
    "delete_at",
    "delete_board", "delete_link", "delete_piece_type", "delete_placement", "delete_scenario",
    "delete_space", "free_key", "grid_board", "insert_at", "moved_vertex", "new_placement", "new_scenario",
    "paint", "pieces_on", "place", "polygon_problem", "rename_piece_type", "rename_space",
    "set_at", "set_link", "set_polygons", "set_scenario_board", "set_scenario_id", "set_up_like",
    "set_space_field", "toggle_side_feature", "type_users", "vertex_owners", "wkt",
]
