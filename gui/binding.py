"""The binding table: each bound widget shows the value at one JSON Pointer of the document.

A page registers its widgets here (`line_edit`, `plain_text`, `check`, `combo`, or `custom` for lists and
tables). User edits become edit records pushed on the session's undo stack; a field being typed into that made
the edit is not refreshed (no echo: the cursor stays put). Any other source, such as a box of ticks, is
refreshed, so the words it shows about the value ("1 of 1 chosen") follow. After each edit, a binding
refreshes only when the edit wrote its pointer or a parent of it (or, for `deep` bindings such as lists, anything inside it).

Issues are painted here too: each issue goes to the binding with the deepest pointer at or above the
issue's pointer; that widget gets a coloured border, an icon (never colour alone) and the messages as its
tooltip and accessible description. A list shown by a `RowsModel` (`rows`) has its issues painted on the
row of the entry they are about (gui/widgets/rows_model.py); only issues about the list as a whole mark the
view itself.

Pages that are built but hidden do not follow each edit: the bindings an edit touched there are remembered
and refreshed when the page is shown again (`catch_up`), so an edit costs what the page in sight shows.
Their issue marks wait the same way (a border put on a table re-styles the table and every widget in it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Callable

from PySide6.QtCore import QAbstractProxyModel, QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QCheckBox, QComboBox, QLabel,
                               QLineEdit, QPlainTextEdit, QWidget)

from model import edits
from model import pointer as jp
from model.issues import SEVERITY_ORDER

from . import theme
from .icons import severity_icon

if TYPE_CHECKING:
    from .document_state import DocumentState

class _UndoKeysToWindow(QObject):
    """Text fields keep their own undo history; hand Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y to the window's Undo instead.

    For fields that are not gui/widgets/text_fields.py's, which do this themselves (every page's are): a filter is
    handed every event of its field, and the first plain one made PySide6 set up a class for every kind of event
    (gui/widgets/geometry_watch.py)."""

    def eventFilter(self, obj, event):
        from PySide6.QtCore import QEvent

        from .widgets.text_fields import undo_key
        if event.type() == QEvent.Type.ShortcutOverride and undo_key(event):
            event.ignore()
            return True
        return False


_undo_filter = _UndoKeysToWindow()


def _undo_keys(w: QWidget, stack) -> None:
    """The field's undo keys go to the document: by the field itself (gui/widgets/text_fields.py), else by the
    filter."""
    from .widgets.text_fields import DocumentUndoKeys
    if isinstance(w, DocumentUndoKeys):
        w.undo_stack = stack
    else:
        w.installEventFilter(_undo_filter)


# the name of the icon a bound line edit shows its issue's severity with (added when it is first marked)
ISSUE_ACTION = "issue_mark"


class Binding:
    def __init__(self, pointer: str, widget: QWidget, page: QWidget | None, refresh: Callable[[Any], None],
                 deep: bool = False, focus: QWidget | None = None, badge: QLabel | None = None,
                 select: Callable[[str], None] | None = None, rows=None):
        self.pointer = pointer
        self.rows = rows              # a RowsModel: issues are painted on its rows
        self.widget = widget
        self.page = page
        self.refresh = refresh
        self.deep = deep
        self.focus_widget = focus or widget
        self.badge = badge
        self.select = select          # called with the issue's pointer when an issue is activated
        self.state: tuple | None = None
        self.base_tooltip = widget.toolTip()
        self.dead = False


class PageHost(Protocol):
    """What a binder asks of the editor whose pages it binds (gui/editor.py)."""

    def is_page(self, widget: object) -> bool: ...
    def waiting(self, pointer: str) -> bool: ...
    def build_owners(self, pointer: str) -> None: ...


class Binder(QObject):
    def __init__(self, session, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.bindings: list[Binding] = []
        self.show_page: Callable[[QWidget], None] | None = None
        self.host: PageHost | None = None   # the editor whose pages bind here (each made when first needed)
        self.state: DocumentState | None = None   # the editor's (gui/document_state.py), for its pages
        self.current: QWidget | None = None   # the page in sight (set by the editor); None: every page follows every edit
        self._stale: dict[int, list[Binding]] = {}   # id(hidden page) -> its bindings an edit touched
        self._unmarked: set[int] = set()              # id(hidden page) whose widgets' issue marks wait
        self._quiet = False
        # counts the bindings made and dropped: a field that comes or goes after a form is built (a row's fields)
        # comes or goes with its binding, so whoever needs to know whether a form has new fields asks this
        self.generation = 0
        session.changed.connect(self.on_changed)

    # -- registering --------------------------------------------------------------------------------
    def add(self, binding: Binding) -> Binding:
        self.bindings.append(binding)
        self.generation += 1
        binding.refresh(jp.get(self.session.data, binding.pointer))
        return binding

    def drop(self, predicate: Callable[[Binding], bool]) -> None:
        self.generation += 1
        keep = []
        for b in self.bindings:
            if predicate(b):
                b.dead = True
            else:
                keep.append(b)
        self.bindings = keep

    def forget(self, predicate: Callable[[Binding], bool], page) -> None:
        """Drop the bindings of a page given back (DocumentEditor.release_forms), and what waited for that page."""
        self.drop(predicate)
        self._stale.pop(id(page), None)
        self._unmarked.discard(id(page))

    def set_value(self, pointer: str, value: Any, source: QWidget | None = None, typing: bool = False) -> None:
        if jp.get(self.session.data, pointer, _MISSING) == value:
            return
        key = (pointer, self.session.typing_run) if typing else None
        self.session.apply(edits.Set(pointer, value), source=source, merge_key=key)

    def line_edit(self, pointer: str, w: QLineEdit, page: QWidget | None) -> Binding:
        def refresh(value):
            text = "" if value is None else str(value)
            if w.text() != text:
                w.setText(text)
        _undo_keys(w, self.session.stack)
        w.textEdited.connect(lambda text: self.set_value(pointer, text, w, typing=True))
        w.editingFinished.connect(self.session.new_typing_run)
        return self.add(Binding(pointer, w, page, refresh))

    def plain_text(self, pointer: str, w: QPlainTextEdit, page: QWidget | None) -> Binding:
        def refresh(value):
            text = "" if value is None else str(value)
            if w.toPlainText() != text:
                self._quiet = True
                try:
                    w.setPlainText(text)
                finally:
                    self._quiet = False

        def edited():
            if not self._quiet:
                self.set_value(pointer, w.toPlainText(), w, typing=True)
        w.setUndoRedoEnabled(False)
        _undo_keys(w, self.session.stack)
        w.textChanged.connect(edited)
        return self.add(Binding(pointer, w, page, refresh))

    def check(self, pointer: str, w: QAbstractButton, page: QWidget | None, *, remove_when_false: bool = False,
              badge: QLabel | None = None) -> Binding:
        def refresh(value):
            w.setChecked(bool(value))

        def clicked(checked: bool):
            if not checked and remove_when_false and jp.exists(self.session.data, pointer):
                self.session.apply(edits.Remove(pointer), source=w)
            elif checked or not remove_when_false:
                self.set_value(pointer, bool(checked), w)
        w.clicked.connect(clicked)
        return self.add(Binding(pointer, w, page, refresh, badge=badge))

    def combo(self, pointer: str, w: QComboBox, page: QWidget | None, badge: QLabel | None = None) -> Binding:
        """A combo box whose items carry their value as item data; a value not in the list is shown as is."""
        def refresh(value):
            value = "" if value is None else value
            i = w.findData(value)
            if i < 0:
                w.addItem(f"{value} (not in the rules)", value)
                i = w.count() - 1
            w.setCurrentIndex(i)

        w.activated.connect(lambda i: self.set_value(pointer, w.itemData(i), w))
        return self.add(Binding(pointer, w, page, refresh, badge=badge))

    def custom(self, pointer: str, w: QWidget, page: QWidget | None, refresh: Callable[[Any], None], *,
               deep: bool = True, focus: QWidget | None = None, badge: QLabel | None = None,
               select: Callable[[str], None] | None = None) -> Binding:
        return self.add(Binding(pointer, w, page, refresh, deep=deep, focus=focus, badge=badge, select=select))

    def rows(self, pointer: str, view: QAbstractItemView, page: QWidget | None, model, make_rows: Callable[[Any], list],
             *, select: Callable[[str], None] | None = None) -> Binding:
        """A list or table showing `make_rows(value at pointer)` through `model` (a RowsModel); its issues are
        painted on the rows by their pointers. Selecting an issue selects its row (or calls `select`)."""
        def pick(issue_pointer: str) -> None:
            if select is not None:
                select(issue_pointer)
                return
            row = model.row_at_pointer(issue_pointer)
            if row >= 0:
                shown = view.model()   # the rows model itself, or a proxy (a sort, a filter) over it
                index = model.index(row, 0)
                view.setCurrentIndex(shown.mapFromSource(index) if isinstance(shown, QAbstractProxyModel) else index)
        return self.add(Binding(pointer, view, page, lambda value: model.set_rows(make_rows(value)), deep=True,
                                select=pick, rows=model))
    # -- following the document ---------------------------------------------------------------------
    def on_changed(self, change) -> None:
        data = self.session.data
        for b in list(self.bindings):
            if b.dead or (b.widget is change.source and _typed_into(b.widget)):
                continue
            if any(jp.is_within(b.pointer, t) or (b.deep and jp.is_within(t, b.pointer)) for t in change.touched):
                if self._hidden(b.page):
                    stale = self._stale.setdefault(id(b.page), [])
                    if b not in stale:
                        stale.append(b)
                else:
                    b.refresh(jp.get(data, b.pointer))
        if change.issues_changed:
            self.paint()

    def _hidden(self, page) -> bool:
        return (self.current is not None and page is not None and page is not self.current
                and self.host is not None and self.host.is_page(page))

    def catch_up(self, page) -> bool:
        """Refresh what edits touched on `page` while it was hidden; True if anything was."""
        stale = self._stale.pop(id(page), [])
        for b in stale:
            if not b.dead:
                b.refresh(jp.get(self.session.data, b.pointer))
        if id(page) in self._unmarked:
            self._unmarked.discard(id(page))
            self.paint()
        return bool(stale)

    def owner(self, pointer: str) -> Binding | None:
        """The binding with the deepest pointer at or above `pointer`."""
        best = None
        for b in self.bindings:
            if not b.dead and jp.is_within(pointer, b.pointer) and (best is None or len(b.pointer) > len(best.pointer)):
                best = b
        return best

    def paint(self) -> None:
        """Mark every bound widget that has issues; clear the ones that no longer do."""
        found: dict[int, list] = {}
        for issue in self.session.issues:
            if self._waiting(issue.pointer):
                continue  # painted when that page is made (DocumentEditor.page)
            b = self.owner(issue.pointer)
            if b is not None:
                found.setdefault(id(b), []).append(issue)
        for b in self.bindings:
            issues = found.get(id(b), [])
            if b.rows is not None:
                issues = self._paint_rows(b, issues)
            state = None
            if issues:
                worst = min(issues, key=lambda i: SEVERITY_ORDER.get(i.severity, 9)).severity
                state = (worst, tuple(i.message for i in issues))
            if state != b.state:
                if self._hidden(b.page):
                    self._unmarked.add(id(b.page))   # marked when its page is shown (catch_up)
                    continue
                b.state = state
                mark(b, state)

    @staticmethod
    def _paint_rows(b: Binding, issues: list) -> list:
        """Give a list's rows their issues; return the ones about no row (they mark the list itself)."""
        by_row: dict[str, list] = {}
        rest = []
        for issue in issues:
            row = b.rows.row_at_pointer(issue.pointer)
            if row >= 0:
                by_row.setdefault(b.rows.rows[row].pointer, []).append(issue)
            else:
                rest.append(issue)
        def marks(groups: dict[str, list]) -> dict[str, tuple[str, str]]:
            return {p: (min(found, key=lambda i: SEVERITY_ORDER.get(i.severity, 9)).severity,
                        "\n".join(i.message for i in found)) for p, found in groups.items()}
        by_pointer: dict[str, list] = {}   # a table that marks the cell of a field reads them by issue pointer
        for issue in (i for found in by_row.values() for i in found):
            by_pointer.setdefault(issue.pointer, []).append(issue)
        b.rows.set_issues(marks(by_row), cells=marks(by_pointer))
        return rest

    def _waiting(self, pointer: str) -> bool:
        """True when a page that edits `pointer` has not built its form yet (its widgets will take the issue)."""
        return self.host is not None and self.host.waiting(pointer)

    def focus(self, pointer: str) -> bool:
        """Show and focus the widget bound to `pointer` (switching page); False if nothing is bound there."""
        if self.host is not None:
            self.host.build_owners(pointer)
        b = self.owner(pointer)
        if b is None:
            return False
        if b.page is not None and self.show_page:
            self.show_page(b.page)
        if b.select:
            b.select(pointer)
        b.focus_widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(b.focus_widget, QAbstractItemView):
            b.focus_widget.scrollTo(b.focus_widget.currentIndex())
        return True


_MISSING = object()


def _typed_into(w: QWidget) -> bool:
    """A widget the user types into: refreshing it from its own edit could move the cursor or reformat the text."""
    return isinstance(w, (QLineEdit, QPlainTextEdit, QAbstractSpinBox)) or (
        isinstance(w, QComboBox) and w.isEditable())


def outlined(colour: str) -> QPalette:
    """The application palette with Fusion's field outline in `colour` and the field faintly tinted with it.

    Spin boxes and combo boxes are marked this way, not with a style sheet border: a style sheet on them makes
    Qt draw their arrows itself, as blank slivers (tests/gui/screenshots.py showed it). Fusion draws a
    field's outline as the Window colour darkened by 140%, so Window is set to the colour lightened as much.
    """
    c = QColor(colour)
    p = QPalette()
    p.setColor(QPalette.ColorRole.Window, c.lighter(140))
    base = p.color(QPalette.ColorRole.Base)
    p.setColor(QPalette.ColorRole.Base, QColor(*(round(a * 0.9 + b * 0.1) for a, b in
                                                 zip(theme.rgb(base), theme.rgb(c)))))
    return p


def mark(b: Binding, state: tuple | None) -> None:
    """Colour, icon and tooltip for a binding's issue state (None clears it)."""
    w = b.widget
    severity, messages = state if state else (None, ())
    text = "\n".join(messages)
    tooltip = "\n".join(x for x in (b.base_tooltip, text) if x)
    w.setToolTip(tooltip)
    w.setAccessibleDescription(text)
    w.setProperty("issue", severity or "")
    cls = w.metaObject().className()
    if severity:
        colour = theme.colour(severity)
        if isinstance(w, QCheckBox):
            w.setStyleSheet(f"{cls} {{ color: {colour}; font-weight: 600; }}")
        elif isinstance(w, (QComboBox, QAbstractSpinBox)):
            w.setPalette(outlined(colour))
        else:
            w.setStyleSheet(f"{cls} {{ border: 2px solid {colour}; border-radius: 4px; }}")
    elif isinstance(w, (QComboBox, QAbstractSpinBox)):
        w.setPalette(QPalette())  # inherit again
    else:
        w.setStyleSheet("")
    if isinstance(w, QLineEdit) and b.badge is None:
        action = next((a for a in w.actions() if a.objectName() == ISSUE_ACTION), None)
        if action is None:
            action = w.addAction(severity_icon("error"), QLineEdit.ActionPosition.TrailingPosition)
            action.setObjectName(ISSUE_ACTION)
        action.setVisible(bool(severity))
        if severity:
            action.setIcon(severity_icon(severity))
            action.setToolTip(text)
    if b.badge is not None:
        if severity:
            size = b.badge.fontMetrics().height()
            b.badge.setPixmap(severity_icon(severity).pixmap(size, size))
            b.badge.setToolTip(text)
            b.badge.setAccessibleName(f"{severity}: {text}")
            b.badge.show()
        else:
            b.badge.hide()
