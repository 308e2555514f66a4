# Shell functions shared by packaging/build-windows, packaging/ci-windows-check and
# tests/benchmarks/bench_frozen.py --wine: a private Wine prefix that runs the Windows build on Debian.
# Source it (bash); it sets nothing up by itself.
#
#   wine_prefix DIR        make a fresh 64-bit prefix in DIR (wineboot -i) with the test shims, and export
#                          WINEPREFIX, WINEDEBUG=-all, WINEDLLOVERRIDES for it
#   wrun SECONDS OUT CMD   run the Windows command line CMD with `wine cmd /c`, stdout and stderr to the
#                          Unix file OUT; returns CMD's exit code (124 when it timed out)
#   wpath PATH             the Windows name of a Unix path (Z:\...)
#   wine_end               stop the prefix's wineserver and its processes
#
# Traps this works around (PLATFORM.md): `wine python.exe` cannot set up its standard streams unless they
# are redirected on the Windows side, so every command runs
# from a batch file as `CMD > C:\sw-out\file 2>&1 < NUL`.
# Wine 8 lacks three DLLs that Windows 10 has in System32 and the build needs: icuuc.dll (Qt6Core.dll
# does not load without it), bcryptprimitives.dll (Rust's ProcessPrng, rpds-py) and a working
# mscms.dll (WcsCreateIccProfile aborts the process when a Qt window opens). wine-shims/*.c are small
# stand-ins compiled with mingw-w64 into the prefix's system32: they are part of the test machine,
# never of the installer.

WINE_LIB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# apt packages the Wine build and check need
WINE_APT_PACKAGES=(wine wine64 nsis unzip gcc-mingw-w64-x86-64-win32 xvfb xauth imagemagick poppler-utils python3-venv)

wine_apt_install() {
  local missing=() p sudo=""
  for p in "${WINE_APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

wpath() {
  local p
  p="$(realpath -m "$1")"
  printf 'Z:%s' "${p//\//\\}"
}

wine_prefix() {
  local dir="$1" shim sys32
  mkdir -p "$dir"
  export WINEPREFIX="$dir" WINEARCH=win64 WINEDEBUG=-all
  # mscms: the shim, not Wine's own; winemenubuilder: no Linux menu entries or MIME types for what the
  # installer registers (they would land in the real home).
  export WINEDLLOVERRIDES="mscms=n;winemenubuilder.exe=d"
  if ! timeout 180 wineboot -i >"$dir/wineboot.log" 2>&1; then
    cat "$dir/wineboot.log" >&2
    echo "wine-lib: wineboot -i failed or timed out in $dir" >&2
    return 1
  fi
  timeout 60 wineserver -w || true
  sys32="$dir/drive_c/windows/system32"
  [ -d "$sys32" ] || { echo "wine-lib: no $sys32 after wineboot" >&2; return 1; }
  for shim in "$WINE_LIB_DIR"/wine-shims/*.c; do
    x86_64-w64-mingw32-gcc -shared -O2 -s -Wall -o "$sys32/$(basename "${shim%.c}").dll" "$shim" -ladvapi32 \
      || { echo "wine-lib: could not compile $shim" >&2; return 1; }
  done
  mkdir -p "$dir/drive_c/sw-out"
}

wrun() {
  local seconds="$1" out="$2" cmd="$3" rc=0 id
  id="$$-$RANDOM"
  # A batch file, not `cmd /c "..."`: Wine re-quotes a command-line argument with \" escapes that cmd
  # does not understand, so any quoted path in CMD would arrive broken.
  printf '@echo off\r\n%s > C:\\sw-out\\out-%s.txt 2>&1 < NUL\r\nexit /b %%ERRORLEVEL%%\r\n' "$cmd" "$id" \
    > "$WINEPREFIX/drive_c/sw-out/run-$id.bat"
  timeout "$seconds" wine cmd /c "C:\\sw-out\\run-$id.bat" </dev/null >/dev/null 2>&1 || rc=$?
  if [ -f "$WINEPREFIX/drive_c/sw-out/out-$id.txt" ]; then
    mv "$WINEPREFIX/drive_c/sw-out/out-$id.txt" "$out"
  else
    : > "$out"
  fi
  rm -f "$WINEPREFIX/drive_c/sw-out/run-$id.bat"
  if [ "$rc" = 124 ]; then echo "wine-lib: timed out after ${seconds} s: $cmd" >&2; fi
  return "$rc"
}

wine_end() {
  [ -n "${WINEPREFIX:-}" ] && [ -d "$WINEPREFIX" ] && timeout 30 wineserver -k >/dev/null 2>&1 || true
}
