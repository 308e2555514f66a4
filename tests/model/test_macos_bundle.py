"""packaging/macos/check_bundle.py: its Mach-O reading (macholib) and the dependency check, on tiny crafted files."""

from __future__ import annotations

import importlib.util
import io
import plistlib
import struct
import sys
from pathlib import Path

import pytest
from macholib import mach_o

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("check_bundle", ROOT / "packaging" / "macos" / "check_bundle.py")
cb = importlib.util.module_from_spec(_spec)
sys.modules["check_bundle"] = cb  # dataclasses look their module up there
_spec.loader.exec_module(cb)

MH_DYLIB, MH_BUNDLE, MH_EXECUTE = 6, 8, 2
CPU_ARM64, CPU_X86_64 = 0x0100000C, 0x01000007


def _lc_str(cmd: int, text: str, extra: bytes = b"") -> bytes:
    """A load command whose string follows a fixed part (dylib_command: name offset + 3 u32; rpath: offset)."""
    fixed = 8 + 4 + len(extra)
    raw = text.encode() + b"\0"
    size = (fixed + len(raw) + 7) // 8 * 8
    return struct.pack("<III", cmd, size, fixed) + extra + raw + b"\0" * (size - fixed - len(raw))


def dylib(name: str, weak: bool = False) -> bytes:
    cmd = mach_o.LC_LOAD_WEAK_DYLIB if weak else mach_o.LC_LOAD_DYLIB
    return _lc_str(cmd, name, struct.pack("<III", 2, 0x10000, 0x10000))


def id_dylib(name: str) -> bytes:
    return _lc_str(mach_o.LC_ID_DYLIB, name, struct.pack("<III", 2, 0x10000, 0x10000))


def rpath(path: str) -> bytes:
    return _lc_str(mach_o.LC_RPATH, path)


def macho(*commands: bytes, filetype: int = MH_DYLIB, cpu: int = CPU_ARM64) -> bytes:
    body = b"".join(commands)
    header = struct.pack("<IiIIIII", mach_o.MH_MAGIC_64, cpu, 0, filetype, len(commands), len(body), 0) + b"\0" * 4
    return header + body + b"\0" * 64


def fat(*slices: bytes) -> bytes:
    offset = 4096
    head = struct.pack(">II", mach_o.FAT_MAGIC, len(slices))
    blobs = b""
    for s in slices:
        cpu = struct.unpack_from("<i", s, 4)[0]
        head += struct.pack(">iiIII", cpu, 0, offset + len(blobs), len(s), 12)
        blobs += s + b"\0" * (-len(s) % 4096)
    return head + b"\0" * (offset - len(head)) + blobs


def _file(tmp_path: Path, data: bytes, name: str = "lib.dylib") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_reads_load_commands_of_a_thin_file(tmp_path):
    data = macho(id_dylib("@rpath/libQt.dylib"), dylib("@rpath/libfoo.dylib"), rpath("@loader_path/../lib"),
                 dylib("/usr/lib/libSystem.B.dylib"), dylib("/opt/x/libweak.dylib", weak=True))
    path = _file(tmp_path, data)
    assert cb.is_macho(path)
    (m,) = cb.parse_macho(path)
    assert m.arch == "arm64" and m.filetype == MH_DYLIB and m.install_name == "@rpath/libQt.dylib"
    assert m.loads == [("@rpath/libfoo.dylib", False), ("/usr/lib/libSystem.B.dylib", False),
                       ("/opt/x/libweak.dylib", True)]
    assert m.rpaths == ["@loader_path/../lib"]


def test_reads_every_slice_of_a_fat_file(tmp_path):
    path = _file(tmp_path, fat(macho(dylib("/usr/lib/libA.dylib"), cpu=CPU_X86_64), macho(dylib("/usr/lib/libB.dylib"))))
    assert cb.is_macho(path)
    slices = cb.parse_macho(path)
    assert [s.arch for s in slices] == ["x86_64", "arm64"]
    assert [s.loads[0][0] for s in slices] == ["/usr/lib/libA.dylib", "/usr/lib/libB.dylib"]


def test_rejects_what_is_not_a_sound_mach_o(tmp_path):
    assert not cb.is_macho(_file(tmp_path, b"\x7fELF\x02\x01\x01\x00" + b"\0" * 56, "elf.so"))
    java = b"\xca\xfe\xba\xbe\x00\x00\x00\x34" + bytes(range(256)) * 4     # a Java class file (version 52)
    assert not cb.is_macho(_file(tmp_path, java, "X.class"))
    assert not cb.is_macho(_file(tmp_path, b"\xcf\xfa", "short"))
    good = macho(dylib("@rpath/libfoo.dylib"))
    with pytest.raises(cb.MachOError):
        cb.parse_macho(_file(tmp_path, good[:40], "cut.dylib"))    # load commands cut off
    bad_size = bytearray(good)
    struct.pack_into("<I", bad_size, 32 + 4, 4)                    # cmdsize smaller than a load command
    with pytest.raises(cb.MachOError):
        cb.parse_macho(_file(tmp_path, bytes(bad_size), "bad.dylib"))
    bad_name = bytearray(good)
    struct.pack_into("<I", bad_name, 32 + 8, 200)                  # the name's offset past its load command
    with pytest.raises(cb.MachOError, match="outside its load command"):
        cb.parse_macho(_file(tmp_path, bytes(bad_name), "name.dylib"))


def _app(tmp_path: Path) -> Path:
    app = tmp_path / "X.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "Frameworks").mkdir()
    return app


def test_dependencies_resolve_inside_the_bundle_or_to_the_system(tmp_path):
    app = _app(tmp_path)
    fw = app / "Contents" / "Frameworks"
    (fw / "libfoo.dylib").write_bytes(macho(id_dylib("@rpath/libfoo.dylib"), dylib("/usr/lib/libSystem.B.dylib")))
    (fw / "plugin.so").write_bytes(macho(dylib("@rpath/libfoo.dylib"), dylib("@loader_path/libfoo.dylib"),
                                         rpath("@loader_path"), dylib("/System/Library/Frameworks/AppKit"),
                                         dylib("@executable_path/../Frameworks/libfoo.dylib"),
                                         filetype=MH_BUNDLE))
    (app / "Contents" / "MacOS" / "x").write_bytes(b"#!/bin/sh\n")  # a script, not Mach-O: skipped
    count, errors, weak = cb.check_dependencies(app, app / "Contents" / "MacOS")
    assert (count, errors, weak) == (2, [], [])


def test_a_missing_library_an_outside_one_and_a_weak_one_are_reported(tmp_path):
    app = _app(tmp_path)
    fw = app / "Contents" / "Frameworks"
    outside = tmp_path / "libout.dylib"
    outside.write_bytes(macho())
    (fw / "plugin.so").write_bytes(macho(dylib("@rpath/libgone.dylib"), rpath("@loader_path"),
                                         dylib("/opt/homebrew/lib/libz.1.dylib"),
                                         dylib("@loader_path/../../../libout.dylib"),
                                         dylib("@rpath/libmaybe.dylib", weak=True), filetype=MH_BUNDLE))
    count, errors, weak = cb.check_dependencies(app, app / "Contents" / "MacOS")
    assert count == 1 and len(errors) == 3 and len(weak) == 1
    assert "@rpath/libgone.dylib not found" in errors[0] and "Contents/Frameworks/libgone.dylib" in errors[0]
    assert "/opt/homebrew/lib/libz.1.dylib" in errors[1] and "not a system library" in errors[1]
    assert "resolves outside the bundle" in errors[2]
    assert "libmaybe" in weak[0]


def test_an_rpath_reference_with_no_rpath_fails(tmp_path):
    app = _app(tmp_path)
    (app / "Contents" / "Frameworks" / "libfoo.dylib").write_bytes(macho())
    (app / "Contents" / "Frameworks" / "a.so").write_bytes(macho(dylib("@rpath/libfoo.dylib")))
    _count, errors, _weak = cb.check_dependencies(app, app / "Contents" / "MacOS")
    assert len(errors) == 1 and "no LC_RPATH to try" in errors[0]


def test_the_plist_check_needs_the_document_type(tmp_path):
    app = _app(tmp_path)
    info = {"CFBundleExecutable": "x", "CFBundleIdentifier": "org.example", "CFBundleShortVersionString": "1",
            "CFBundleIconFile": "i.icns", "CFBundlePackageType": "APPL"}
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps(info))
    out = io.StringIO()
    assert cb.check(app, allow_no_python=True, out=out) == 1
    text = out.getvalue()
    assert "[FAIL] CFBundleDocumentTypes has a document type for .starwright" in text
    assert "[ok  ] Contents/Info.plist parses" in text
    (app / "Contents" / "Info.plist").write_bytes(b"not a plist")
    out = io.StringIO()
    assert cb.check(app, out=out) == 1 and "[FAIL] Contents/Info.plist parses" in out.getvalue()
