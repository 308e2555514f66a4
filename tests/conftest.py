"""Test set-up: Qt tests run on the offscreen platform; model tests never start Qt."""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("LANG", "C.UTF-8")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest


def pytest_addoption(parser):
    parser.addoption("--fuzz", type=int, default=0, metavar="N",
                     help="documents for the fuzz suite (tests/model/test_fuzz_documents.py) to try; "
                          "the same as STARWRIGHT_FUZZ=N; default: a few hundred")


def pytest_configure(config):
    if config.getoption("--fuzz"):
        os.environ["STARWRIGHT_FUZZ"] = str(config.getoption("--fuzz"))


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Keep tests away from the real user's house-rule packs and settings."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(home / "rules"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    # The default paper follows the locale: pin it, so a developer in the US sees the same sheets as CI.
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_PAPER", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


EXAMPLES = ROOT / "resources" / "examples"
