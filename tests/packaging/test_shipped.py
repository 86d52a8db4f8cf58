"""The shipped data (``scenarios/``, ``resources/``) is found in a checkout and in
an installed wheel (:mod:`ffl.shipped`), and the wheel carries all of it
(``[tool.setuptools.data-files]`` in pyproject.toml)."""

from __future__ import annotations

import glob
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import PathDistribution
from pathlib import Path

import pytest

from ffl.about import icon_path, resources_dir
from ffl.catalog import module_path, scenarios_dir
from ffl.games import games
from ffl.games.ffl.rules import sight_templates
from ffl.shipped import installed_dir, resource, shipped_dir

ROOT = Path(__file__).resolve().parents[2]


def _shipped_files() -> set[str]:
    """Every file the programs may read, as its path in the wheel's data
    (``share/ffl/...``): all of resources/ and the module files."""
    files = [p for p in (ROOT / "resources").rglob("*") if p.is_file()]
    files += sorted((ROOT / "scenarios").glob("*.ffl"))
    return {"share/ffl/" + p.relative_to(ROOT).as_posix() for p in files}


def test_in_a_checkout_the_folders_beside_the_package_are_used():
    assert shipped_dir("resources").resolve() == ROOT / "resources"
    assert shipped_dir("scenarios").resolve() == ROOT / "scenarios"
    assert resources_dir() == shipped_dir("resources")
    assert resource("icons", "ffl.svg") == shipped_dir("resources") / "icons" / "ffl.svg"
    with pytest.raises(ValueError):
        shipped_dir("tests")


def test_every_file_the_programs_read_is_found_through_the_lookup(monkeypatch):
    monkeypatch.delenv("FFL_SCENARIOS_DIR", raising=False)
    assert scenarios_dir() == shipped_dir("scenarios")
    for name in ("ffl", "ffl-editor"):
        assert icon_path(name).is_file(), name
    assert sight_templates.path().is_file()
    assert sight_templates.path().parent == shipped_dir("resources")
    for game_id, info in games().items():
        if info.module_file:
            assert module_path(game_id).is_file(), game_id


def test_the_wheel_data_files_cover_every_shipped_file_in_its_folder():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data_files = config["tool"]["setuptools"]["data-files"]
    carried = set()
    for dest, patterns in data_files.items():
        for pattern in patterns:
            matched = [Path(p) for p in glob.glob(str(ROOT / pattern))]
            assert matched, f"{pattern} matches nothing"
            for path in matched:
                assert path.is_file(), path
                # the installed layout mirrors the repository's
                assert dest == "share/ffl/" + path.parent.relative_to(ROOT).as_posix(), path
                carried.add(f"{dest}/{path.name}")
    assert carried == _shipped_files()


def _installed_tree(prefix: Path, data: list[str]) -> PathDistribution:
    """A real install layout (virtualenv style) whose RECORD lists ``data``
    (paths under ``prefix``) beside the package's own files."""
    site = prefix / "lib" / "python3.11" / "site-packages"
    info = site / "ffl-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ffl\nVersion: 0.1.0\n")
    rows = ["ffl/__init__.py,,", "ffl-0.1.0.dist-info/METADATA,,"]
    for rel in data:
        (prefix / rel).parent.mkdir(parents=True, exist_ok=True)
        (prefix / rel).write_bytes(b"x")
        rows.append(f"../../../{rel},,")
    (info / "RECORD").write_text("\n".join(rows) + "\n")
    return PathDistribution(info)


def test_an_installed_wheel_s_data_is_found_through_its_file_list(tmp_path):
    dist = _installed_tree(tmp_path / "venv", ["share/ffl/resources/icons/ffl.svg",
                                               "share/ffl/scenarios/french-foreign-legion.ffl"])
    share = (tmp_path / "venv" / "share" / "ffl").resolve()
    assert installed_dir("resources", dist) == share / "resources"
    assert installed_dir("scenarios", dist) == share / "scenarios"


def test_an_install_without_data_files_is_not_taken_for_one(tmp_path):
    dist = _installed_tree(tmp_path / "venv", [])
    assert installed_dir("resources", dist) is None


@pytest.mark.slow
def test_the_built_wheel_carries_the_shipped_files(tmp_path):
    """``pip wheel .`` (as ``pip install .`` builds it): the data files are in."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(tmp_path)], check=True, timeout=600)
    (wheel,) = tmp_path.glob("ffl-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    data = {n.split(".data/data/", 1)[1] for n in names if ".data/data/" in n}
    assert data == _shipped_files()
    assert "ffl/shipped.py" in names
