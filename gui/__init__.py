"""Starwright's builder window (PySide6). Imports model; model never imports gui.

Importing this package does not import Qt: the launcher decides whether a window is needed.
"""

from .workarounds import refguard as _refguard

_refguard.install()  # PySide6 6.12 on CPython 3.11 over-releases None; see gui/workarounds/README.md
