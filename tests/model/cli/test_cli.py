"""The command line as a user runs it: the installed `starwright` command, in a subprocess."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXAMPLES, ROOT

BIN = Path(sys.executable).parent / "starwright"


def sw(*args, cwd=None, env=None):
    cmd = [str(BIN)] if BIN.exists() else [sys.executable, "-c", "import sys; from gui.launcher import main; sys.exit(main())"]
    full_env = dict(os.environ)
    full_env.pop("DISPLAY", None)
    full_env.pop("QT_QPA_PLATFORM", None)   # headless commands must not need it
    full_env.update(env or {})
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True, cwd=cwd, env=full_env,
                          timeout=60)


def test_version():
    from model import __version__
    r = sw("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"starwright {__version__}"


def test_help_lists_the_commands():
    r = sw("--help")
    assert r.returncode == 0
    for word in ("new", "check", "export", "stargrave-crew"):
        assert word in r.stdout


def test_new_writes_a_valid_starter_document(tmp_path):
    out = tmp_path / "crew.starwright"
    r = sw("new", "stargrave-crew", "-o", out)
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["format"] == "starwright/stargrave-crew" and data["version"] == 3
    # valid document (exit 1 = rule errors only: the choices are still to make), never 2
    assert sw("check", out).returncode == 1


def test_new_refuses_to_overwrite(tmp_path):
    out = tmp_path / "crew.starwright"
    out.write_text("precious")
    r = sw("new", "stargrave-crew", "-o", out)
    assert r.returncode == 2 and "already exists" in r.stderr and out.read_text() == "precious"


def test_new_unknown_kind(tmp_path):
    r = sw("new", "dune-house", "-o", tmp_path / "x")
    assert r.returncode == 2 and "unknown kind" in r.stderr


def test_check_exit_codes():
    legal = sorted(p for p in EXAMPLES.glob("*.starwright") if "broken" not in p.name
                   and '"starwright/stargrave-crew"' in p.read_text())
    assert sw("check", *legal).returncode == 0
    assert sw("check", EXAMPLES / "broken-crew.starwright").returncode == 1


def test_check_unreadable_file_is_exit_2_with_place(tmp_path):
    bad = tmp_path / "bad.starwright"
    bad.write_text('{"format": "starwright/stargrave-crew",\n "version": 1,\n "name": ')
    r = sw("check", bad, EXAMPLES / "ashen-comet-veteran.starwright")
    assert r.returncode == 2
    assert f"{bad} at line 3" in r.stderr and "Traceback" not in r.stderr
    assert "Ashen" not in r.stderr  # the good file is still checked
    assert "Stargrave crew OK" in r.stdout


def test_check_json_shape():
    r = sw("check", "--json", EXAMPLES / "ashen-comet-veteran.starwright", EXAMPLES / "broken-crew.starwright")
    assert r.returncode == 1
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["valid"] for o in lines] == [True, False]
    first = lines[0]
    assert set(first) == {"file", "format", "valid", "issues", "derived"}
    d = first["derived"]
    for role in ("captain", "first_mate"):
        assert set(d[role]["profile"]) == {"move", "fight", "shoot", "armour", "will", "health"}
        assert {"name", "activation", "fatigue", "basic"} <= set(d[role]["powers"][0])
        assert isinstance(d[role]["slots_used"], int) and isinstance(d[role]["slots"], int)
    assert {"type", "cost", "specialist"} <= set(d["soldiers"][0])
    assert {"credits_spent", "credits_left", "specialists"} <= set(d)
    issue = lines[1]["issues"][0]
    assert set(issue) == {"pointer", "rule", "severity", "message"}


def test_check_json_for_unreadable_file(tmp_path):
    bad = tmp_path / "bad.starwright"
    bad.write_text("[]")
    r = sw("check", "--json", bad)
    assert r.returncode == 2
    obj = json.loads(r.stdout)
    assert obj["valid"] is False and obj["issues"][0]["rule"] == "FILE"


def test_check_with_house_rules_flag(tmp_path):
    pack = json.loads((ROOT / "resources/rules/stargrave.json").read_text())
    pack["id"] = "big-budget"
    pack["crew"]["starting_credits"] = 1000
    pack_path = tmp_path / "pack.json"
    pack_path.write_text(json.dumps(pack))
    crew = json.loads((EXAMPLES / "broken-crew.starwright").read_text())
    crew = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text())
    crew["soldiers"] = [{"type": "Sniper"}] * 6
    crew["rules"] = {"pack": "big-budget"}
    path = tmp_path / "crew.starwright"
    path.write_text(json.dumps(crew))
    assert sw("check", path).returncode == 1  # pack not given: falls back to 400 Cr, 600 spent
    r = sw("check", "--rules", pack_path, "--json", path)
    assert json.loads(r.stdout)["derived"]["credits_left"] == 400 and r.returncode == 1  # 6 specialists
    broken = tmp_path / "broken-pack.json"
    broken.write_text('{"system": "stargrave", "id": "x", "name": "x", "version": 1}')
    r = sw("check", "--rules", broken, path)
    assert r.returncode == 2 and "missing" in r.stderr


def test_headless_commands_import_no_qt(tmp_path):
    code = (
        "import sys\n"
        "from gui.launcher import main\n"
        f"rc = main(['check', {str(EXAMPLES / 'ashen-comet-veteran.starwright')!r}])\n"
        f"rc2 = main(['new', 'stargrave-crew', '-o', {str(tmp_path / 'n.starwright')!r}])\n"
        "assert rc == 0 and rc2 == 0, (rc, rc2)\n"
        "qt = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))]\n"
        "assert not qt, qt\n"
        "print('no qt')\n"
    )
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "no qt" in r.stdout


def test_model_package_never_imports_qt_or_gui():
    offenders = []
    for path in (ROOT / "model").rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            s = line.strip()
            if s.startswith(("import PySide6", "from PySide6", "import gui", "from gui", "import shiboken",
                             "from shiboken")):
                offenders.append(f"{path.relative_to(ROOT)}:{n}")
    assert offenders == []
