"""WrapLabel answers a layout's height-for-width question as QLabel does, remembering it until its text changes."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gui.widgets.common import WrapLabel, hint

LONG = "A soldier may carry one item from the stash; a second find waits in the stash until the next game. " * 3


def _plain(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def test_heights_are_qlabels_and_follow_text_font_and_border(qtbot):
    w, plain = WrapLabel(LONG), _plain(LONG)
    qtbot.addWidget(w)
    qtbot.addWidget(plain)
    for width in (120, 300, 800):
        assert w.heightForWidth(width) == plain.heightForWidth(width)
    before = w.heightForWidth(120)
    w.setText("short")
    plain.setText("short")
    assert w.heightForWidth(120) == plain.heightForWidth(120) < before
    w.setText(LONG)
    plain.setText(LONG)
    assert w.heightForWidth(300) == plain.heightForWidth(300)   # remembered at this width, then the font grows
    f = w.font()
    f.setPointSizeF(f.pointSizeF() * 2)
    w.setFont(f)
    assert w.heightForWidth(300) > plain.heightForWidth(300)   # a bigger font: more lines, not the height kept
    bordered = w.heightForWidth(120)
    w.setStyleSheet("QLabel { border: 12px solid red; }")
    assert w.heightForWidth(120) > bordered
    w.clear()
    assert w.heightForWidth(120) == _plain("").heightForWidth(120)


def test_a_height_is_worked_out_once_per_width(qtbot, monkeypatch):
    w = WrapLabel(LONG)
    qtbot.addWidget(w)
    asked = []
    real = QLabel.heightForWidth
    monkeypatch.setattr(QLabel, "heightForWidth", lambda self, width: asked.append(width) or real(self, width))
    for _ in range(5):
        w.heightForWidth(200)
    assert asked == [200]
    w.setText(LONG)            # the same text: nothing to work out again
    w.heightForWidth(200)
    assert asked == [200]
    w.setText(LONG + " More.")
    w.heightForWidth(200)
    assert asked == [200, 200]


def test_hints_are_wrap_labels(qtbot):
    label = hint("words")
    qtbot.addWidget(label)
    assert isinstance(label, WrapLabel) and label.wordWrap()
