"""What an editor knows of a page before the page is built: its place in the page list and the parts it edits.

A document opens with one page of widgets: the page in sight. The editor holds a `PageSpec` for every page and
builds the real page (a `Page`, its whole form) the first time it is needed: shown, or asked for a widget an
issue points at. A document out of sight gives its pages back whole and builds them again when shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model import pointer as jp

if TYPE_CHECKING:
    from .base import Page


@dataclass(frozen=True)
class PageSpec:
    title: str
    icon_name: str
    make: Callable[[Any, Any], Page]   # (session, binder) -> the page, its form built
    object_name: str = ""
    prefixes: tuple[str, ...] = ()     # the document parts the page edits (its issues count on its row)

    @classmethod
    def of(cls, page_class: type[Page], *args: Any, **declared: Any) -> PageSpec:
        """The spec of a page class whose title, icon, object name and parts are class attributes (`declared`
        gives them where they depend on the arguments); `args` follow the session and binder to its constructor."""
        fields = {name: declared.get(name, getattr(page_class, name))
                  for name in ("title", "icon_name", "object_name", "prefixes")}
        return cls(make=lambda session, binder: page_class(session, binder, *args), **fields)

    def owns(self, pointer: str) -> bool:
        return any(jp.is_within(pointer, p) for p in self.prefixes if p)
