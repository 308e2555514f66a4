"""The document's picture on its first page: a thumbnail with Choose Picture… and Remove Picture, each one
undo step. Reading, checking and re-encoding the file is the model's (model/portrait.py); a file it refuses
leaves the document as it was and its message shows under the picture."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from model import portrait

from ..dialogs import prompts

FILTER = "Pictures (*.png *.jpg *.jpeg);;All files (*)"
THUMB = 112


def choose_picture_path(parent: QWidget | None) -> str:
    return prompts.open_file(parent, "Choose a Picture", "", FILTER)


class PortraitCard(QFrame):
    def __init__(self, session, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setObjectName("portraitCard")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.thumb = QLabel()
        self.thumb.setObjectName("portrait_thumb")
        self.thumb.setFixedSize(THUMB, THUMB)
        self.thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumb.setFrameShape(QFrame.Shape.StyledPanel)
        self.thumb.setAccessibleName("Picture")
        side = QVBoxLayout()
        self.choose = QPushButton("Choose Picture…")
        self.choose.setObjectName("portrait_choose")
        self.choose.setToolTip(f"A PNG or JPEG file; it is scaled to at most {portrait.STORED_SIDE} pixels a side "
                               "and kept in the document, printed on the sheet and the cards")
        self.remove = QPushButton("Remove Picture")
        self.remove.setObjectName("portrait_remove")
        self.remove.setToolTip("Take the picture out of the document (Undo brings it back)")
        self.problem = QLabel()
        self.problem.setObjectName("portrait_problem")
        self.problem.setWordWrap(True)
        self.problem.setMaximumWidth(260)
        from .. import theme
        self.problem.setStyleSheet(f"color: {theme.colour('error')};")   # light and dark: the theme's error colour
        side.addWidget(self.choose)
        side.addWidget(self.remove)
        side.addWidget(self.problem)
        side.addStretch(1)
        lay.addWidget(self.thumb)
        lay.addLayout(side)
        self.choose.clicked.connect(self.choose_picture)
        self.remove.clicked.connect(self.remove_picture)
        session.changed.connect(self._changed)
        self.refresh()

    def _changed(self, change) -> None:
        if any(p == "/portrait" or p.startswith("/portrait/") or p == "" for p in change.touched):
            self.problem.clear()
            self.refresh()

    def refresh(self) -> None:
        part = self.session.data.get("portrait")
        self.remove.setEnabled(part is not None)
        png = portrait.png_bytes(part) if part is not None else None
        if png is None:
            self.thumb.setPixmap(QPixmap())
            self.thumb.setText("no picture" if part is None else "picture\nnot readable")
            if part is not None:
                self.problem.setText(portrait.problem(part) or "")
            return
        pix = QPixmap()
        pix.loadFromData(png, "PNG")
        self.thumb.setPixmap(pix.scaled(THUMB - 4, THUMB - 4, Qt.AspectRatioMode.KeepAspectRatio,
                                        Qt.TransformationMode.SmoothTransformation))
        self.thumb.setToolTip(f"{part['width']} x {part['height']} pixels, {part['media_type'].split('/')[1].upper()}")

    def choose_picture(self) -> None:
        path = choose_picture_path(self.window())
        if not path:
            return
        try:
            part = portrait.picture_from_file(path)
        except portrait.PortraitError as e:
            self.problem.setText(str(e))   # the document is left as it was
            return
        self.problem.clear()
        self.session.apply(portrait.set_edit(part))

    def remove_picture(self) -> None:
        if self.session.data.get("portrait") is not None:
            self.session.apply(portrait.remove_edit())
