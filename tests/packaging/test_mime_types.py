"""The shared-mime-info package: it parses, and once installed (install.sh into
a scratch prefix, update-mime-database) Qt's MIME database, which reads the
same freedesktop caches as file managers, tells our files apart."""

import os
import shutil
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ffl.games import games
from ffl.store import save_module

ROOT = Path(__file__).resolve().parents[2]
MIME_XML = ROOT / "packaging" / "linux" / "io.github.ffl.Ffl.mime.xml"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}


def test_mime_xml_defines_module_and_save_types_with_their_globs():
    root = ET.parse(MIME_XML).getroot()
    types = {t.get("type"): t for t in root.findall("m:mime-type", NS)}
    assert set(types) == {"application/x-ffl-module", "application/x-ffl-save"}
    globs = {name: [g.get("pattern") for g in t.findall("m:glob", NS)]
             for name, t in types.items()}
    assert globs == {"application/x-ffl-module": ["*.ffl"],
                     "application/x-ffl-save": ["*.fflsave"]}
    for t in types.values():
        assert t.find("m:sub-class-of", NS).get("type") == "application/vnd.sqlite3"
        assert t.findtext("m:comment", namespaces=NS)


def test_module_magic_matches_the_store_application_id():
    from ffl.store.schema import APPLICATION_ID

    root = ET.parse(MIME_XML).getroot()
    outer = root.find("m:mime-type[@type='application/x-ffl-module']/m:magic/m:match", NS)
    assert outer.get("offset") == "0" and outer.get("value") == "SQLite format 3\\000"
    inner = outer.find("m:match", NS)
    assert inner.get("offset") == "68"          # PRAGMA application_id, big-endian
    assert inner.get("value").encode() == APPLICATION_ID.to_bytes(4, "big")


_QUERY = """
import sys
from PySide6.QtCore import QCoreApplication, QMimeDatabase
app = QCoreApplication([])
db = QMimeDatabase()
for f in sys.argv[1:]:
    print(db.mimeTypeForFile(f).name())
"""


def test_installed_types_identify_real_module_and_save_files(tmp_path):
    if shutil.which("update-mime-database") is None:
        pytest.skip("update-mime-database is not installed (Debian: shared-mime-info)")
    prefix = tmp_path / "prefix"
    subprocess.run(["bash", str(ROOT / "packaging" / "linux" / "install.sh"),
                    "--prefix", str(prefix)], check=True, capture_output=True)
    assert (prefix / "share" / "mime" / "mime.cache").is_file()

    files = tmp_path / "files"
    files.mkdir()
    module = games()["card_game"].build_module()
    save_module(module, files / "cards.ffl")            # a real module file
    shutil.copy(files / "cards.ffl", files / "game.fflsave")
    shutil.copy(files / "cards.ffl", files / "no-suffix")  # only the magic can tell
    plain = sqlite3.connect(files / "other.db")
    plain.execute("create table t (x)")
    plain.commit()
    plain.close()

    names = ["cards.ffl", "game.fflsave", "no-suffix", "other.db"]
    env = dict(os.environ, XDG_DATA_DIRS=f"{prefix / 'share'}:/usr/share",
               QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", _QUERY, *[str(files / n) for n in names]],
                            env=env, capture_output=True, text=True, check=True)
    assert result.stdout.split() == [
        "application/x-ffl-module", "application/x-ffl-save",
        "application/x-ffl-module", "application/vnd.sqlite3"]
