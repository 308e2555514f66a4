"""GUI test helpers: a main window per test, a user who counts their clicks and keys, dialog answering."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QApplication, QCheckBox, QMessageBox, QWidget


@pytest.fixture
def win(qtbot):
    from gui import theme
    from gui.main_window import MainWindow
    app = QApplication.instance()
    theme.apply(app)
    w = MainWindow()
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    yield w
    # Not qtbot.addWidget: pytest-qt would close the window before this runs, and a document with unsaved
    # changes would then wait forever on its "save changes?" question.
    for e in w.editors():
        w.close_editor(e, ask=False)
    w.close()
    w.deleteLater()


class User:
    """Drives real widgets with mouse and keyboard, counting interactions (a click = 1, a key = 1)."""

    def __init__(self, qtbot):
        self.qtbot = qtbot
        self.count = 0

    def click(self, w: QWidget, pos: QPoint | None = None) -> None:
        assert w.isVisible() and w.isEnabled(), f"{w.objectName() or w} is not clickable"
        if isinstance(w, QCheckBox) and pos is None:
            pos = QPoint(8, w.height() // 2)  # the box itself, also when it has no text
        if pos is None:
            self.qtbot.mouseClick(w, Qt.MouseButton.LeftButton)
        else:
            self.qtbot.mouseClick(w, Qt.MouseButton.LeftButton, pos=pos)
        self.count += 1

    def type(self, w: QWidget, text: str) -> None:
        self.qtbot.keyClicks(w, text)
        self.count += len(text)

    def key(self, w: QWidget, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        self.qtbot.keyClick(w, key, modifier)
        self.count += 1

    def replace_text(self, w: QWidget, text: str) -> None:
        """Click into a field, select all, type: what a person does to rename something."""
        self.click(w)
        self.key(w, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        self.type(w, text)

    def click_row(self, view: QAbstractItemView, row: int, column: int = 0, double: bool = False) -> None:
        index = view.model().index(row, column)
        view.scrollTo(index)
        rect = view.visualRect(index)
        assert rect.isValid(), f"row {row} is not visible"
        if double:  # press-release, then the second press as a double-click: one gesture
            self.qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            self.qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            self.qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        else:
            self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        self.count += 1

    def choose(self, buttons, start: str) -> None:
        """Click the one button of a ChoiceButtons grid whose value starts with `start`: one click."""
        b = next(b for b in buttons.buttons if b.isVisible() and str(b.property("value")).startswith(start))
        self.click(b)
        assert buttons.value() == b.property("value")

    def pick(self, combo, text: str) -> None:
        """Choose a combo item the keyboard way: click the combo, type the start of the item's name."""
        self.qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
        self.count += 1
        self.type(combo, text)
        if QApplication.activePopupWidget() is not None:  # clicking opened the list: Enter takes the choice
            self.key(combo.view(), Qt.Key.Key_Return)


@pytest.fixture
def user(qtbot):
    return User(qtbot)


def answer_dialog(qtbot, answer, seen: list | None = None, timeout_ms: int = 5000) -> None:
    """Answer the next modal dialog: `answer` is a QMessageBox.StandardButton or a callable(dialog)."""
    state = {"waited": 0}

    def poll():
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            state["waited"] += 20
            if state["waited"] < timeout_ms:
                QTimer.singleShot(20, poll)
            return
        if seen is not None:
            seen.append(dlg)
            if isinstance(dlg, QMessageBox):
                seen.append((dlg.windowTitle(), dlg.text(), dlg.informativeText()))
        if callable(answer):
            answer(dlg)
        else:
            dlg.button(answer).click()

    QTimer.singleShot(0, poll)


@pytest.fixture
def answer(qtbot):
    return lambda a, seen=None: answer_dialog(qtbot, a, seen)


STUCK_DIALOG_MS = 15000


@pytest.fixture(autouse=True)
def _no_stuck_dialogs(qapp):
    """A modal dialog that no test answers would block forever on the offscreen platform: after
    STUCK_DIALOG_MS it is closed and the test fails, naming the dialog, instead of hanging the run."""
    stuck: list[str] = []
    seen = {"widget": None, "ms": 0}

    def poll():
        dlg = QApplication.activeModalWidget()
        if dlg is None or dlg is not seen["widget"]:
            seen.update(widget=dlg, ms=0)
            return
        seen["ms"] += 500
        if seen["ms"] >= STUCK_DIALOG_MS:
            text = dlg.text() if isinstance(dlg, QMessageBox) else ""
            stuck.append(f"{type(dlg).__name__} {dlg.windowTitle()!r} {text!r}")
            dlg.reject()
            seen.update(widget=None, ms=0)

    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(500)
    yield
    timer.stop()
    assert not stuck, f"a modal dialog was left open with nobody to answer it: {stuck}"


def open_editor(qtbot, session, size=(1400, 950)):
    """A document editor on its own, shown, exposed and active (keyboard focus works)."""
    from gui.editor import DocumentEditor
    ed = DocumentEditor(session)
    qtbot.addWidget(ed)
    ed.resize(*size)
    ed.show()
    qtbot.waitExposed(ed)
    ed.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is ed, timeout=2000)
    return ed


def drop_files(win, paths) -> None:
    """Drag files over the window and drop them, as a file manager does."""
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(win, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(win, drop)
