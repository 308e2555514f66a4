"""The document's picture on its first card (the character's or ship's one card, a crew's Captain), in the
title band; a stored picture that is not what it says is left off; the text listing is unchanged."""

import copy
import io
import subprocess

import pytest
from PIL import Image

from model.cards import deck
from model.evaluate import evaluate
from model.listing import listing
from model.portrait import picture_from_bytes
from model.sheets import SheetOptions
from model.sheets.cards import cards_pdf
from model.storage import load
from tests.conftest import EXAMPLES


def _pic():
    buf = io.BytesIO()
    Image.new("RGB", (400, 500), (150, 60, 20)).save(buf, "PNG")
    return picture_from_bytes(buf.getvalue(), "p.png")


def _images(pdf: bytes, tmp_path) -> int:
    f = tmp_path / "c.pdf"
    f.write_bytes(pdf)
    out = subprocess.run(["pdfimages", "-list", str(f)], capture_output=True, text=True, check=True).stdout
    return len([line for line in out.splitlines()[2:] if line.strip()])


@pytest.mark.parametrize("name", ["ashen-comet-veteran", "norel-kho-dralasite", "z-gata-frigate",
                                  "kestrel-light-freighter", "dash-korrin-ace"])
def test_the_first_card_carries_the_picture(name, tmp_path):
    loaded = load(EXAMPLES / f"{name}.starwright")
    data = copy.deepcopy(loaded.data)
    plain = listing(data, evaluate(data, loaded.kind))
    assert _images(cards_pdf(data, evaluate(data, loaded.kind), SheetOptions(paper="a4")), tmp_path) == 0
    data["portrait"] = _pic()
    result = evaluate(data, loaded.kind)
    d = deck(data, result)
    assert d.cards[0].values["portrait"] == data["portrait"]
    assert all("portrait" not in c.values for c in d.cards[1:])
    assert _images(cards_pdf(data, result, SheetOptions(paper="a4")), tmp_path) == 1
    assert listing(data, result) == plain
    data["portrait"] = {**data["portrait"], "height": data["portrait"]["height"] - 1}
    assert _images(cards_pdf(data, evaluate(data, loaded.kind), SheetOptions(paper="a4")), tmp_path) == 0
