"""Remembered settings (window geometry, recent files, the theme) in an INI file under the user's config folder.

The path is worked out from XDG_CONFIG_HOME each time (Qt caches its own default path for the whole
process), so tests that point XDG_CONFIG_HOME somewhere else get a settings file of their own.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 10


def settings_path() -> Path:
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Preferences")
    else:
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "Starwright" / "starwright.ini"


def settings() -> QSettings:
    return QSettings(str(settings_path()), QSettings.Format.IniFormat)


def _string_list(value: object) -> list[str]:
    """A list of strings as QSettings reads it back from the INI file: one string when one was saved, none for
    an empty one; anything else (a hand-edited `@Rect(1 2 3 4)`, which Qt reads back as a QRect) is no list."""
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return []


def recent_files() -> list[str]:
    return _string_list(settings().value("recent_files", []))


def add_recent(path: str) -> list[str]:
    path = str(Path(path).resolve())
    files = [path] + [f for f in recent_files() if f != path]
    files = files[:MAX_RECENT]
    s = settings()
    s.setValue("recent_files", files)
    s.sync()
    return files


def remove_recent(path: str) -> list[str]:
    files = [f for f in recent_files() if f != path]
    s = settings()
    s.setValue("recent_files", files)
    s.sync()
    return files


def omitted_sections(kind: str) -> list[str]:
    """The sheet sections the player last left out for this kind (File > Export > PDF), [] at first."""
    return _string_list(settings().value(f"export/{kind}/omit", []))


def set_omitted_sections(kind: str, names: list[str]) -> None:
    s = settings()
    s.setValue(f"export/{kind}/omit", list(names))
    s.sync()


def theme() -> str:
    """The theme chosen in View > Theme ("system", "light" or "dark"); "system" when none was."""
    value = settings().value("view/theme", "system")
    return value if isinstance(value, str) else "system"


def set_theme(choice: str) -> None:
    s = settings()
    s.setValue("view/theme", choice)
    s.sync()
