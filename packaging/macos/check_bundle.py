"""Check the layout of Starwright.app without a Mac: what can be proven on Linux, proven.

    python packaging/macos/check_bundle.py dist/Starwright.app [--allow-no-python]

Checks, and prints one line for each:
- Contents/Info.plist parses (plistlib) and names the executable, the icon, the bundle id, the version,
  a CFBundleDocumentTypes entry for .starwright and the exported UTI org.starwright.document for it;
- the executable in Contents/MacOS exists and is executable, the icon exists;
- the app's packages and data in Contents/Resources: model, gui, the schemas, the rules packs, the
  examples, the fonts; PySide6 with the Qt plugins a window needs (platforms/libqcocoa.dylib, styles);
- no missing dependency: every Mach-O file in the bundle (dylibs, Python extension modules, Qt
  frameworks) is parsed here (a small reader of Mach-O load commands, fat files included) and each
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

# Mach-O magic numbers (as read little-endian from the first four bytes) and load commands.
MH_MAGIC_64, MH_CIGAM_64 = 0xFEEDFACF, 0xCFFAEDFE
MH_MAGIC, MH_CIGAM = 0xFEEDFACE, 0xCEFAEDFE
FAT_MAGIC, FAT_MAGIC_64 = 0xCAFEBABE, 0xCAFEBABF   # fat headers are big-endian
LC_REQ_DYLD = 0x80000000
LC_LOAD_DYLIB = 0xC
LC_ID_DYLIB = 0xD
LC_LOAD_WEAK_DYLIB = 0x18 | LC_REQ_DYLD
LC_RPATH = 0x1C | LC_REQ_DYLD
LC_REEXPORT_DYLIB = 0x1F | LC_REQ_DYLD
LC_LAZY_LOAD_DYLIB = 0x20
LC_LOAD_UPWARD_DYLIB = 0x23 | LC_REQ_DYLD
DYLIB_LOADS = {LC_LOAD_DYLIB: False, LC_REEXPORT_DYLIB: False, LC_LAZY_LOAD_DYLIB: False,
               LC_LOAD_UPWARD_DYLIB: False, LC_LOAD_WEAK_DYLIB: True}   # command -> weak
SYSTEM_PREFIXES = ("/usr/lib/", "/System/Library/")
CPU_NAMES = {0x01000007: "x86_64", 0x0100000C: "arm64", 7: "i386", 12: "arm"}


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


def is_macho(head: bytes) -> bool:
    if len(head) < 8:
        return False
    le = struct.unpack("<I", head[:4])[0]
    be = struct.unpack(">I", head[:4])[0]
    if le in (MH_MAGIC_64, MH_CIGAM_64, MH_MAGIC, MH_CIGAM):
        return True
    # 0xCAFEBABE is also a Java class file; a fat header has a small count of architectures there.
    return be in (FAT_MAGIC, FAT_MAGIC_64) and 0 < struct.unpack(">I", head[4:8])[0] < 20


def _cstring(data: bytes, start: int, end: int) -> str:
    raw = data[start:end]
    return raw.split(b"\0", 1)[0].decode("utf-8", "replace")


def _parse_thin(data: bytes, base: int) -> MachO:
    if len(data) < base + 28:
        raise MachOError("truncated Mach-O header")
    magic = struct.unpack_from("<I", data, base)[0]
    if magic in (MH_MAGIC_64, MH_MAGIC):
        end = "<"
    elif magic in (MH_CIGAM_64, MH_CIGAM):
        end = ">"
    else:
        raise MachOError(f"not a Mach-O slice (magic {magic:#x})")
    is64 = magic in (MH_MAGIC_64, MH_CIGAM_64)
    cputype, _sub, filetype, ncmds, sizeofcmds, _flags = struct.unpack_from(end + "iIIIII", data, base + 4)
    off = base + (32 if is64 else 28)
    limit = off + sizeofcmds
    if limit > len(data):
        raise MachOError("load commands run past the end of the file")
    m = MachO(CPU_NAMES.get(cputype & 0xFFFFFFFF, hex(cputype & 0xFFFFFFFF)), filetype)
    for _ in range(ncmds):
        if off + 8 > limit:
            raise MachOError("truncated load command")
        cmd, cmdsize = struct.unpack_from(end + "II", data, off)
        if cmdsize < 8 or off + cmdsize > limit:
            raise MachOError(f"bad load command size {cmdsize}")
        if cmd in DYLIB_LOADS or cmd == LC_ID_DYLIB:
            (name_off,) = struct.unpack_from(end + "I", data, off + 8)
            if not 12 <= name_off < cmdsize:
                raise MachOError("dylib name outside its load command")
            name = _cstring(data, off + name_off, off + cmdsize)
            if cmd == LC_ID_DYLIB:
                m.install_name = name
            else:
                m.loads.append((name, DYLIB_LOADS[cmd]))
        elif cmd == LC_RPATH:
            (path_off,) = struct.unpack_from(end + "I", data, off + 8)
            if not 12 <= path_off < cmdsize:
                raise MachOError("rpath outside its load command")
            m.rpaths.append(_cstring(data, off + path_off, off + cmdsize))
        off += cmdsize
    return m


def parse_macho(data: bytes) -> list[MachO]:
    """Every architecture slice of a thin or fat Mach-O file."""
    if len(data) < 8:
        raise MachOError("too short for a Mach-O file")
    be = struct.unpack(">I", data[:4])[0]
    if be in (FAT_MAGIC, FAT_MAGIC_64):
        (count,) = struct.unpack_from(">I", data, 4)
        slices = []
        for i in range(count):
            if be == FAT_MAGIC:
                _cpu, _sub, offset, size, _align = struct.unpack_from(">iiIII", data, 8 + 20 * i)
            else:
                _cpu, _sub, offset, size, _align, _res = struct.unpack_from(">iiQQII", data, 8 + 32 * i)
            if offset + size > len(data):
                raise MachOError("fat slice past the end of the file")
            slices.append(_parse_thin(data, offset))
        return slices
    return [_parse_thin(data, 0)]


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
        with open(path, "rb") as f:
            head = f.read(8)
        if not is_macho(head):
            continue
        count += 1
        try:
            slices = parse_macho(path.read_bytes())
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
                "resources/fonts", "resources/licenses"):
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
    for pkg in ("reportlab", "jsonschema", "referencing", "rpds", "PIL", "shiboken6"):
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
