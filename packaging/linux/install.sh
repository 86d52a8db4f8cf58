#!/usr/bin/env bash
# Install ffl's desktop integration (and optionally a built bundle) for one user
# or into any prefix:
#
#   packaging/linux/install.sh [--prefix DIR] [--bundle DIST_DIR]
#
#   --prefix DIR   where to install (default: ~/.local); files go to DIR/share/...
#   --bundle DIR   a folder built by packaging/build.sh (holding ffl and ffl-editor):
#                  copied to DIR/lib/ffl with ffl and ffl-editor linked from DIR/bin
#
# Installs the .desktop entries (the player, its hidden handler that opens
# saved games with `ffl open FILE`, the editor), the AppStream metainfo, the
# MIME types (application/x-ffl-module *.ffl, application/x-ffl-save *.fflsave)
# and the icons in every size, then refreshes the MIME, desktop and icon caches
# when the tools for that are present.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
prefix="$HOME/.local"
bundle=""

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --bundle) bundle="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

share="$prefix/share"
install -d "$share/applications" "$share/metainfo" "$share/mime/packages"
install -m 644 "$here/io.github.ffl.Ffl.desktop" "$here/io.github.ffl.FflOpen.desktop" \
  "$here/io.github.ffl.FflEditor.desktop" \
  "$share/applications/"
install -m 644 "$here/io.github.ffl.Ffl.metainfo.xml" "$share/metainfo/"
install -m 644 "$here/io.github.ffl.Ffl.mime.xml" "$share/mime/packages/io.github.ffl.Ffl.xml"

icons="$root/resources/icons"
for pair in "ffl:io.github.ffl.Ffl" "ffl-editor:io.github.ffl.FflEditor"; do
  name="${pair%%:*}"; id="${pair#*:}"
  install -D -m 644 "$icons/$name.svg" "$share/icons/hicolor/scalable/apps/$id.svg"
  for size in 16 32 48 64 128 256; do
    install -D -m 644 "$icons/${size}x${size}/$name.png" \
      "$share/icons/hicolor/${size}x${size}/apps/$id.png"
  done
done

if [ -n "$bundle" ]; then
  [ -x "$bundle/ffl" ] && [ -x "$bundle/ffl-editor" ] \
    || { echo "install.sh: $bundle holds no built ffl and ffl-editor" >&2; exit 1; }
  rm -rf "$prefix/lib/ffl"
  install -d "$prefix/lib" "$prefix/bin"
  cp -a "$bundle" "$prefix/lib/ffl"
  ln -sf "$prefix/lib/ffl/ffl" "$prefix/bin/ffl"
  ln -sf "$prefix/lib/ffl/ffl-editor" "$prefix/bin/ffl-editor"
fi

command -v update-mime-database >/dev/null && update-mime-database "$share/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null \
  && gtk-update-icon-cache -q -t -f "$share/icons/hicolor" 2>/dev/null || true
echo "installed ffl desktop files under $share"
