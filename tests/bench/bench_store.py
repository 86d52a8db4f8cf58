"""Store benchmark: loading module files, bulk rows versus one ORM object per row.

Run from the repository root (a script, never collected by pytest)::

    python tests/bench/bench_store.py

Prints medians for loading a 600-square module and the shipped French Foreign
Legion module with ``ffl.store.load_module`` (SQLAlchemy Core, all rows of a
table in one select), beside a naive baseline measured in the same run: the
space rows read as one sqlmodel ORM object each and their geometry parsed one
by one (what the store deliberately avoids).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import shapely  # noqa: E402
from benchlib import median_ms  # noqa: E402
from sqlmodel import Session, create_engine, select  # noqa: E402

from ffl import catalog  # noqa: E402
from ffl.engine import Board, Module, PieceType, Space  # noqa: E402
from ffl.engine.grids import square_grid  # noqa: E402
from ffl.store import load_module, save_module  # noqa: E402
from ffl.store.schema import SpaceRow  # noqa: E402


def naive_orm_board(path: Path) -> Board:
    """One ORM object per space row, geometry parsed one by one, then the board."""
    engine = create_engine(f"sqlite:///{path}")
    with Session(engine) as session:
        rows = session.exec(select(SpaceRow)).all()
        spaces = [Space(row.key, shapely.from_wkb(row.geometry), row.kind,
                        json.loads(row.attrs), row.label) for row in rows]
    engine.dispose()
    return Board(spaces)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="ffl-bench-store-"))
    big = folder / "big.ffl"
    save_module(Module("big", "big", "Big", boards={"map": square_grid(30, 20)},
                       piece_types={"t": PieceType("t", "T")}), big)
    files = [("600-square grid", big)]
    shipped = catalog.module_path("ffl")
    if shipped.is_file():
        files.append(("French Foreign Legion module", shipped))
    print(f"{'file':32} {'load_module':>12} {'naive ORM board':>18}")
    for name, path in files:
        ours = median_ms(lambda p=path: load_module(p))
        naive = median_ms(lambda p=path: naive_orm_board(p))
        print(f"{name:32} {ours:10.1f} ms {naive:15.1f} ms")
    print("(load_module reads and validates every table and builds the module; the "
          "baseline reads only the spaces, one ORM object each, and builds the board)")


if __name__ == "__main__":
    main()
