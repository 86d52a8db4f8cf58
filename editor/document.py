"""The editable module document: a plain-data dump edited by path, no Qt.

The document holds a module as :func:`ffl.store.module_dump` data (dicts and
lists of JSON values, geometry as WKT).  Every edit is a list of
``(path, new value)`` pairs; :meth:`Document.apply` swaps the values in and
returns the ones it replaced, so an undo command can put them back exactly.
Values are never changed in place: an edit always replaces a whole value at a
path, so the old value a command keeps stays what it was.

Engine objects (``Board``, ``Module``) are built from the data on demand and
cached per board until that board is edited; a rebuilt board reuses the
adjacency derived for the same geometry (``board_cache``), so edits that leave
the outlines alone (attributes, levels, terrain, side features, links) do not
derive it again.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable, Sequence
from typing import Any

from ffl.engine import Board, BoardError, Module
from ffl.store import module_dump, module_from_dump

from .board_cache import GeometryCache, build_board

Path = tuple[Any, ...]
Change = tuple[Path, Any]

#: the marker value for "remove the item at this path" (lists and dicts)
DELETE = object()


class Insert:
    """Insert ``value`` at a list index (the path's last element) instead of replacing."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def empty_dump(module_id: str = "new", game: str = "", title: str = "New module") -> dict:
    """The dump of a module with nothing in it."""
    return module_dump(Module(module_id, game, title))


class Document:
    """A module being edited: plain data plus cached engine objects."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = copy.deepcopy(data)
        self._boards: dict[int, Board | Exception] = {}
        self.revision = 0
        #: the revision of the last edit under each path of one or two steps
        #: (``("boards", 2)``, ``("module",)``); ``(top, "*")``: items of ``top``
        #: added, removed or replaced, which may shift every index
        self.revisions: dict[tuple, int] = {}
        #: derived adjacency by geometry; None builds every board from scratch
        self.geometry: GeometryCache | None = GeometryCache()
        self.listeners: list[Callable[[Sequence[Path]], None]] = []

    @classmethod
    def from_module(cls, module: Module) -> Document:
        return cls(module_dump(module))

    # -- reading --------------------------------------------------------------------

    def get(self, path: Path) -> Any:
        node: Any = self.data
        for part in path:
            node = node[part]
        return node

    def board_index(self, name: str) -> int:
        for i, b in enumerate(self.data["boards"]):
            if b["name"] == name:
                return i
        raise KeyError(name)

    def board_names(self) -> list[str]:
        return [b["name"] for b in self.data["boards"]]

    def space_index(self, bi: int, key: str) -> int:
        for i, s in enumerate(self.data["boards"][bi]["spaces"]):
            if s["key"] == key:
                return i
        raise KeyError(key)

    def space_indexes(self, bi: int) -> dict[str, int]:
        """Space key -> index in the board's list (the first one of a duplicate key)."""
        out: dict[str, int] = {}
        for i, s in enumerate(self.data["boards"][bi]["spaces"]):
            out.setdefault(s["key"], i)
        return out

    def board(self, bi: int) -> Board:
        """The engine board of board ``bi`` (raises BoardError/ValueError if broken)."""
        hit = self._boards.get(bi)
        if hit is None:
            try:
                hit = self._build_board(bi)
            except (BoardError, ValueError, KeyError, TypeError) as exc:
                hit = exc
            self._boards[bi] = hit
        if isinstance(hit, Exception):
            raise hit
        return hit

    def built_boards(self) -> list[Board]:
        """The engine boards built so far (those that could be)."""
        return [b for b in self._boards.values() if not isinstance(b, Exception)]

    def _build_board(self, bi: int) -> Board:
        b = self.data["boards"][bi]
        if self.geometry is not None:
            return build_board(b, self.geometry)
        part = {"module": self.data["module"], "boards": [b]}
        return module_from_dump(part).boards[b["name"]]

    def module(self) -> Module:
        """The whole module as engine objects (raises if the data is inconsistent).

        Its boards are the cached ones (built through the geometry cache)."""
        if self.geometry is None:
            return module_from_dump(copy.deepcopy(self.data))
        rest = copy.deepcopy({k: v for k, v in self.data.items() if k != "boards"})
        module = module_from_dump({**rest, "boards": []})
        for bi, b in enumerate(self.data["boards"]):
            module.boards[b["name"]] = self.board(bi)
        return module

    def snapshot(self) -> tuple[bytes, int, dict]:
        """The document frozen for checks on another thread (its data pickled:
        bytes never change, and several times faster than a deep copy);
        :meth:`from_snapshot` there makes a document of it."""
        return (pickle.dumps(self.data, pickle.HIGHEST_PROTOCOL), self.revision,
                dict(self.revisions))

    @classmethod
    def from_snapshot(cls, snapshot: tuple[bytes, int, dict],
                      geometry: GeometryCache | None = None) -> Document:
        """A document of a :meth:`snapshot`, its boards built through
        ``geometry`` (that thread's own cache); no listeners."""
        doc = cls.__new__(cls)
        doc.data = pickle.loads(snapshot[0])
        doc._boards = {}
        doc.revision, doc.revisions = snapshot[1], dict(snapshot[2])
        doc.geometry = geometry
        doc.listeners = []
        return doc

    def revision_of(self, *prefix) -> int:
        """The revision of the last edit that may have changed the value at
        ``prefix`` (one or two steps: ``"module"``, ``("boards", 2)``); a cheap
        key for results that depend on that value only."""
        revs = self.revisions
        found = [revs.get(()), revs.get((prefix[0], "*")), revs.get(tuple(prefix))]
        return max((r for r in found if r is not None), default=0)

    def dump(self) -> dict[str, Any]:
        """The canonical dump of the module (as the store would write it)."""
        return module_dump(self.module())

    # -- writing --------------------------------------------------------------------

    def apply(self, changes: Sequence[Change]) -> list[Change]:
        """Apply ``changes`` in order; return the changes that undo them (in order)."""
        undo: list[Change] = []
        for path, value in changes:
            undo.append(self._set(path, value))
        undo.reverse()
        self._touched([p for p, _ in changes])
        return undo

    def _set(self, path: Path, value: Any) -> Change:
        parent = self.get(path[:-1])
        last = path[-1]
        if isinstance(value, Insert):
            parent.insert(last, value.value)
            return (path, DELETE)
        if value is DELETE:
            old = parent[last]
            del parent[last]
            return (path, Insert(old) if isinstance(parent, list) else old)
        if isinstance(parent, dict) and last not in parent:
            parent[last] = value
            return (path, DELETE)
        old = parent[last]
        parent[last] = value
        return (path, old)

    def _touched(self, paths: Sequence[Path]) -> None:
        self.revision += 1
        for p in paths:
            self.revisions[tuple(p[:1])] = self.revision
            if len(p) <= 2 and p:
                self.revisions[(p[0], "*")] = self.revision
            if len(p) >= 2:
                self.revisions[tuple(p[:2])] = self.revision
            if not p:
                self._boards.clear()
            elif p[0] == "boards":
                if len(p) < 2:
                    self._boards.clear()
                else:
                    self._boards.pop(p[1], None)
                    if len(p) == 2:   # a board added or removed: indexes shift
                        self._boards.clear()
        for listener in list(self.listeners):
            listener(paths)
