"""The linters run as tests: ruff (pyproject [tool.ruff]), the import contracts of [tool.importlinter]
(model/ never imports Qt or the GUI; a game system never imports another), and the GitHub workflows checked
against GitHub's workflow schema (check-jsonschema's vendored copy) and by zizmor, offline. All come with the
test extras (packaging/bootstrap installs them) and are found beside the running interpreter."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


WORKFLOWS = ROOT / ".github" / "workflows"
ZIZMOR_CONFIG = ROOT / ".github" / "zizmor.yml"


def _run(tool: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    exe = shutil.which(tool, path=str(BIN))   # tool.exe on Windows
    assert exe, f"{tool} is not installed beside {sys.executable}: install the test extras (.[test])"
    return subprocess.run([exe, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing_in_the_code():
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_is_configured_to_catch_an_unused_import(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text("import os\n")
    done = _run("ruff", "check", "--no-cache", ".", cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout


def test_ruff_is_configured_to_catch_a_noqa_that_silences_nothing(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text("import os  # noqa: F401\n\nx = os.sep  # noqa: E501\n")
    done = _run("ruff", "check", "--no-cache", ".", cwd=tmp_path)
    assert done.returncode == 1 and "RUF100" in done.stdout
    assert "bad.py:1:" in done.stdout and "bad.py:3:" in done.stdout   # an import in use; a rule not selected


def test_the_import_contracts_hold():
    done = _run("lint-imports", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "5 kept" in done.stdout


def test_ruff_is_configured_with_bugbear_and_pyupgrade(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text("from typing import Optional\n\n\ndef f(x: Optional[int], seen=[]):\n"
                                     "    return seen\n")
    done = _run("ruff", "check", "--no-cache", ".", cwd=tmp_path)
    assert done.returncode == 1 and "B006" in done.stdout and ("UP045" in done.stdout or "UP007" in done.stdout)


def _skeleton(tmp_path: Path, offending: dict[str, str]) -> Path:
    """The packages the contracts name, empty, plus `offending` (module path -> source) to break one."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    for package in ("model", "model/systems", "model/importers", "model/exporters", "model/sheets", "model/cards", "gui",
                    "model/systems/stargrave", "model/systems/starchasers", "model/systems/starfrontiers",
                    "model/systems/knighthawks"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    for path, source in offending.items():
        (tmp_path / path).write_text(source)
    return tmp_path


@pytest.mark.parametrize("path, source, contract", [
    ("model/sheets/bad.py", "import gui\n", "importers, exporters, sheets and cards depend on the model only"),
    ("model/importers/bad.py", "from model.sheets import x\n", "importers, exporters and sheets do not import each other"),
    ("model/systems/knighthawks/bad.py", "import model.systems.stargrave\n", "a game system never imports another"),
    # a system the contract does not name (its modules are model.systems.*): held to it all the same
    ("model/systems/sixth.py", "import model.systems.knighthawks\n", "a game system never imports another"),
    ("model/bad.py", "import gui\n", "the GUI sits on the model, never the other way"),
])
def test_each_import_contract_catches_what_it_forbids(tmp_path, path, source, contract):
    root = _skeleton(tmp_path, {path: source, "model/sheets/x.py": ""})
    done = _run("lint-imports", "--no-cache", cwd=root)
    assert done.returncode == 1, done.stdout
    flat = " ".join(done.stdout.split())          # long contract names wrap in the summary
    assert re.search(re.escape(contract) + r"[^()]*?(\([^)]*\))? BROKEN", flat), done.stdout


def _check_workflows(folder: Path) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    """The two workflow checks of .ci/run: GitHub's workflow schema, then zizmor's audits (never online)."""
    files = [str(p) for p in sorted(folder.glob("*.yml"))]
    assert files, f"no workflow in {folder}"
    schema = _run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *files)
    audit = _run("zizmor", "--offline", "--no-progress", "--config", str(ZIZMOR_CONFIG), str(folder))
    return schema, audit


def test_the_workflows_follow_githubs_schema_and_pass_zizmor():
    schema, audit = _check_workflows(WORKFLOWS)
    assert schema.returncode == 0, schema.stdout + schema.stderr
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert {p.name for p in WORKFLOWS.glob("*.yml")} >= {"tests.yml", "installers.yml"}


def test_the_workflow_checks_catch_a_bad_workflow(tmp_path):
    folder = tmp_path / ".github" / "workflows"   # zizmor collects workflows from such a folder only
    folder.mkdir(parents=True)
    (folder / "bad.yml").write_text(
        "name: bad\non: [push, pull_request]\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n"                                   # a tag, not a commit
        "      - run: echo \"${{ github.event.pull_request.title }}\"\n")      # the title runs as code
    schema, audit = _check_workflows(folder)
    assert schema.returncode == 0, schema.stdout          # valid GitHub syntax: only zizmor can see the harm
    assert audit.returncode != 0
    for finding in ("template-injection", "unpinned-uses", "artipacked", "excessive-permissions"):
        assert finding in audit.stdout, audit.stdout
    (folder / "bad.yml").write_text("name: bad\non: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n"
                                    "    stepz: []\n")
    schema, _audit = _check_workflows(folder)
    assert schema.returncode == 1 and "'stepz' was unexpected" in schema.stdout, schema.stdout


def test_pre_commit_runs_the_linters_at_versions_the_test_extras_allow():
    import tomllib

    from packaging.requirements import Requirement
    from ruamel.yaml import YAML

    config = YAML(typ="safe", pure=True).load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    assert set(hooks) == {"ruff", "import-linter", "github-workflows", "zizmor", "mypy"}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # the test extras, and the program's own dependencies (mypy reads the model's imports: Pillow's types)
    extras = {Requirement(r).name.lower(): Requirement(r)
              for r in project["optional-dependencies"]["test"] + project["dependencies"]}
    for hook in hooks.values():
        for pin in hook["additional_dependencies"]:
            name, version = pin.split("==")
            assert extras[name.lower()].specifier.contains(version), \
                f"{hook['id']}: {pin} is outside the test extras' {extras[name.lower()]}"
    assert hooks["mypy"]["additional_dependencies"][0].startswith("mypy==")
    assert "--offline" in hooks["zizmor"]["entry"]
