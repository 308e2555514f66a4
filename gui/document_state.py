"""What the window keeps about one open document beside its session: the GUI's state, not the document's.

The session holds the document, its rules pack, its undo stack and its evaluation; an editor (gui/editor.py)
owns one DocumentState for what only the window needs: the founding banners on show and whether the player
unlocked the crew as founded for editing (Stargrave), the post-game walk-through open on the document, and how
to reach the other documents open beside it.
Pages reach it through their binder (`binder.state`), as they reach the editor's other services.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def _none_open() -> list[Any]:
    return []


@dataclass
class DocumentState:
    founding_banners: list[Any] = field(default_factory=list)   # gui/pages/stargrave/founding.py's, one a page
    founding_unlocked: bool = False    # the crew as founded may be edited although games are recorded
    record_dialog: Any = None          # the "Record a game" walk-through open on this document, if any
    # the sessions of the other documents open in the window, newest list on each call (set by the window:
    # a page offers what they define, e.g. a Starchasers ship's weapons, gui/pages/starchasers/weapons_page.py)
    others_open: Callable[[], list[Any]] = _none_open
    # the Starchasers weapon catalogue imported or saved on this ship's Weapons page (kept when the page is
    # given back and made again: gui/pages/starchasers/weapons_page.py)
    catalog: dict | None = None

    def forget_page(self, page: Any) -> None:
        """A page given back: what it showed goes with it."""
        self.founding_banners = [b for b in self.founding_banners if b.page is not page]

    def walkthrough_open(self) -> bool:
        dlg = self.record_dialog
        try:
            return dlg is not None and dlg.isVisible()
        except RuntimeError:   # closed and deleted already
            return False
