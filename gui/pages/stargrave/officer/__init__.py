"""The Captain and First Mate pages (page.py), split by column: identity, powers, items; rows from the offers."""

from .page import OfficerPage

__all__ = ["OfficerPage"]
