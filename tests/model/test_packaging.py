"""The installer recipes stay consistent with the app and syntactically sound, without building anything.

The Windows and macOS recipes and the GitHub workflows cannot run here; these checks keep them parseable and
pointing at files and names that exist (tests/model/test_tooling.py checks the workflows against GitHub's schema
and zizmor's audits). The .deb itself is proven by packaging/ci-deb-check.
"""

from __future__ import annotations

import ast
import configparser
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import model
from model import paths

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "packaging"
SPEC = PKG / "starwright.spec"


def spec_constant(name: str):
    """A literal assigned at the top level of the spec (the spec itself only runs inside PyInstaller)."""
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned in the spec")


def qt_modules_imported(*packages: str) -> set[str]:
    found = set()
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                for name in names:
                    m = re.match(r"PySide6\.(Qt\w+)", name)
                    if m:
                        found.add(m.group(1))
    return found


def test_spec_bundles_every_qt_module_the_app_imports():
    bundled = set(spec_constant("QT_MODULES"))
    excluded = set(spec_constant("QT_EXCLUDED"))
    used = qt_modules_imported("gui", "model", "packaging")
    assert used, "no Qt imports found: the scan is broken"
    assert used <= bundled, f"imported but not bundled by packaging/starwright.spec: {sorted(used - bundled)}"
    assert not (bundled & excluded)
    assert {"QtNetwork", "QtQml", "QtQuick"} <= excluded


def test_model_never_imports_qt():
    assert qt_modules_imported("model") == set()


def test_spec_is_python_and_takes_the_version_from_the_package():
    source = SPEC.read_text(encoding="utf-8")
    ast.parse(source)
    assert "from model import __version__ as VERSION" in source
    version = re.escape(model.__version__)
    for path in list(PKG.rglob("*")):
        if path.is_file() and path.suffix not in (".pyc",):
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not re.search(rf"(?<![\d.]){version}(?![\d.])", text), f"{path} hard-codes the version"


def test_platform_specific_choices_live_in_one_block_of_the_spec():
    source = SPEC.read_text(encoding="utf-8")
    block = source.split("# PLATFORM:", 1)[1].split("# ----", 2)[1]
    outside = source.replace(block, "")
    assert 'sys.platform == "darwin"' in block and 'sys.platform == "win32"' in block
    # Outside the block only the BUNDLE step (macOS has no other way to make an .app) names a platform.
    assert outside.count("sys.platform") == 1 and 'if sys.platform == "darwin" and not BARE:' in outside


def test_frozen_app_finds_data_under_meipass(tmp_path, monkeypatch):
    """The spec puts `schemas` and `resources` at the top of the bundle; paths.py must look there."""
    monkeypatch.delenv("STARWRIGHT_DATA", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    paths._root.cache_clear()
    try:
        assert paths.schemas_dir() == tmp_path / "schemas"
        assert paths.examples_dir() == tmp_path / "resources" / "examples"
    finally:
        paths._root.cache_clear()
    source = SPEC.read_text(encoding="utf-8")
    assert 'for package in ("schemas", "resources"):' in source


@pytest.mark.parametrize("script", ["build-deb", "ci-deb-check", "build-windows", "ci-windows-check", "build-macos",
                                    "macos/build-dmg.sh"])
def test_shell_scripts_parse_and_are_executable(script):
    path = PKG / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    r = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_wine_library_parses():
    r = subprocess.run(["bash", "-n", str(PKG / "windows" / "wine-lib.sh")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_deb_maintainer_scripts_parse():
    for name in ("postinst", "postrm"):
        path = PKG / "linux" / name
        assert path.stat().st_mode & 0o111
        r = subprocess.run(["sh", "-n", str(path)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert "update-mime-database" in path.read_text() and "update-desktop-database" in path.read_text()


def test_desktop_entry_opens_starwright_documents():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str
    entry.read(PKG / "linux" / "starwright.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Starwright"
    assert d["Exec"] == "starwright %f" and d["TryExec"] == "starwright"
    assert d["Icon"] == "starwright" and d["Terminal"] == "false"
    assert d["MimeType"] == "application/x-starwright;"
    assert all(c for c in d["Categories"].split(";")[:-1]) and d["Categories"].endswith(";")

    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(PKG / "linux" / "starwright-mime.xml").getroot()
    t = mime.find("m:mime-type", ns)
    assert t.get("type") == "application/x-starwright"
    assert [g.get("pattern") for g in t.findall("m:glob", ns)] == ["*.starwright"]
    assert (ROOT / "resources" / "icons" / "starwright.svg").is_file()


def test_deb_depends_names_what_qt_needs_from_the_system():
    script = (PKG / "build-deb").read_text(encoding="utf-8")
    depends = re.search(r"DEPENDS=\(([^)]*)\)", script).group(1).split()
    for lib in ("libgl1", "libegl1", "libfontconfig1", "fonts-dejavu-core", "libxkbcommon0", "libxkbcommon-x11-0",
                "libdbus-1-3", "libglib2.0-0", "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0",
                "libxcb-keysyms1", "libxcb-render-util0", "libxcb-shape0", "libxcb-xkb1"):
        assert lib in depends, lib
    assert "dpkg-deb --root-owner-group -Zzstd --build" in script


def nsi_sections(text: str) -> dict[str, list[str]]:
    """The lines of each Section of an NSIS script by name (continuation lines joined, comments dropped)."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in text.replace("\\\n", " ").splitlines():
        line = line.split(" ; ", 1)[0].strip()
        if not line or line.startswith(";"):
            continue
        m = re.match(r'Section\s+(?:/o\s+)?"([^"]*)"', line)
        if m:
            current = m.group(1)
            assert current not in sections, f"section {current} twice"
            sections[current] = []
        elif line == "SectionEnd":
            current = None
        elif current is not None:
            sections[current].append(line)
    return sections


def nsi_defines(text: str) -> dict[str, str]:
    return dict(re.findall(r'^!define\s+(\w+)\s+"([^"]*)"', text, re.M))


def test_nsis_script_installs_and_uninstalls_everything_it_writes():
    text = (PKG / "windows" / "starwright.nsi").read_text(encoding="utf-8")
    d = nsi_defines(text)
    # The version and the folder come from build-windows, never from the script.
    assert "!ifndef VERSION" in text and "!ifndef SOURCE_DIR" in text and 'OutFile "${OUT_FILE}"' in text
    assert re.search(r"^Target amd64-unicode\b", text, re.M) and "RequestExecutionLevel user" in text
    # The Start menu, the desktop icon and the association start the windowed twin the spec makes.
    assert d["GUI_EXE"] == spec_constant_in_block("GUI_EXE_NAME", "win32") + ".exe"
    s = nsi_sections(text)
    app, desktop, uninstall = s["${APP_NAME}"], s["Desktop icon"], s["Uninstall"]
    assert 'File /r "${SOURCE_DIR}\\*"' in app and 'WriteUninstaller "$INSTDIR\\uninstall.exe"' in app
    assert any(line.startswith('CreateShortCut "$SMPROGRAMS\\${APP_NAME}.lnk" "$INSTDIR\\${GUI_EXE}"') for line in app)
    assert any(line.startswith('CreateShortCut "$DESKTOP\\${APP_NAME}.lnk"') for line in desktop)
    assert 'WriteRegStr HKCU "Software\\Classes\\.starwright" "" "${PROG_ID}"' in app
    assert """WriteRegStr HKCU "Software\\Classes\\${PROG_ID}\\shell\\open\\command" "" '"$INSTDIR\\${GUI_EXE}" "%1"'""" in app
    assert any("DefaultIcon" in line for line in app)
    # Every shortcut made is deleted, every registry key written is removed (itself or a parent).
    made = [re.match(r'CreateShortCut "([^"]+)"', line).group(1) for line in app + desktop
            if line.startswith("CreateShortCut")]
    for lnk in made:
        assert f'Delete "{lnk}"' in uninstall, lnk
    removed = [re.match(r'(?:DeleteRegKey(?: /ifempty)?|DeleteRegValue) HKCU "([^"]+)"', line).group(1)
               for line in uninstall if line.startswith(("DeleteRegKey", "DeleteRegValue"))]
    for line in app:
        m = re.match(r'WriteReg(?:Str|DWORD|ExpandStr) (\w+) "([^"]+)"', line)
        if m:
            assert m.group(1) == "HKCU", line
            assert any(m.group(2) == k or m.group(2).startswith(k + "\\") for k in removed), line
    for f in ("starwright.exe", "${GUI_EXE}", "uninstall.exe"):
        assert f'Delete "$INSTDIR\\{f}"' in uninstall, f
    assert 'RMDir /r "$INSTDIR\\_internal"' in uninstall and 'RMDir "$INSTDIR"' in uninstall


def test_nsis_section_reader_fails_on_a_twice_named_section():
    with pytest.raises(AssertionError):
        nsi_sections('Section "a"\nSectionEnd\nSection "a"\nSectionEnd\n')
    assert nsi_sections('Section "a" ; x\n  File x \\\n    y\nSectionEnd\n') == {"a": ["File x      y"]}


def spec_constant_in_block(name: str, platform: str):
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and platform in ast.unparse(node.test):
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and any(getattr(t, "id", None) == name for t in stmt.targets):
                    return ast.literal_eval(stmt.value)
    raise AssertionError(f"{name} not set for {platform}")


def test_macos_bundle_declares_the_document_type():
    types = spec_constant_in_block("MAC_DOCUMENT_TYPES", "darwin")
    assert types[0]["CFBundleTypeExtensions"] == ["starwright"] and types[0]["CFBundleTypeRole"] == "Editor"
    exported = spec_constant_in_block("MAC_EXPORTED_TYPES", "darwin")
    assert exported[0]["UTTypeIdentifier"] in types[0]["LSItemContentTypes"]
    script = (PKG / "macos" / "build-dmg.sh").read_text(encoding="utf-8")
    assert "packaging/starwright.spec" in script and "hdiutil create" in script and "iconutil" in script


def read_workflow(name: str) -> dict:
    """A workflow of .github/workflows, read with ruamel.yaml (YAML 1.2: `on` stays a key, not True)."""
    return YAML(typ="safe", pure=True).load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def test_installers_workflow_builds_all_three_and_releases_them_on_a_tag():
    wf = read_workflow("installers.yml")
    assert wf["on"]["push"]["tags"] == ["v*"]
    job = wf["jobs"]["installers"]
    oses = [m["os"] for m in job["strategy"]["matrix"]["include"]]
    assert [o.split("-")[0] for o in oses] == ["ubuntu", "windows", "macos"]
    steps = job["steps"]
    assert all(("uses" in s) != ("run" in s) for s in steps), "each step either uses an action or runs"
    runs = "\n".join(s.get("run", "") for s in steps)
    for needed in ("packaging/ci-deb-check", "packaging/starwright.spec", "packaging\\windows\\starwright.nsi",
                   "packaging/macos/build-dmg.sh", "packaging/render_icons.py"):
        assert needed in runs, needed
        assert (ROOT / needed.replace("\\", "/")).exists(), needed
    # the release: only on a tag, after the three builds, the only job that may write, with checksums
    assert wf["permissions"] == {"contents": "read"} and "permissions" not in job
    release = wf["jobs"]["release"]
    assert release["needs"] == "installers" and release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"] == {"contents": "write"}
    release_runs = "\n".join(s.get("run", "") for s in release["steps"])
    assert "sha256sum *.deb *-setup.exe *.dmg > SHA256SUMS" in release_runs
    assert "gh release create" in release_runs and "*.deb *-setup.exe *.dmg SHA256SUMS" in release_runs


def test_tests_workflow_runs_the_suite_on_three_systems():
    wf = read_workflow("tests.yml")
    assert set(wf["on"]) == {"push", "pull_request"} and wf["permissions"] == {"contents": "read"}
    job = wf["jobs"]["tests"]
    assert [o.split("-")[0] for o in job["strategy"]["matrix"]["os"]] == ["ubuntu", "windows", "macos"]
    python = [s["with"]["python-version"] for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python@")]
    assert python == ["3.11"]
    runs = "\n".join(s.get("run", "") for s in job["steps"])
    assert "packaging/bootstrap test" in runs and '-e ".[test]"' in runs
    assert "brew install poppler" in runs and "choco install poppler" in runs


def test_every_test_a_workflow_leaves_out_exists():
    """The tests.yml deselects name tests by node id; a renamed test would silently run nowhere else."""
    runs = "\n".join(s.get("run", "") for s in read_workflow("tests.yml")["jobs"]["tests"]["steps"])
    ids = re.findall(r"^\s*(tests/\S+\.py::\w+)\s*$", runs, flags=re.M)
    assert len(ids) >= 20, ids
    for node in ids:
        path, name = node.split("::")
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body), f"no test {node}"


def test_every_action_pinned_by_commit_says_which_release_it_is():
    """zizmor (test_tooling) insists on the commit; the comment beside it tells a reader the release."""
    for wf in sorted((ROOT / ".github" / "workflows").glob("*.yml")):
        for line in wf.read_text(encoding="utf-8").splitlines():
            if "uses:" in line:
                assert re.search(r"uses: [\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$", line), f"{wf.name}: {line.strip()}"


def test_licences_of_everything_bundled_ship_with_the_app():
    index = json.loads((ROOT / "resources" / "licenses" / "components.json").read_text(encoding="utf-8"))
    comps = {c["name"]: c for c in index["components"]}
    expected = {"Qt": "LGPLv3", "PySide6": "LGPLv3", "reportlab": "BSD", "jsonschema": "MIT",
                "DejaVu fonts": "Bitstream Vera licence"}
    for name, licence in expected.items():
        assert comps[name]["licence"] == licence
    for c in comps.values():
        for f in c["files"]:
            assert (ROOT / "resources" / "licenses" / f).stat().st_size > 200, f
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (ROOT / "resources/licenses/LGPL-3.0.txt").read_text()
    assert "Bitstream" in (ROOT / "resources/licenses/DejaVu-fonts.txt").read_text()


def test_user_guide_links_and_images_resolve():
    guide = ROOT / "resources" / "help" / "guide.html"
    html = guide.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a name="([\w-]+)"', html))
    links = re.findall(r'href="#([\w-]+)"', html)
    assert links and set(links) <= anchors
    images = re.findall(r'<img src="([^"]+)"', html)
    assert images
    for src in images:
        assert (guide.parent / src).resolve().is_file(), src
    for topic in ("A Stargrave crew", "What the marks mean", "Undo", "Saving", "House rules", "Exporting and printing"):
        assert topic in html, topic
