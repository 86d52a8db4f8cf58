#!/usr/bin/env bash
# Build the self-contained desktop bundle of ffl and ffl-editor (PyInstaller,
# one folder, no Python needed on the target machine):
#
#   packaging/build.sh [OUT_DIR]      # default OUT_DIR: dist
#
# The bundle lands in OUT_DIR/ffl/ (programs OUT_DIR/ffl/ffl and
# OUT_DIR/ffl/ffl-editor); copy that folder anywhere, or install it with the
# desktop entries by  packaging/linux/install.sh --bundle OUT_DIR/ffl
#
# By default a build virtualenv (build/venv, or $FFL_BUILD_VENV) is created or
# reused and the project plus PyInstaller are pip-installed into it.  Set
# FFL_BUILD_PYTHON to an interpreter that already has both to skip that step
# (the bundle test does).  Intermediate files go to build/pyinstaller (or
# $FFL_BUILD_WORK).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)"
work="${FFL_BUILD_WORK:-$root/build/pyinstaller}"

if [ -n "${FFL_BUILD_PYTHON:-}" ]; then
  python="$FFL_BUILD_PYTHON"
else
  venv="${FFL_BUILD_VENV:-$root/build/venv}"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  python="$venv/bin/python"
  "$python" -m pip install -q --upgrade pip
  "$python" -m pip install -q "$root" "pyinstaller>=6"
fi

"$python" -c "import PyInstaller" 2>/dev/null \
  || { echo "build.sh: PyInstaller is not installed for $python" >&2; exit 1; }

cd "$root"
"$python" -m PyInstaller packaging/ffl.spec --noconfirm --log-level WARN \
  --distpath "$out" --workpath "$work"

echo "built $out/ffl (run $out/ffl/ffl, $out/ffl/ffl-editor)"
