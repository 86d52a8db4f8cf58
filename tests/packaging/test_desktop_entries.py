"""Freedesktop files: the .desktop entries and the AppStream metainfo pass the
reference validators and say what a desktop needs (programs, icons, types)."""

import configparser
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import ffl

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
DESKTOP_FILES = sorted(LINUX.glob("*.desktop"))
METAINFO = LINUX / "io.github.ffl.Ffl.metainfo.xml"


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (Debian package: "
                    f"{'desktop-file-utils' if name.startswith('desktop') else 'appstream'})")
    return path


def test_desktop_files_are_the_three_entries():
    assert [p.name for p in DESKTOP_FILES] == [
        "io.github.ffl.Ffl.desktop", "io.github.ffl.FflEditor.desktop",
        "io.github.ffl.FflOpen.desktop"]


@pytest.mark.parametrize("path", DESKTOP_FILES, ids=lambda p: p.name)
def test_desktop_file_validate_passes(path):
    tool = _tool("desktop-file-validate")
    result = subprocess.run([tool, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "", result.stdout  # not even a hint or warning


def test_player_entry_starts_ffl_in_the_games_menu():
    entry = _entry(LINUX / "io.github.ffl.Ffl.desktop")
    assert entry["Exec"] == "ffl"
    assert entry["Icon"] == "io.github.ffl.Ffl"
    assert entry["Categories"] == "Game;StrategyGame;"
    assert entry.get("NoDisplay", "false") == "false"


def test_saved_games_open_in_the_player():
    entry = _entry(LINUX / "io.github.ffl.FflOpen.desktop")
    assert entry["Exec"] == "ffl open %f"        # the CLI's command for a file
    assert entry["MimeType"] == "application/x-ffl-save;"
    assert entry["NoDisplay"] == "true"          # a handler, not a second menu item
    assert entry["Icon"] == "io.github.ffl.Ffl"


def test_modules_open_in_the_editor():
    entry = _entry(LINUX / "io.github.ffl.FflEditor.desktop")
    assert entry["Exec"] == "ffl-editor %f"
    assert entry["MimeType"] == "application/x-ffl-module;"
    assert entry["Icon"] == "io.github.ffl.FflEditor"
    assert entry["Categories"] == "Game;StrategyGame;"


def test_programs_named_by_the_entries_are_the_project_scripts():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    for path in DESKTOP_FILES:
        program = _entry(path)["Exec"].split()[0]
        assert program in scripts, f"{path.name} runs {program}, not an installed script"


def test_appstreamcli_validate_passes():
    tool = _tool("appstreamcli")
    result = subprocess.run([tool, "validate", "--no-net", str(METAINFO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "W:" not in result.stdout and "E:" not in result.stdout, result.stdout


def test_metainfo_names_the_app_its_launcher_licences_and_this_release():
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == "io.github.ffl.Ffl"
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "MIT"
    launchable = root.find("launchable")
    assert launchable.get("type") == "desktop-id"
    assert (LINUX / launchable.text).is_file()
    versions = [r.get("version") for r in root.iter("release")]
    assert versions[0] == ffl.__version__ == "0.1.0"
    assert root.find("content_rating").get("type") == "oars-1.1"
    provides = root.find("provides")
    assert {b.text for b in provides.iter("binary")} == {"ffl", "ffl-editor"}
    assert {m.text for m in provides.iter("mediatype")} == {
        "application/x-ffl-module", "application/x-ffl-save"}
