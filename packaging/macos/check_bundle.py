"""Check the layout of Starwright.app without a Mac: what can be proven on Linux, proven.

    python packaging/macos/check_bundle.py dist/Starwright.app [--allow-no-python]

Checks, and prints one line for each:
- Contents/Info.plist parses (plistlib) and names the executable, the icon, the bundle id, the version,
  a CFBundleDocumentTypes entry for .starwright and the exported UTI org.starwright.document for it;
- the executable in Contents/MacOS exists and is executable, the icon exists;
- the app's packages and data in Contents/Resources: model, gui, the schemas, the rules packs, the
  examples, the fonts; PySide6 with the Qt plugins a window needs (platforms/libqcocoa.dylib, styles);
- no missing dependency: every Mach-O file in the bundle (dylibs, Python extension modules, Qt
  frameworks) is parsed here (with macholib, PyInstaller's own Mach-O reader; fat files included) and each
  library it loads must resolve: @rpath, @loader_path and @executable_path references to a file inside
  the bundle, absolute ones to the system (/usr/lib, /System/Library). Weak references that do not
  resolve are listed but allowed (dyld allows them).
- a Python interpreter for macOS inside the bundle (Contents/Resources/python/bin/python3). None can be
  fetched from the registries this project builds from, so build-macos passes --allow-no-python and the
  line says the bundle cannot start.

Exit 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import plistlib
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

from macholib import mach_o
from macholib.MachO import MachO as MachOFile
from macholib.ptypes import sizeof
from macholib.util import is_platform_file

# The load commands that link a library (command -> weak), as macholib names them.
DYLIB_LOADS = {mach_o.LC_LOAD_DYLIB: False, mach_o.LC_REEXPORT_DYLIB: False, mach_o.LC_LAZY_LOAD_DYLIB: False,
               mach_o.LC_LOAD_UPWARD_DYLIB: False, mach_o.LC_LOAD_WEAK_DYLIB: True}
SYSTEM_PREFIXES = ("/usr/lib/", "/System/Library/")
FAT_MAGIC_64_BYTES = struct.pack(">I", mach_o.FAT_MAGIC_64)   # macholib reads these, but is_platform_file misses them


class MachOError(ValueError):
    pass


@dataclass
class MachO:
    """What one architecture slice of a Mach-O file says about linking."""
    arch: str
    filetype: int
    install_name: str | None = None
    loads: list[tuple[str, bool]] = field(default_factory=list)   # (path, weak)
    rpaths: list[str] = field(default_factory=list)


def is_macho(path: Path) -> bool:
    """A thin or fat Mach-O file (macholib's test: a Java class file, which shares the fat magic, is not)."""
    try:
        if is_platform_file(str(path)):
            return True
        with open(path, "rb") as f:
            return f.read(4) == FAT_MAGIC_64_BYTES
    except (OSError, struct.error, ValueError):
        return False


def _lc_str(lc, cmd, offset: int, data: bytes, what: str) -> str:
    """The string of a load command (an lc_str is an offset from the command's start; data follows its fixed part)."""
    start = offset - sizeof(lc) - sizeof(cmd)
    if not 0 <= start < len(data):
        raise MachOError(f"{what} outside its load command")
    return data[start:].split(b"\0", 1)[0].decode("utf-8", "replace")


def _reason(e: Exception) -> str:
    """macholib's message; some of its errors carry a format string and its arguments unjoined."""
    if len(e.args) > 1 and isinstance(e.args[0], str) and "%" in e.args[0]:
        try:
            return e.args[0] % e.args[1:]
        except (TypeError, ValueError):
            pass
    return str(e) or type(e).__name__


def parse_macho(path: Path) -> list[MachO]:
    """Every architecture slice of a thin or fat Mach-O file, read with macholib."""
    try:
        # load commands newer than macholib's table are kept as raw data, not refused
        headers = MachOFile(str(path), allow_unknown_load_commands=True).headers
    except (ValueError, struct.error, EOFError, OSError) as e:
        raise MachOError(_reason(e)) from e
    slices = []
    for h in headers:
        cpu = h.header.cputype
        m = MachO(mach_o.CPU_TYPE_NAMES.get(cpu, hex(cpu & 0xFFFFFFFF)).lower(), h.header.filetype)
        for lc, cmd, data in h.commands:
            if lc.cmd in DYLIB_LOADS:
                m.loads.append((_lc_str(lc, cmd, cmd.name, data, "dylib name"), DYLIB_LOADS[lc.cmd]))
            elif lc.cmd == mach_o.LC_ID_DYLIB:
                m.install_name = _lc_str(lc, cmd, cmd.name, data, "dylib name")
            elif lc.cmd == mach_o.LC_RPATH:
                m.rpaths.append(_lc_str(lc, cmd, cmd.path, data, "rpath"))
        slices.append(m)
    return slices


def resolve(ref: str, loader: Path, rpaths: list[str], executable_dir: Path) -> list[Path]:
    """The candidate files a load command names, in dyld's order (first that exists wins)."""
    def expand(p: str) -> Path:
        if p.startswith("@loader_path"):
            return Path(os.path.normpath(str(loader.parent) + p[len("@loader_path"):]))
        if p.startswith("@executable_path"):
            return Path(os.path.normpath(str(executable_dir) + p[len("@executable_path"):]))
        return Path(os.path.normpath(p))

    if ref.startswith("@rpath/"):
        return [expand(r) / ref[len("@rpath/"):] for r in rpaths]
    return [expand(ref)]


def inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def check_dependencies(app: Path, executable_dir: Path) -> tuple[int, list[str], list[str]]:
    """(files checked, errors, weak references that do not resolve) for every Mach-O file under app."""
    errors, weak_missing, count = [], [], 0
    for path in sorted(p for p in app.rglob("*") if p.is_file() and not p.is_symlink()):
        if not is_macho(path):
            continue
        count += 1
        try:
            slices = parse_macho(path)
        except MachOError as e:
            errors.append(f"{path.relative_to(app)}: unreadable Mach-O ({e})")
            continue
        for m in slices:
            for ref, weak in m.loads:
                rel = path.relative_to(app)
                if ref.startswith("/"):
                    if ref.startswith(SYSTEM_PREFIXES):
                        continue
                    problem = f"{rel} [{m.arch}]: loads {ref}, outside the bundle and not a system library"
                else:
                    candidates = resolve(ref, path, m.rpaths, executable_dir)
                    if any(c.is_file() and inside(c, app) for c in candidates):
                        continue
                    if any(c.is_file() for c in candidates):
                        problem = f"{rel} [{m.arch}]: {ref} resolves outside the bundle"
                    else:
                        tried = ", ".join(str(c.relative_to(app)) if inside(c, app) else str(c)
                                          for c in candidates) or "no LC_RPATH to try"
                        problem = f"{rel} [{m.arch}]: {ref} not found (tried {tried})"
                (weak_missing if weak else errors).append(problem)
    return count, errors, weak_missing


def check(app: Path, allow_no_python: bool = False, out=sys.stdout) -> int:
    failures = 0

    def report(ok: bool, what: str, allowed: bool = False) -> None:
        nonlocal failures
        mark = "ok  " if ok else ("NOTE" if allowed else "FAIL")
        print(f"[{mark}] {what}", file=out)
        if not ok and not allowed:
            failures += 1

    contents = app / "Contents"
    plist_path = contents / "Info.plist"
    try:
        info = plistlib.loads(plist_path.read_bytes())
    except (OSError, plistlib.InvalidFileException, ValueError) as e:
        report(False, f"Contents/Info.plist parses ({e})")
        return 1
    report(True, "Contents/Info.plist parses")
    for key in ("CFBundleExecutable", "CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleIconFile",
                "CFBundlePackageType"):
        report(bool(info.get(key)), f"Info.plist has {key} ({info.get(key)!r})")
    docs = info.get("CFBundleDocumentTypes") or []
    doc = next((d for d in docs if "starwright" in (d.get("CFBundleTypeExtensions") or [])), None)
    report(doc is not None, "CFBundleDocumentTypes has a document type for .starwright")
    utis = info.get("UTExportedTypeDeclarations") or []
    uti = next((u for u in utis if "starwright" in
                (u.get("UTTypeTagSpecification", {}).get("public.filename-extension") or [])), None)
    report(uti is not None and doc is not None and uti["UTTypeIdentifier"] in (doc.get("LSItemContentTypes") or []),
           "UTExportedTypeDeclarations exports the document's type (org.starwright.document) for .starwright")

    macos = contents / "MacOS"
    exe = macos / str(info.get("CFBundleExecutable", ""))
    report(exe.is_file() and os.access(exe, os.X_OK), f"Contents/MacOS/{exe.name} exists and is executable")
    icon = str(info.get("CFBundleIconFile", ""))
    icon_path = contents / "Resources" / (icon if icon.endswith(".icns") else icon + ".icns")
    report(icon_path.is_file() and icon_path.read_bytes()[:4] == b"icns", f"the icon Resources/{icon_path.name} is an .icns")

    res = contents / "Resources"
    app_dir, site = res / "app", res / "site-packages"
    for rel in ("model/__init__.py", "gui/launcher.py", "schemas", "resources/rules", "resources/examples",
                "resources/fonts", "resources/licenses", "resources/share/index.html", "resources/share/app.js"):
        report((app_dir / rel).exists(), f"Resources/app/{rel}")
    report(any((app_dir / "schemas").glob("*.json")), "the schemas are there (schemas/*.json)")
    report(any((app_dir / "resources" / "rules").glob("*.json")), "the rules packs are there")
    report(any((app_dir / "resources" / "examples").glob("*.starwright")), "the examples are there")
    report(any((app_dir / "resources" / "fonts").rglob("*.ttf")), "the fonts are there (*.ttf)")
    qt = site / "PySide6" / "Qt"
    for rel in ("plugins/platforms/libqcocoa.dylib", "plugins/styles/libqmacstyle.dylib",
                "lib/QtCore.framework", "lib/QtWidgets.framework", "lib/QtPdf.framework"):
        report((qt / rel).exists(), f"Qt: PySide6/Qt/{rel}")
    for mod in ("QtCore", "QtGui", "QtWidgets", "QtPrintSupport", "QtPdf", "QtPdfWidgets", "QtSvg"):
        report(any((site / "PySide6").glob(f"{mod}.*so")), f"PySide6.{mod} extension module")
    # (aiohttp with its compiled parts, segno and ifaddr: Table Link, gui/share/ and model/share/)
    for pkg in ("reportlab", "jsonschema", "referencing", "rpds", "PIL", "shiboken6", "aiohttp", "multidict", "yarl",
                "segno", "ifaddr"):
        report((site / pkg).is_dir(), f"Resources/site-packages/{pkg}")

    count, errors, weak = check_dependencies(app, macos)
    for e in errors:
        print(f"       {e}", file=out)
    for w in weak:
        print(f"       weak, allowed: {w}", file=out)
    report(count > 0 and not errors, f"no missing dependency: {count} Mach-O files, every non-weak library they "
           f"load resolves inside the bundle or to /usr/lib or /System ({len(errors)} unresolved, "
           f"{len(weak)} weak unresolved)")

    python = res / "python" / "bin" / "python3"
    report(python.is_file(), "a macOS Python interpreter in Resources/python (without one the app cannot start: "
           "no registry this build may use ships one)", allowed=allow_no_python)
    print(f"{'OK' if not failures else 'FAILED'}: {failures} check(s) failed", file=out)
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("app", type=Path)
    ap.add_argument("--allow-no-python", action="store_true",
                    help="report a missing interpreter as a note, not a failure")
    args = ap.parse_args(argv)
    return check(args.app, args.allow_no_python)


if __name__ == "__main__":
    sys.exit(main())
