"""Starwright's builder window (PySide6). Imports model; model never imports gui.

Importing this package does not import Qt: the launcher decides whether a window is needed.
"""
