"""A page of an editor: a scrollable form whose widgets are bound to JSON Pointers.

The editor holds a spec of every page (gui/pages/spec.py) and makes the page when it is first needed; the page
builds its whole form as it is made (`build_form`), showing the document as it is then, and is given back whole
when its document goes out of sight (gui/editor.py).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QFrame, QLabel, QPlainTextEdit, QScrollArea, QVBoxLayout, QWidget

from model import pointer as jp

from ..widgets import mnemonics, tab_order
from ..widgets.geometry_watch import watch_geometry


class Page(QScrollArea):
    shown = Signal()   # each time the page comes into sight (what waited while it was hidden catches up)

    title = ""
    icon_name = ""
    object_name = ""
    prefixes: tuple[str, ...] = ()   # the document parts this page edits (its issues count on its tab)
    portrait = False                 # the kind's first page: the document's picture beside the form's head
    next_line: QLabel | None = None  # the "what next" line, where a form has one (add_next_step)
    _tabs_stale = False
    _tab_chain = None

    def __init__(self, session, binder, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.binder = binder
        if self.object_name:
            self.setObjectName(self.object_name)
        self.setWidgetResizable(False)  # the form is sized by fit_body (below), not stretched to the viewport
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        # The form sits at the top left and keeps its size when the page grows or shrinks (the issues panel
        # opening below it): only the strip that comes into view is painted, not every widget of the form.
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        # the form's widgets asked for another size (Qt lays the viewport out again): the form is fitted
        watch_geometry(self.viewport(), lambda _rect: self.fit_body())
        self._new_body()
        self.setAccessibleName(f"{self.title} page")
        self._build()

    def _new_body(self) -> None:
        self.body = QWidget()
        self.body.setObjectName("pageBody")
        self.column = QVBoxLayout(self.body)
        self.column.setContentsMargins(18, 14, 18, 18)
        self.column.setSpacing(12)
        self.setWidget(self.body)
        self.body.setAttribute(Qt.WidgetAttribute.WA_StaticContents)

    # -- the form's size: as wide as the page less a scroll bar, as tall as it needs ------------------------
    def fit_body(self) -> None:
        """Size the form for the page's width, keeping room for the vertical scroll bar whether it shows or
        not, and no taller than its widgets need. A page that only changes height (the issues panel opening,
        the window made taller) leaves the form alone, and a scroll bar coming or going does not lay the whole
        form out again at a new width (QScrollArea's own resizing did both: tests/benchmarks/bench_gui.py)."""
        body = self.body
        least = body.minimumSizeHint()
        width = max(least.width(), self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width())
        column = body.layout()
        height = (column.heightForWidth(width) if column is not None and column.hasHeightForWidth()
                  else body.sizeHint().height())
        height = max(height, least.height())
        if body.width() != width or body.height() != height:
            body.resize(width, height)

    def showEvent(self, event) -> None:  # a QShowEvent, a class of its own (no search)
        super().showEvent(event)
        self.shown.emit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # the form's size does not follow the page's height
            self.fit_body()

    def build_form(self, session, binder) -> None:
        """Make the form's widgets and bind them (showing the document as it is now)."""

    def _build(self) -> None:
        self.build_form(self.session, self.binder)
        for view in self.body.findChildren(QAbstractItemView):
            view.setTabKeyNavigation(False)  # Tab leaves a table or list; the arrows move inside it
        for notes in self.body.findChildren(QPlainTextEdit):
            notes.setTabChangesFocus(True)  # Tab leaves the notes instead of typing a tab into them
        for label in self.body.findChildren(QLabel):
            box = label.buddy()
            if box is not None and box.focusPolicy() == Qt.FocusPolicy.NoFocus:
                # a field with its issue badge beside it: the underlined letter focuses the field
                field = next(iter(tab_order.reading_order(box)), None)
                if field is not None:
                    label.setBuddy(field)
        mnemonics.focus_only(self.body)
        self.order_tabs()

    def next_step(self) -> str:
        """One line saying what to do next here, read from the model (empty: nothing to say)."""
        return ""

    def start_form(self, title: str, words: str = "") -> None:
        """The form's head: its title, the "what next" line and, if given, a line of what the page is for; on a
        kind's first page (`portrait`), the document's picture beside them."""
        if self.portrait:
            from PySide6.QtWidgets import QHBoxLayout
            from ..widgets.portrait import PortraitCard
            row, head = QHBoxLayout(), QVBoxLayout()
            row.addLayout(head, 1)
            self.portrait_card = PortraitCard(self.session)
            row.addWidget(self.portrait_card, 0, Qt.AlignmentFlag.AlignTop)
            self.column.addLayout(row)
            column, self.column = self.column, head
            try:
                self.start_form_lines(title, words)
            finally:
                self.column = column
            head.addStretch(1)   # the head's lines stay together when the picture is taller
            return
        self.start_form_lines(title, words)

    def start_form_lines(self, title: str, words: str) -> None:
        from ..widgets.common import heading, hint
        self.column.addWidget(heading(title))
        self.add_next_step()
        if words:
            self.column.addWidget(hint(words))

    def add_next_step(self) -> None:
        """The page's "what next" line, where it is placed in the form; kept current on every change."""
        from ..widgets.common import next_step_line
        self.next_line = next_step_line()
        self.column.addWidget(self.next_line)
        self.refresh_next_step()

    def refresh_next_step(self) -> None:
        line = self.next_line
        if line is not None:
            text = self.next_step()
            line.setText(text)
            line.setVisible(bool(text))

    def entry_field(self) -> QWidget | None:
        """The field a person comes to this page to fill first, while it is still empty (None: no such field).
        Choosing the page with the mouse puts the cursor there, so typing starts at once."""
        return None

    def order_tabs(self) -> None:
        """Tab follows reading order, also through rows added since (gui/widgets/tab_order.py)."""
        self._tabs_stale = False
        mnemonics.focus_only(self.body)   # (rows added since: their letters focus, too)
        self._tab_chain = tab_order.apply(self.body, self._tab_chain)

    def tabs_stale(self) -> None:
        """An edit may have added or removed fields: the Tab order is made again when Tab is next pressed here
        (walking the page after every edit cost more than the rest of the edit, tests/benchmarks/bench_gui.py)."""
        self._tabs_stale = True

    def focusNextPrevChild(self, forward: bool) -> bool:
        if self._tabs_stale:
            self.order_tabs()
        return super().focusNextPrevChild(forward)

    def owns(self, pointer: str) -> bool:
        return any(jp.is_within(pointer, p) for p in self.prefixes if p)

    def on_changed(self, change) -> None:
        """Refresh what shows derived values; bound fields refresh through the binder (built pages only)."""
