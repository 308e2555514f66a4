"""Table Link's dependencies travel with every build: listed in pyproject.toml (which build-deb, build-windows and
build-macos install from), importable with the modules the frozen app leaves out, their licences shipped, and the
phone page's files inside resources/ (packed whole by the wheel, the PyInstaller spec and the macOS bundle)."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata

from packaging.requirements import Requirement

from model.share.server import STATIC
from tests.conftest import ROOT

SHARING = ("aiohttp", "segno", "ifaddr")


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(names) -> set[str]:
    seen, todo = set(), list(names)
    while todo:
        name = norm(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        for r in metadata.requires(name) or []:
            req = Requirement(r)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return seen


def test_the_sharing_libraries_are_dependencies_of_the_app():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert {norm(Requirement(d).name) for d in deps} >= set(SHARING)
    for builder in ("build-windows", "build-macos"):     # both install what pyproject.toml lists
        assert '["project"]["dependencies"]' in (ROOT / "packaging" / builder).read_text()


def test_every_library_sharing_brings_has_its_licence_in_the_app():
    index = json.loads((ROOT / "resources" / "licenses" / "components.json").read_text(encoding="utf-8"))
    listed = {norm(c["name"]) for c in index["components"]}
    missing = closure(SHARING) - listed
    assert not missing, f"no licence in resources/licenses/components.json for {sorted(missing)}"


def test_the_server_imports_without_what_the_frozen_app_leaves_out():
    spec = ast.parse((ROOT / "packaging" / "starwright.spec").read_text(encoding="utf-8"))
    excluded = next(ast.literal_eval(n.value) for n in spec.body
                    if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "PY_EXCLUDED")
    assert "ssl" in excluded
    code = (f"import sys\nfor m in {excluded!r}: sys.modules[m] = None\n"
            "import model.share.server, model.share.addresses, segno, ifaddr\n"
            "model.share.addresses.adapters()\nprint('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_the_phone_pages_files_are_data_under_resources():
    share = ROOT / "resources" / "share"
    assert sorted(p.name for p in share.iterdir()) == sorted(f for f, _ in STATIC.values())
    spec = (ROOT / "packaging" / "starwright.spec").read_text(encoding="utf-8")
    assert 'for package in ("schemas", "resources"):' in spec and "rglob" in spec      # packed whole
    assert 'resources = ["**/*"]' in (ROOT / "pyproject.toml").read_text()
    page = (share / "index.html").read_text(encoding="utf-8")
    # nothing from outside: no address with a scheme, no inline script or style attribute
    assert not re.search(r"(src|href)=\"(https?:)?//", page) and "<script>" not in page and "style=" not in page
    for f in ("app.js", "style.css"):
        text = (share / f).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "@import" not in text and "url(" not in text
