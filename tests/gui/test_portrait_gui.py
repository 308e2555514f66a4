"""A document's picture on its first page: Choose Picture… stores the re-encoded picture as one undo step,
Remove Picture takes it out, a refused file says why and leaves the document as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from gui.widgets import portrait as pw

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
FIRST_PAGES = ["norel-kho-dralasite", "ashen-comet-veteran", "kestrel-light-freighter", "dash-korrin-ace",
               "z-gata-frigate"]


def _card(win, name):
    e = win.open_path(str(EXAMPLES / f"{name}.starwright"))
    page = e.pages[0]
    return e, page.portrait_card


@pytest.mark.parametrize("name", FIRST_PAGES)
def test_every_kinds_first_page_has_the_picture_control(win, name):
    _, card = _card(win, name)
    assert card.choose.isEnabled() and not card.remove.isEnabled() and card.thumb.text() == "no picture"


def test_choose_then_undo_then_remove(win, tmp_path, monkeypatch):
    e, card = _card(win, "norel-kho-dralasite")
    f = tmp_path / "face.jpg"
    Image.new("RGB", (1600, 1200), (200, 120, 40)).save(f, quality=90)
    monkeypatch.setattr(pw, "choose_picture_path", lambda parent: str(f))
    card.choose.click()
    part = e.session.data["portrait"]
    assert (part["width"], part["height"]) == (512, 384) and part["media_type"] == "image/jpeg"
    assert not card.thumb.pixmap().isNull() and card.remove.isEnabled()
    assert e.session.result.schema_valid and e.session.dirty
    e.session.stack.undo()
    assert "portrait" not in e.session.data and card.thumb.pixmap().isNull()
    e.session.stack.redo()
    assert e.session.data["portrait"] == part
    card.remove.click()
    assert "portrait" not in e.session.data and not card.remove.isEnabled()
    e.session.stack.undo()
    assert e.session.data["portrait"] == part


def test_a_refused_file_says_why_and_changes_nothing(win, tmp_path, monkeypatch):
    e, card = _card(win, "ashen-comet-veteran")
    huge = tmp_path / "picture.png"
    Image.new("1", (9000, 9000)).save(huge)
    monkeypatch.setattr(pw, "choose_picture_path", lambda parent: str(huge))
    steps = e.session.stack.count()
    card.choose.click()
    assert "picture.png is 9000 x 9000 pixels" in card.problem.text()
    assert "portrait" not in e.session.data and e.session.stack.count() == steps
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 50)
    monkeypatch.setattr(pw, "choose_picture_path", lambda parent: str(broken))
    card.choose.click()
    assert "broken.jpg" in card.problem.text() and "portrait" not in e.session.data


def test_a_cut_stored_picture_says_why_under_the_thumbnail(win, tmp_path):
    """Its header is whole and its data cut: the page says the model's reason, not only "not readable"."""
    import base64
    import io
    import json
    buf = io.BytesIO()
    Image.effect_noise((120, 80), 60).convert("RGB").save(buf, "PNG")
    data = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    data["portrait"] = {"media_type": "image/png", "width": 120, "height": 80,
                        "data": base64.b64encode(buf.getvalue()[:300]).decode("ascii")}
    f = tmp_path / "cut.starwright"
    f.write_text(json.dumps(data), encoding="utf-8")
    e = win.open_path(str(f))
    card = e.pages[0].portrait_card
    assert card.thumb.pixmap().isNull() and card.thumb.text() == "picture\nnot readable"
    assert card.problem.text() == ("The picture stored in this document is damaged or cut short, so it cannot be "
                                   "shown; choose the picture again.")
    assert card.remove.isEnabled()
    card.remove.click()
    assert "portrait" not in e.session.data and card.problem.text() == "" and card.thumb.text() == "no picture"
