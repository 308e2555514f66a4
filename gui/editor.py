"""One document's editor (a tab of the main window): page list, pages, issues panel, optional PDF preview."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (QHBoxLayout, QListWidget, QListWidgetItem, QSplitter, QStackedWidget,
                               QVBoxLayout, QWidget)
from shiboken6 import delete, isValid

from model import pointer as jp
from model.labels import describe_pointer

from .binding import Binder, Binding
from .document_state import DocumentState
from .icons import on_selection
from .pages import pages_for
from .pages.base import Page
from .pages.spec import PageSpec
from .session import Change, Session
from .widgets.fitted_views import RowRepaint
from .widgets.issues_panel import IssuesPanel
from .widgets.optional_rules import OptionalRulesList

if TYPE_CHECKING:   # (each imported when first shown)
    from .play.page import PlayPage
    from .widgets.preview import PreviewPane

REPAIRS = "/play/repairs"   # a Starchasers ship's repair log: kept with the game's counts, edited on the ship page


class PageList(RowRepaint, QListWidget):
    """The list of pages: a page's row that changes (its issue count) repaints alone, not the whole list."""


class Pages(Sequence[Page]):
    """An editor's pages in list order: `pages[i]` is page i, made from its spec when first asked for."""

    def __init__(self, editor: DocumentEditor):
        self._editor = editor

    def __len__(self) -> int:
        return len(self._editor.specs)

    @overload
    def __getitem__(self, i: int) -> Page: ...

    @overload
    def __getitem__(self, i: slice) -> list[Page]: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._editor.page(n) for n in range(len(self))[i]]
        return self._editor.page(range(len(self))[i])

    def __contains__(self, page: object) -> bool:   # (not by walking the pages: that would make them all)
        return self._editor.is_page(page)


class DocumentEditor(QWidget):
    titleChanged = Signal()
    playToggled = Signal(bool)
    is_document_editor = True

    def __init__(self, session: Session, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        session.setParent(self)
        self.state = DocumentState()   # what the window keeps about this document beside its data
        self.binder = Binder(session, self)
        self.binder.state = self.state
        self.module = pages_for(session.kind.kind)
        self.specs: list[PageSpec] = self.module.specs(session)
        self._built: list[Page | None] = [None] * len(self.specs)   # each page made when first needed
        self._kept_scroll: dict[int, int] = {}   # page index -> where it was scrolled when given back
        self.pages = Pages(self)
        self.binder.show_page = self.show_page
        self.binder.host = self
        self._seen = False   # shown at least once (see showEvent)
        self._missed: dict[int, Change] = {}   # id(hidden built page) -> the edits it has not followed, merged
        self._nav_shown: dict[int, tuple] = {}  # page index -> (issue count, worst severity) its list row shows

        self.nav = PageList()
        self.nav.setObjectName("pageList")
        self.nav.setAccessibleName("Pages")
        self.nav.setIconSize(QSize(22, 22))
        self.nav.setSpacing(2)
        self.nav.setFixedWidth(self.fontMetrics().horizontalAdvance("First Mate") + 100)
        self.stack = QStackedWidget()
        self.stack.setAttribute(Qt.WidgetAttribute.WA_StaticContents)  # see Page: the issues panel opening below
        for spec in self.specs:
            item = QListWidgetItem(on_selection(spec.icon_name), spec.title)
            item.setSizeHint(QSize(0, int(self.fontMetrics().height() * 2.4)))
            self.nav.addItem(item)
            self.stack.addWidget(QWidget())   # the page's place until it is made
        self.nav.currentRowChanged.connect(self._select)
        self.nav.itemClicked.connect(lambda item: self.enter_page(self.nav.row(item)))
        self.nav.setCurrentRow(0)

        self.issues = IssuesPanel(describe=lambda p: describe_pointer(session.data, p, session.pack))
        self.issues.activated.connect(self.focus_pointer)
        self.issues.opened.connect(self._issues_opened)

        self.center = QSplitter(Qt.Orientation.Vertical)
        self.center.addWidget(self.stack)
        self.center.addWidget(self.issues)
        self.center.setStretchFactor(0, 5)
        self.center.setStretchFactor(1, 1)
        self.center.setChildrenCollapsible(False)
        self.center.setSizes([760, 130])

        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.center)
        self.preview: PreviewPane | None = None
        self.play_page: PlayPage | None = None   # the Play view (gui/play), made when first asked for

        # the page list, and below it the optional rules of the document's rules pack (hidden when it has none)
        self.optional_rules = OptionalRulesList(session, self)   # a child from the start: never a window of its own
        self.optional_rules.setFixedWidth(self.nav.width())
        side = QVBoxLayout()
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(0)
        side.addWidget(self.nav, 1)
        side.addWidget(self.optional_rules)

        lay = self.main_row = QHBoxLayout(self)   # the page list, then the pages (or the Play view)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(6)
        lay.addLayout(side)
        lay.addWidget(self.split, 1)

        session.changed.connect(self._on_changed)
        session.stateChanged.connect(self.titleChanged)
        self.binder.paint()
        self._refresh_issues()

    # -- the pages: made when first needed, given back whole ---------------------------------------------
    def page(self, i: int) -> Page:
        """Page i, made (its form built, showing the document as it is now) if it is not yet."""
        page = self._built[i]
        if page is None:
            page = self._built[i] = self.specs[i].make(self.session, self.binder)
            place = self.stack.widget(i)
            current = self.stack.currentIndex() == i
            self.stack.insertWidget(i, page)
            if current:
                self.stack.setCurrentIndex(i)
            if place is not None:   # (a page's place holder: there is one for every page not made)
                self.stack.removeWidget(place)
                delete(place)
            self.binder.paint()   # the issues its widgets were waiting for (a page out of sight: once shown)
            kept = self._kept_scroll.pop(i, 0)
            if kept:   # where the page was when it was given back, once its form is laid out
                QTimer.singleShot(0, page, lambda: page.verticalScrollBar().setValue(kept))
        return page

    def built_page(self, i: int) -> Page | None:
        return self._built[i]

    def built_pages(self) -> list[Page]:
        return [p for p in self._built if p is not None]

    def is_page(self, widget: object) -> bool:
        return any(p is widget for p in self._built)

    def is_built(self, i: int) -> bool:
        return self._built[i] is not None

    def index_named(self, object_name: str) -> int | None:
        """The index of the page whose spec has this object name, None if the kind has none."""
        return next((n for n, spec in enumerate(self.specs) if spec.object_name == object_name), None)

    def page_named(self, object_name: str) -> Page | None:
        """The page whose spec has this object name (made if it is not yet), None if the kind has none."""
        i = self.index_named(object_name)
        return None if i is None else self.page(i)

    def waiting(self, pointer: str) -> bool:
        """True when a page that edits `pointer` is not made yet (its widgets will take the pointer's issues)."""
        return any(p is None and spec.owns(pointer) for spec, p in zip(self.specs, self._built))

    def build_owners(self, pointer: str) -> None:
        """Make every page that edits `pointer` (to reach the widget bound to it)."""
        for i, spec in enumerate(self.specs):
            if self._built[i] is None and spec.owns(pointer):
                self.page(i)

    # -- navigation -----------------------------------------------------------------------------------
    def _select(self, row: int) -> None:
        if 0 <= row < len(self.specs):
            # made before it shows, so its widgets show with it (an editor not shown yet makes none)
            page = self.page(row) if self._seen else self._built[row]
            if page is not None:
                self.binder.current = page
                self._catch_up(page)   # what it missed while out of sight (a page just made: its issue marks)
            else:
                self.binder.current = self.stack.widget(row)
        self.stack.setCurrentIndex(row)

    def setVisible(self, visible: bool) -> None:  # (Qt name)
        # A document opened in a tab behind others makes no page until its tab is first shown: five documents
        # opened cost one page of widgets (tests/benchmarks/bench_gui.py, memory). The page is made before the
        # editor shows, so its widgets show with it.
        if visible and not self._seen:
            self._seen = True
            self._select(self.stack.currentIndex())
        super().setVisible(visible)

    def release_forms(self) -> bool:
        """A document out of sight among several gives its pages back whole; the document, its undo history, the
        page shown and where each page was scrolled stay. The page shown is made again when the editor is shown
        (setVisible), showing the document as it is then. False: nothing was made."""
        if not self._seen:
            return False
        for i, page in enumerate(self._built):
            if page is None:
                continue
            self._missed.pop(id(page), None)
            self._kept_scroll[i] = page.verticalScrollBar().value()
            self.binder.forget(_bound_in(page), page)
            self.state.forget_page(page)
            place = QWidget()
            current = self.stack.currentIndex() == i
            self.stack.insertWidget(i, place)
            if current:
                self.stack.setCurrentIndex(i)
            self.stack.removeWidget(page)
            self._built[i] = None
            delete(page)   # now, not later: the next page made (another document's) takes the room
        self.binder.current = self.stack.currentWidget()
        self._seen = False
        return True

    def _catch_up(self, page) -> None:
        """A page shown again after edits made while it was hidden: it shows the document as it is now."""
        missed = self._missed.pop(id(page), None)
        refreshed = self.binder.catch_up(page)
        if missed is not None:
            page.on_changed(missed)
            page.refresh_next_step()
        if missed is not None or refreshed:
            page.tabs_stale()

    def enter_page(self, row: int) -> None:
        """A page chosen with the mouse: the cursor goes to the field it is there to fill, if still empty."""
        if 0 <= row < len(self.specs) and self.stack.currentIndex() == row:
            field = self.page(row).entry_field()
            if field is not None:
                field.setFocus(Qt.FocusReason.MouseFocusReason)
                if hasattr(field, "selectAll"):
                    field.selectAll()  # what is there is typed over

    def show_page(self, page: QWidget) -> None:
        if self.in_play:
            self.set_play(False)
        i = self.stack.indexOf(page)
        if i >= 0:
            self.nav.setCurrentRow(i)

    def page_for(self, pointer: str) -> Page:
        return self.page(next((i for i, spec in enumerate(self.specs) if spec.owns(pointer)), 0))

    def focus_pointer(self, pointer: str) -> bool:
        """Go to the widget bound to an issue's pointer (or, failing that, to the page that edits it). A game's
        count (under /play, but for a ship's repair log, which its page edits) is the Play view's: it opens there
        on the track's row."""
        played = self._focus_play(pointer)
        if played is not None:
            return played
        if self.in_play:
            self.set_play(False)          # a place of the document: back to the editor's pages
        if jp.is_within(pointer, "/optional_rules"):
            return self.optional_rules.focus_rule(jp.split(pointer)[1] if pointer.count("/") > 1 else None)
        if self.binder.focus(pointer):
            return True
        page = self.page_for(pointer)
        self.show_page(page)
        page.setFocus()
        return False

    def _focus_play(self, pointer: str) -> bool | None:
        """The Play view, focused on the row of the track the pointer is in (None: not a game's count)."""
        from model import play
        if (not jp.is_within(pointer, play.PLAY) or jp.is_within(pointer, REPAIRS)
                or not play.has_play(self.session.kind.kind)):
            return None
        self.set_play(True)
        shown = self.play_page
        if shown is None or not self.in_play:
            return None
        row = shown.row_for(pointer)
        (row or shown).setFocus(Qt.FocusReason.OtherFocusReason)
        return row is not None

    # -- following the document -----------------------------------------------------------------------
    def _on_changed(self, change) -> None:
        for page in self.built_pages():   # (a page made later shows the document as it is then)
            if self.binder.current is not None and page is not self.binder.current:
                self._missed[id(page)] = merged(self._missed.get(id(page)), change)  # followed when shown
                continue
            page.on_changed(change)
            page.refresh_next_step()
            page.tabs_stale()  # rows it added take their place in the Tab order (made when Tab is pressed)
        if change.issues_changed:
            self._refresh_issues()
        if any(jp.is_within("/name", p) for p in change.touched):
            self.titleChanged.emit()
        if self.preview is not None:
            self.preview.schedule()

    def _issues_opened(self) -> None:
        """The folded issues panel opens again to its usual share."""
        total = self.center.height() - self.center.handleWidth()
        self.center.setSizes([total - 130, 130] if self.center.isVisible() and total > 260 else [760, 130])

    def _refresh_issues(self) -> None:
        issues = self.session.issues
        self.issues.set_issues(issues)
        for i, page in enumerate(self.specs):
            mine = [x for x in issues if page.owns(x.pointer)]
            errors = sum(1 for x in mine if x.is_error)
            worst = ("error" if errors else mine[0].severity) if mine else None
            # set only when it changed: each set item text or icon makes the list lay out and repaint all its rows
            if self._nav_shown.get(i) == (len(mine), worst):
                continue
            self._nav_shown[i] = (len(mine), worst)
            item = self.nav.item(i)
            if worst is not None:   # (it has issues)
                item.setText(f"{page.title}  ({len(mine)})")
                item.setIcon(on_selection({"error": "error", "warning": "warning"}.get(worst, "info")))
                item.setToolTip(f"{page.title}: {len(mine)} issue{'s' if len(mine) != 1 else ''}")
            else:
                item.setText(page.title)
                item.setIcon(on_selection(page.icon_name))
                item.setToolTip(f"{page.title}: no issues")
            item.setData(Qt.ItemDataRole.AccessibleTextRole, item.text())

    # -- quick start ------------------------------------------------------------------------------------
    def fill_the_rest(self) -> None:
        fill = self.session.kind.system.quick_start
        if fill is not None:
            self.session.apply(fill(self.session.data, self.session.pack))

    # -- the Play view ----------------------------------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        return self.play_page is not None and not self.play_page.isHidden()

    def set_play(self, on: bool) -> None:
        """Show the Play view in place of the pages and issues (what changes during a game), or go back."""
        from model import play
        if on and not play.has_play(self.session.kind.kind):
            return
        if on and self.play_page is None:
            from .play.page import PlayPage
            self.play_page = PlayPage(self.session, self)
            self.main_row.addWidget(self.play_page, 1)
        if self.play_page is None:
            return
        self.nav.setVisible(not on)
        self.optional_rules.set_in_play(on)
        self.split.setVisible(not on)
        self.play_page.setVisible(on)
        if on:
            first = self.play_page.first_row()
            (first or self.play_page).setFocus(Qt.FocusReason.OtherFocusReason)
        elif (shown := self.stack.currentWidget()) is not None:
            shown.setFocus(Qt.FocusReason.OtherFocusReason)
        self.playToggled.emit(on)

    # -- preview ----------------------------------------------------------------------------------------
    def set_preview_visible(self, visible: bool) -> None:
        from .widgets import preview as pv
        if visible and self.preview is None and pv.available():
            self.preview = pv.PreviewPane(self.session)
            self.split.addWidget(self.preview)
            self.split.setStretchFactor(0, 3)
            self.split.setStretchFactor(1, 2)
        if self.preview is not None:
            self.preview.setVisible(visible)
            if visible:
                self.preview.schedule(0)


def _bound_in(page: Page) -> Callable[[Binding], bool]:
    """Whether a binding is a page's (its own, or of a widget on it)."""
    return lambda b: b.page is page or (isValid(b.widget) and page.isAncestorOf(b.widget))


def merged(before: Change | None, change: Change) -> Change:
    """One change standing for `before` and then `change` (what a hidden page missed)."""
    if before is None:
        return Change(list(change.touched), None, change.issues_changed, change.derived_changed, change.result)
    touched = before.touched + [t for t in change.touched if t not in before.touched]
    return Change(touched, None, before.issues_changed or change.issues_changed,
                  set(before.derived_changed) | set(change.derived_changed), change.result)
