"""Where the app's data lives: the same lookup from a checkout, an installed wheel or a frozen bundle.

`schemas` and `resources` are shipped as data-only packages, so importlib.resources finds them in all
three cases (PyInstaller's spec collects them as data). STARWRIGHT_DATA may point at another tree
that holds `schemas/` and `resources/` (used by packagers and tests).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path


@cache
def _root(package: str) -> Path:
    override = os.environ.get("STARWRIGHT_DATA")
    if override:
        return Path(override) / package
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / package
    # the package's folder from its import spec (importlib.resources finds the same and costs 5 ms of start-up)
    import importlib.util
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    if len(places) == 1:
        return Path(places[0])
    from importlib import resources
    return Path(str(resources.files(package)))


def schemas_dir() -> Path:
    return _root("schemas")


def resources_dir() -> Path:
    return _root("resources")


def rules_dir() -> Path:
    return resources_dir() / "rules"


def examples_dir() -> Path:
    return resources_dir() / "examples"


def fonts_dir() -> Path:
    return resources_dir() / "fonts"


def user_rules_dir() -> Path:
    """Where a player keeps house-rule packs (edited copies of the built-in ones)."""
    override = os.environ.get("STARWRIGHT_USER_RULES")
    if override:
        return Path(override)
    return user_data_dir() / "rules"


def user_data_dir() -> Path:
    """The app's own folder under the user's data folder (house rules, recovery files)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    if sys.platform == "win32":
        base = os.environ.get("APPDATA", base)
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    return Path(base) / "Starwright"


RECOVERY_SUFFIX = ".recovery"   # model/recovery.py: one file a document with unsaved changes


def recovery_dir() -> Path:
    """Where unsaved changes are kept until saved (model/recovery.py)."""
    return user_data_dir() / "recovery"


def program_folders() -> list[Path]:
    """The folders that belong to the program itself (its examples, rules, schemas and code, or the frozen bundle):
    documents are opened from them as untitled copies and nothing is ever written into them."""
    here = Path(__file__).resolve().parent
    folders = [resources_dir(), schemas_dir(), here, here.parent / "gui"]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        folders.append(Path(frozen))
    return folders


def is_program_file(path: str | os.PathLike) -> bool:
    """Whether `path` (followed through links) lies inside one of the program's own folders."""
    try:
        real = Path(os.path.realpath(os.fspath(path).replace("\0", "")))
    except (OSError, ValueError):
        return False
    for folder in program_folders():
        try:
            if real.is_relative_to(os.path.realpath(folder)):
                return True
        except (OSError, ValueError):
            continue
    return False
