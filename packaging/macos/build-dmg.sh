#!/usr/bin/env bash
# macOS: build dist/Starwright-<version>-macos-<arch>.dmg holding Starwright.app, from this checkout.
#
#   packaging/macos/build-dmg.sh
#
# Runs on a Mac only (iconutil, hdiutil); the workflow .github/workflows/installers.yml runs it on a hosted
# macOS runner. The .app comes from the same packaging/starwright.spec as every other platform: its
# PLATFORM block adds BUNDLE with the Info.plist document type for .starwright files.
# Needs python3 >= 3.11 on the PATH; STARWRIGHT_BUILD_VENV may name an existing venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" != Darwin ]; then
  echo "build-dmg.sh makes a macOS disk image and runs on macOS only" >&2
  exit 2
fi
VENV="${STARWRIGHT_BUILD_VENV:-build/mac-venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
PY="$VENV/bin/python"
"$PY" -m pip install -q . 'pyinstaller>=6.10,<7'
VERSION="$("$PY" -c 'import model; print(model.__version__)')"
ARCH="$(uname -m)"

# The app icon: PNGs rendered from resources/icons/starwright.svg, packed by iconutil.
"$PY" packaging/render_icons.py build/icons 16 32 64 128 256 512 1024 >/dev/null
set_dir=build/icons/starwright.iconset
rm -rf "$set_dir" && mkdir -p "$set_dir"
for s in 16 32 128 256 512; do
  cp "build/icons/starwright-$s.png" "$set_dir/icon_${s}x${s}.png"
  cp "build/icons/starwright-$((s * 2)).png" "$set_dir/icon_${s}x${s}@2x.png"
done
iconutil -c icns "$set_dir" -o build/icons/starwright.icns

rm -rf dist/starwright dist/Starwright.app
"$PY" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
  packaging/starwright.spec
APP=dist/Starwright.app
test -d "$APP"
/usr/libexec/PlistBuddy -c 'Print :CFBundleDocumentTypes:0:CFBundleTypeExtensions:0' "$APP/Contents/Info.plist" | grep -qx starwright
"$APP/Contents/MacOS/starwright" --version
"$APP/Contents/MacOS/starwright" export "$APP/Contents/Resources/resources/examples/ashen-comet-veteran.starwright" \
  -o build/mac-smoke.pdf --force

stage=build/dmg
rm -rf "$stage" && mkdir -p "$stage"
cp -R "$APP" "$stage/"
ln -s /Applications "$stage/Applications"
DMG="dist/Starwright-$VERSION-macos-$ARCH.dmg"
rm -f "$DMG"
hdiutil create -volname "Starwright $VERSION" -srcfolder "$stage" -ov -format UDZO "$DMG"
echo "Built $DMG"
