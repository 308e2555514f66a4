"""File > Export > PDF: a check box per optional section of the full sheet, remembered per kind; what is
unticked is not in the PDF (read back from the file)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QDialogButtonBox

from gui import settings
from gui.dialogs import prompts

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def _answer(untick: list[str], seen: list, what: str = "sheet"):
    def act():
        dlg = QApplication.activeModalWidget()
        if dlg is None or dlg.objectName() != "exportDialog":
            QTimer.singleShot(20, act)
            return
        seen.append({n: b.isChecked() for n, b in dlg.section_boxes.items()})
        dlg.buttons[what].click()
        seen.append(dlg.sections.isEnabled())
        for name in untick:
            dlg.findChild(QCheckBox, f"section_{name}").setChecked(False)
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    QTimer.singleShot(0, act)


def test_unticked_sections_are_left_out_and_remembered_per_kind(win, tmp_path, monkeypatch):
    win.open_path(str(EXAMPLES / "ashen-comet-campaign.starwright"))
    out = tmp_path / "crew.pdf"
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: str(out))
    seen: list = []
    _answer(["campaign", "power-cards"], seen)
    win.a_export.trigger()
    assert seen[0] == {"portrait": True, "notes": True, "campaign": True, "power-cards": True, "equipment": True}
    assert seen[1] is True
    text = _text(out)
    assert "XP per game" not in text and "POWER REFERENCE CARDS" not in text
    assert "EQUIPMENT CARRIED BY THE CREW" in text and "Mara Vex" in text
    assert sorted(settings.omitted_sections("stargrave-crew")) == ["campaign", "power-cards"]
    # the next export of a crew starts from those choices; another kind keeps its own
    seen.clear()
    _answer([], seen)
    win.a_export.trigger()
    assert seen[0]["campaign"] is False and seen[0]["power-cards"] is False and seen[0]["notes"] is True
    win.open_path(str(EXAMPLES / "z-gata-frigate.starwright"))
    seen.clear()
    _answer(["reference"], seen)
    win.a_export.trigger()
    assert seen[0] == {"portrait": True, "reference": True, "notes": True}
    assert "TURN SEQUENCE AND CODES" not in _text(out)
    assert settings.omitted_sections("knighthawks-ship") == ["reference"]
    assert sorted(settings.omitted_sections("stargrave-crew")) == ["campaign", "power-cards"]


def test_the_sections_are_for_the_full_sheet_only(win, tmp_path, monkeypatch):
    win.open_path(str(EXAMPLES / "norel-kho-dralasite.starwright"))
    out = tmp_path / "cards.pdf"
    monkeypatch.setattr(prompts, "choose_pdf_path", lambda parent, s: str(out))
    seen: list = []
    _answer([], seen, what="cards")
    win.a_export.trigger()
    assert seen[1] is False and out.exists()
