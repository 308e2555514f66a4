"""The start page: a new document of each kind, Open, and recent files.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QScrollArea, QToolButton, QVBoxLayout, QWidget)

from model.kinds import KINDS, PLANNED

from ..icons import icon, kind_icon, severity_icon
from ..pages import has_pages
from .common import Card, heading, hint

PATH_ROLE = Qt.ItemDataRole.UserRole  # the recent file's path


def kinds_on_offer() -> list[tuple[str, str, bool]]:
    """(kind, title, can be built) for every kind: built ones first, then those still to come."""
    out = [(k.kind, k.title, has_pages(k.kind)) for k in KINDS.values()]
    out += [(kind, title, False) for kind, title in PLANNED.items() if kind not in KINDS]
    return sorted(out, key=lambda x: not x[2])


class StartPage(QScrollArea):
    newRequested = Signal(str)
    quickStartRequested = Signal(str)
    openRequested = Signal()
    recentRequested = Signal(str)
    exampleRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startPage")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        outer = QHBoxLayout(body)
        outer.addStretch(1)
        col = QVBoxLayout()
        col.setSpacing(14)
        outer.addLayout(col, 8)
        outer.addStretch(1)
        self.setWidget(body)
        col.addSpacing(20)
        col.addLayout(self._head())
        col.addWidget(self._new_card())
        col.addWidget(self._open_card())
        col.addStretch(1)

    @staticmethod
    def _head() -> QHBoxLayout:
        """The logo, the name and what the program is for."""
        logo = QLabel()
        logo.setPixmap(icon("starwright").pixmap(64, 64))
        title = heading("Starwright")
        f = title.font()
        f.setPointSizeF(f.pointSizeF() * 1.4)
        title.setFont(f)
        head = QHBoxLayout()
        head.addWidget(logo)
        tl = QVBoxLayout()
        tl.addWidget(title)
        tl.addWidget(hint("Build sci-fi tabletop crews, ships and characters, checked against the rules as you click."))
        head.addLayout(tl, 1)
        return head

    def _new_card(self) -> Card:
        """A button for a new document of each kind, and the quick start."""
        new = Card("New")
        grid = QGridLayout()
        grid.setSpacing(10)
        self.new_buttons: dict[str, QToolButton] = {}
        for i, (kind, title_, ok) in enumerate(kinds_on_offer()):
            b = QToolButton()
            b.setObjectName(f"new_{kind}")
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            b.setIcon(kind_icon(kind) if ok else icon("planned"))
            b.setIconSize(QSize(40, 40))
            b.setMinimumSize(QSize(190, 96))
            b.setAutoRaise(False)
            if ok:
                b.setText(f"New {title_}")
                b.setAccessibleName(f"New {title_}")
                b.setToolTip(f"Start a new {title_}")
                b.clicked.connect(lambda _=False, k=kind: self.newRequested.emit(k))
            else:
                b.setText(f"{title_}\ncoming soon")
                b.setAccessibleName(f"{title_}: coming soon")
                b.setToolTip(f"{title_}s are coming in a later version of Starwright.")
                b.setEnabled(False)
            self.new_buttons[kind] = b
            grid.addWidget(b, i // 3, i % 3)
        new.layout_.addLayout(grid)
        qs = QHBoxLayout()
        self.quick = QPushButton(icon("starwright"), "&Quick start: a complete, legal Stargrave crew")
        self.quick.setObjectName("quickStart")
        self.quick.setAccessibleName("Quick start a complete legal Stargrave crew")
        self.quick.setEnabled(has_pages("stargrave-crew") and "stargrave-crew" in KINDS)
        self.quick.clicked.connect(lambda: self.quickStartRequested.emit("stargrave-crew"))
        qs.addWidget(self.quick)
        qs.addWidget(hint("Every choice filled in for you; change anything afterwards."), 1)
        new.layout_.addLayout(qs)
        return new

    def _open_card(self) -> Card:
        """Open a file, an example, or a recent file."""
        recent = Card("Open")
        row = QHBoxLayout()
        self.open = QPushButton("&Open a file…")
        self.open.setObjectName("openFile")
        self.open.clicked.connect(self.openRequested)
        row.addWidget(self.open)
        self.example = QPushButton("Open an e&xample…")
        self.example.setObjectName("openExample")
        self.example.setAccessibleName("Open one of the bundled examples")
        self.example.setToolTip("A finished crew, ship or character of each kind to look at and change, and some "
                                "built with problems to see how they are explained")
        self.example.clicked.connect(self.choose_example)
        row.addWidget(self.example)
        row.addWidget(hint("…or drop a .starwright file anywhere on this window."), 1)
        recent.layout_.addLayout(row)
        recent.layout_.addWidget(QLabel("Recent files"))
        self.recent = QListWidget()
        self.recent.setObjectName("recentFiles")
        self.recent.setAccessibleName("Recent files")
        self.recent.setMinimumHeight(150)
        self.recent.itemActivated.connect(lambda item: self.recentRequested.emit(item.data(PATH_ROLE)))
        self.recent.itemClicked.connect(lambda item: self.recentRequested.emit(item.data(PATH_ROLE)))  # one click
        # Said inside the empty list, where a disabled item would stand (the same pixels), not as an item that
        # could be chosen.
        self.none_yet = QLabel("No recent files yet.", self.recent)
        self.none_yet.setObjectName("noRecentFiles")
        pal = self.none_yet.palette()
        pal.setColor(self.none_yet.foregroundRole(), pal.color(pal.ColorGroup.Disabled, pal.ColorRole.Text))
        self.none_yet.setPalette(pal)
        frame = self.recent.frameWidth()
        self.none_yet.move(frame + 3, frame)  # inside the frame, at Fusion's item text margin
        self.none_yet.adjustSize()
        recent.layout_.addWidget(self.recent)
        return recent

    def choose_example(self):
        """The list of examples, in a window over this one (read when asked, not at start-up); the one chosen is
        opened (exampleRequested). Returns the dialog."""
        from ..dialogs.examples import ExamplesDialog
        dialog = ExamplesDialog(self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.chosen.connect(self.exampleRequested)
        dialog.open()
        return dialog

    def set_recent(self, paths: list[str]) -> None:
        self.recent.clear()
        if paths:
            from model.examples import peek_kind
        for p in paths:
            path = Path(p)
            kind = peek_kind(path)
            item = QListWidgetItem(kind_icon(kind) if kind else icon("crew"), f"{path.name}   —   {path.parent}")
            item.setData(PATH_ROLE, p)
            item.setToolTip(p)
            if not path.exists():
                # said with the warning icon and words, not only a colour
                item.setIcon(severity_icon("warning"))
                item.setText(f"{path.name}   —   {path.parent}   (missing)")
                item.setToolTip(f"{p}\nThis file is no longer there (moved, renamed or deleted).")
            self.recent.addItem(item)
        self.none_yet.setVisible(not paths)
