"""The desktop bundle: packaging/build.sh builds it into a temporary folder and
the built programs run with a clean environment (only PATH, HOME and the
offscreen Qt platform; no Python paths, run outside the checkout)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller", reason="PyInstaller is not installed")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """Build once for the module with the running interpreter; the bundle folder."""
    tmp = tmp_path_factory.mktemp("bundle")
    env = dict(os.environ, FFL_BUILD_PYTHON=sys.executable, FFL_BUILD_WORK=str(tmp / "work"))
    started = time.monotonic()
    result = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh"), str(tmp / "dist")],
                            env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    print(f"bundle built in {time.monotonic() - started:.0f} s")
    return tmp / "dist" / "ffl"


def _run(program: Path, *args: str, home: Path, timeout: float = 120):
    home.mkdir(parents=True, exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([str(program), *args], env=env, cwd=home,
                          capture_output=True, text=True, timeout=timeout)


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_bundle_holds_both_programs_scenarios_and_resources(bundle):
    for name in ("ffl", "ffl-editor"):
        assert os.access(bundle / name, os.X_OK), f"{name} is not an executable"
    internal = bundle / "_internal"
    assert (internal / "scenarios" / "french-foreign-legion.ffl").is_file()
    assert (internal / "resources" / "icons" / "ffl.svg").is_file()
    assert (internal / "resources" / "icons" / "256x256" / "ffl.png").is_file()
    assert not list(bundle.glob("*/_internal")), "programs must share one _internal"


def test_bundled_ffl_lists_the_shipped_scenarios(bundle, tmp_path):
    result = _run(bundle / "ffl", "list", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    lines = [line.split(None, 1) for line in result.stdout.splitlines()]
    assert ["ffl", "French Foreign Legion"] in lines
    assert ["ffl/basic", "Basic Game"] in lines


def test_bundled_ffl_renders_a_screenshot_and_writes_nothing_into_itself(bundle, tmp_path):
    from PySide6.QtGui import QImage

    before = _tree(bundle)
    out = tmp_path / "OUT.png"
    result = _run(bundle / "ffl", "ffl/basic", "--screenshot", str(out),
                  home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}" in result.stdout
    assert out.stat().st_size > 1000
    image = QImage(str(out))
    assert not image.isNull() and image.width() > 200 and image.height() > 200
    assert _tree(bundle) == before


def test_bundled_editor_starts(bundle, tmp_path):
    result = _run(bundle / "ffl-editor", "--version", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().startswith("ffl-editor ")


def test_install_sh_puts_the_bundle_on_the_path(bundle, tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["bash", str(ROOT / "packaging" / "linux" / "install.sh"),
                    "--prefix", str(prefix), "--bundle", str(bundle)],
                   check=True, capture_output=True, text=True)
    assert (prefix / "share" / "applications" / "io.github.ffl.Ffl.desktop").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps"
            / "io.github.ffl.Ffl.png").is_file()
    result = _run(prefix / "bin" / "ffl", "list", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert "ffl/basic" in result.stdout
