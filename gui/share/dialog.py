"""The "Share with phones" window: the QR code and address, the phones at the table, what each may change.

Closing the window (or Stop sharing) stops sharing and closes every phone's connection; so do closing the
document and quitting.
"""

from __future__ import annotations

import io

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from model.share.table import EVERY

from ..widgets.common import WrapLabel, heading, hint
from .host import ShareError, ShareHost

QR_PIXELS = 320

TROUBLE = (
    "<b>If a phone cannot open the page</b>, it is usually the network, not the phone:"
    "<ul>"
    "<li>The phone must be on the <b>same Wi-Fi</b> as this computer: not on mobile data, not on another "
    "network of the same house or venue.</li>"
    "<li>A <b>guest network</b> often keeps its devices apart on purpose; use the main network instead.</li>"
    "<li>The computer's <b>firewall</b> may be asking whether Starwright may take connections: allow it on "
    "private networks (on Windows, mark this network as private).</li>"
    "<li>A <b>VPN</b> on the phone or the computer takes their traffic elsewhere: pause it while you play.</li>"
    "</ul>"
    "No camera? Type the address shown under the code into the phone's browser. Nothing is sent to the "
    "internet: the phones talk only to this computer, and only while this window is open.")


def qr_pixmap(text: str) -> QPixmap:
    """A QR code of `text`, black on white (what a phone's camera reads best, in a dark theme too)."""
    import segno
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=8, border=4, dark="black", light="white")
    pix = QPixmap()
    pix.loadFromData(out.getvalue(), "PNG")
    return pix


class ShareDialog(QDialog):
    def __init__(self, session, parent=None, addresses: list[str] | None = None, port: int = 0):
        super().__init__(parent)
        self.session = session
        self.setObjectName("shareDialog")
        self.setWindowTitle(f"Share with phones: {session.display_name}")
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.host = ShareHost(session, self)
        self.host.seatsChanged.connect(self._show_seats)
        self.host.urlsChanged.connect(self._new_urls)
        self.seat_rows: list[dict] = []
        self._build()
        try:
            self.urls = self.host.start(addresses, port)
        except ShareError as e:
            self.urls = []
            self.problem.setText(str(e))
            self.problem.show()
        self._show_urls()
        self._show_seats([])

    # -- building ---------------------------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(heading("Scan to join", 2))
        self.qr = QLabel()
        self.qr.setObjectName("shareQr")
        self.qr.setFixedSize(QR_PIXELS, QR_PIXELS)
        self.qr.setScaledContents(True)
        self.qr.setAccessibleName("QR code of the sharing address")
        left.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        self.choice = QComboBox()
        self.choice.setObjectName("shareAddressChoice")
        self.choice.setToolTip("This computer is on several networks: choose the one the phones are on.")
        self.choice.currentIndexChanged.connect(self._show_qr)
        left.addWidget(self.choice)
        self.url = QLabel()
        self.url.setObjectName("shareUrl")
        self.url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url.setWordWrap(True)
        self.url.setStyleSheet("font-family: monospace; font-size: 15px;")
        left.addWidget(self.url)
        copy = QPushButton("Copy address")
        copy.setObjectName("shareCopy")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.url.text()))
        left.addWidget(copy)
        self.problem = WrapLabel()
        self.problem.setObjectName("shareProblem")
        self.problem.hide()
        left.addWidget(self.problem)
        left.addStretch(1)
        outer.addLayout(left)

        right = QVBoxLayout()
        right.addWidget(heading("Phones at the table", 2))
        self.phones = QListWidget()
        self.phones.setObjectName("sharePhones")
        self.phones.currentRowChanged.connect(lambda _r: self._show_controls())
        right.addWidget(self.phones, 1)
        self.none_yet = hint("No phone has joined yet. Phones only view the game until you let them change "
                             "figures or ships below.")
        right.addWidget(self.none_yet)
        right.addWidget(QLabel("The chosen phone may change:"))
        self.controls = QListWidget()
        self.controls.setObjectName("shareControls")
        self.controls.itemChanged.connect(self._control_ticked)
        right.addWidget(self.controls, 1)
        self.revoke_button = QPushButton("Take this phone off the table")
        self.revoke_button.setObjectName("shareRevoke")
        self.revoke_button.setToolTip("Disconnects the phone; the page on it cannot join again while this sharing "
                                      "lasts. To shut every earlier phone out, stop and start sharing: that makes "
                                      "a new code.")
        self.revoke_button.clicked.connect(self._revoke)
        right.addWidget(self.revoke_button)
        trouble = WrapLabel()
        trouble.setTextFormat(Qt.TextFormat.RichText)
        trouble.setText(TROUBLE)
        trouble.setObjectName("shareTrouble")
        right.addWidget(trouble)
        stop = QPushButton("Stop sharing")
        stop.setObjectName("shareStop")
        stop.clicked.connect(self.close)
        right.addWidget(stop, 0, Qt.AlignmentFlag.AlignRight)
        holder = QWidget()
        holder.setLayout(right)
        holder.setMinimumWidth(380)
        outer.addWidget(holder, 1)

    def _new_urls(self, urls: list) -> None:
        self.urls = list(urls)
        self._show_urls()

    def _show_urls(self) -> None:
        self.choice.clear()
        self.choice.addItems(self.urls)
        self.choice.setVisible(len(self.urls) > 1)
        self._show_qr()

    def _show_qr(self) -> None:
        url = self.choice.currentText()
        self.url.setText(url or "Not sharing.")
        self.qr_text = url
        self.qr.setPixmap(qr_pixmap(url) if url else QPixmap())

    # -- phones and what they may change ---------------------------------------------------------------------------
    def _show_seats(self, seats: list) -> None:
        keep = self.phones.currentRow()
        self.seat_rows = [s for s in seats if not s["revoked"]]
        self.phones.blockSignals(True)
        self.phones.clear()
        for s in self.seat_rows:
            where = "connected" if s["connected"] else "away (it reconnects by itself)"
            may = "views only" if not s["controls"] else (
                "changes everything" if EVERY in s["controls"] else f"changes {len(s['controls'])}")
            self.phones.addItem(f"{s['name']}: {where}, {may}  [{s['address']}]")
        self.phones.blockSignals(False)
        self.none_yet.setVisible(not self.seat_rows)
        if self.seat_rows:
            self.phones.setCurrentRow(min(max(keep, 0), len(self.seat_rows) - 1))
        self._show_controls()

    def current_seat(self) -> dict | None:
        row = self.phones.currentRow()
        return self.seat_rows[row] if 0 <= row < len(self.seat_rows) else None

    def _show_controls(self) -> None:
        seat = self.current_seat()
        self.controls.blockSignals(True)
        self.controls.clear()
        groups = [(EVERY, "Everything, and New game")] + [(g.key, g.title) for g in self.session.result.play]
        held = set(seat["controls"]) if seat else set()
        for key, title in groups:
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            item.setCheckState(Qt.CheckState.Checked if key in held or EVERY in held else Qt.CheckState.Unchecked)
            self.controls.addItem(item)
        self.controls.blockSignals(False)
        self.controls.setEnabled(seat is not None)
        self.revoke_button.setEnabled(seat is not None)

    def _control_ticked(self, item: QListWidgetItem) -> None:
        seat = self.current_seat()
        if seat is None:
            return
        key = item.data(Qt.ItemDataRole.UserRole)
        held = set(seat["controls"])
        if EVERY in held:                 # one figure unticked from "everything": all the others stay
            held = {g.key for g in self.session.result.play}
        on = item.checkState() == Qt.CheckState.Checked
        if key == EVERY:
            held = {EVERY} if on else set()
        elif on:
            held.add(key)
        else:
            held.discard(key)
        self.host.grant(seat["seat"], sorted(held))

    def _revoke(self) -> None:
        seat = self.current_seat()
        if seat is not None:
            self.host.revoke(seat["seat"])

    # -- stopping --------------------------------------------------------------------------------------------------
    def stop(self) -> None:
        self.host.stop()
        self.urls = []
        if self.isVisible():
            self.close()

    def closeEvent(self, event) -> None:  # Qt name
        self.host.stop()
        super().closeEvent(event)
        self.done(0)
