"""The tables of a module file and of a saved game (sqlmodel).

One file holds one module: a single ``module`` row (its ``kind`` says
``"module"`` or ``"save"``), then boards, spaces, sides, links, piece types,
scenarios and placements.  A saved game adds the ``game`` row and the ``event``
log.  Every ordered table has an integer ``seq`` so the module comes back in
the order it was written.  JSON columns hold text written by
:mod:`ffl.store.jsondata`; space geometry is WKB.

The file is marked as ours by ``PRAGMA application_id`` and versioned by
``PRAGMA user_version`` (see :mod:`ffl.store.migrations`).
"""

from __future__ import annotations

from sqlalchemy import Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

#: "FFLm" as a big-endian int: written into the SQLite header to mark our files.
APPLICATION_ID = 0x46464C6D


class ModuleRow(SQLModel, table=True):
    __tablename__ = "module"
    id: str = Field(primary_key=True)
    game: str
    title: str
    version: str = "1"
    kind: str = "module"            # "module" or "save"
    schema_version: int
    attrs: str = "{}"


class BoardRow(SQLModel, table=True):
    __tablename__ = "board"
    seq: int = Field(primary_key=True)
    name: str = Field(unique=True)
    attrs: str = "{}"


class SpaceRow(SQLModel, table=True):
    __tablename__ = "space"
    __table_args__ = (UniqueConstraint("board", "key"),)
    seq: int = Field(primary_key=True)
    board: str = Field(index=True)
    key: str
    kind: str
    label: str
    geometry: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    attrs: str = "{}"


class SideRow(SQLModel, table=True):
    __tablename__ = "side"
    seq: int = Field(primary_key=True)
    board: str
    a: str
    b: str
    features: str = "[]"
    attrs: str = "{}"


class LinkRow(SQLModel, table=True):
    __tablename__ = "link"
    seq: int = Field(primary_key=True)
    board: str
    a: str
    b: str
    kind: str
    directed: bool = False
    attrs: str = "{}"


class PieceTypeRow(SQLModel, table=True):
    __tablename__ = "piece_type"
    seq: int = Field(primary_key=True)
    id: str = Field(unique=True)
    name: str
    side: str = ""
    kind: str = "character"
    org: str = ""
    values: str = "{}"


class ScenarioRow(SQLModel, table=True):
    __tablename__ = "scenario"
    seq: int = Field(primary_key=True)
    id: str = Field(unique=True)
    game: str
    title: str
    board: str
    description: str = ""
    sides: str = "[]"
    options: str = "{}"
    setup: str = "{}"


class PlacementRow(SQLModel, table=True):
    __tablename__ = "placement"
    __table_args__ = (UniqueConstraint("scenario", "piece"),)
    seq: int = Field(primary_key=True)
    scenario: str = Field(index=True)
    piece: str
    type: str
    side: str = ""
    space: str | None = None
    level: int = 0
    facing: int | None = None
    status: str = "active"
    data: str = "{}"


class GameRow(SQLModel, table=True):
    __tablename__ = "game"
    seq: int = Field(primary_key=True)
    scenario_id: str
    options: str = "{}"
    seed: int
    meta: str = "{}"


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    seq: int = Field(primary_key=True)
    data: str
    #: the hash chaining this event to the one before (schema 3; "" in older files)
    chain: str = ""


class BookmarkRow(SQLModel, table=True):
    """A bookmark or note on the position after event ``event`` (0: the start)."""
    __tablename__ = "bookmark"
    seq: int = Field(primary_key=True)
    event: int
    bookmark: bool = False
    note: str = ""


MODULE_TABLES = [t.__table__ for t in (
    ModuleRow, BoardRow, SpaceRow, SideRow, LinkRow, PieceTypeRow, ScenarioRow, PlacementRow)]
SAVE_TABLES = [GameRow.__table__, EventRow.__table__]
#: written only when a game has bookmarks or notes (a file without them has no such table)
NOTE_TABLES = [BookmarkRow.__table__]
