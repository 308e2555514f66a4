"""Starwright's model: documents, edits, validation, rules and sheets. Pure Python: never imports Qt."""

__version__ = "0.1.0"
