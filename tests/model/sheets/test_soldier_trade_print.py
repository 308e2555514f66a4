"""SG-SOLD-14 printed: the sheet and the cards of a crew whose assault-armoured soldier traded the armour's pistol
for a carbine print the carbine in its item slot (read back from the PDFs with pdftotext)."""

import copy
import subprocess

from model.cards import deck
from model.evaluate import evaluate
from model.sheets import SheetOptions, export_pdf
from model.sheets.cards import export_cards
from model.storage import from_data
from tests.model.campaign_helpers import FOUNDED


def _text(pdf: bytes, tmp_path, name: str) -> str:
    path = tmp_path / name
    path.write_bytes(pdf)
    return " ".join(subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def _crew(traded: bool):
    data = copy.deepcopy(FOUNDED)
    data["soldiers"][2] = {"id": "s3", "name": "Vell", "type": "Armoured Trooper", "robot": False, "shotgun": False,
                           "item": None, **({"armour_trade": True} if traded else {})}
    loaded = from_data(data, "c.starwright")
    return loaded.data, evaluate(loaded.data, loaded.kind)


def test_SG_SOLD_14_the_sheet_and_the_cards_print_the_carbine_for_the_armours_pistol(tmp_path):
    data, result = _crew(True)
    sheet = _text(export_pdf(data, result, SheetOptions(paper="a4")), tmp_path, "sheet.pdf")
    cards = _text(export_cards(deck(data, result), SheetOptions(paper="a4")), tmp_path, "cards.pdf")
    for text in (sheet, cards):
        assert "Carbine (for the assault armour's pistol)" in text.replace("’", "'")
    data, result = _crew(False)
    sheet = _text(export_pdf(data, result, SheetOptions(paper="a4")), tmp_path, "plain.pdf")
    assert "for the assault armour's pistol" not in sheet.replace("’", "'")
