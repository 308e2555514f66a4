"""Cards (`export --cards`), blank cards (`--blank`) and their layouts as data: what a player reads
back from the PDF with pdftotext, on A4 and Letter, for every kind. Numbers are checked against
`check --json`'s derived values and against the full sheet of the same document."""

from __future__ import annotations

import copy
import json
import subprocess

import pytest

from model.cards import CardError, blank_deck, check_card_layout, deck, load_card_layout
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.storage import load
from model.sheets import SheetOptions, export_pdf
from model.sheets.cards import export_cards
from tests.conftest import EXAMPLES, ROOT
from tests.model.sheets.test_sheets_cli import page_size, sw

# one legal example per kind, and what its card must show (read from derived below)
EXAMPLE = {
    "stargrave-crew": "ashen-comet-veteran",
    "starchasers-ship": "kestrel-crewed",
    "starchasers-character": "dash-korrin-ace",
    "starfrontiers-character": "norel-kho-dralasite",
    "knighthawks-ship": "z-gata-frigate",
}
PAPERS = {"a4": "595.276 x 841.89", "letter": "612 x 792"}


def raw_text(pdf) -> str:
    return subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def squash(text: str) -> str:
    return " ".join(text.split())


def derived(name: str) -> dict:
    r = sw("check", "--json", EXAMPLES / f"{name}.starwright")
    return json.loads(r.stdout)["derived"]


def pages(pdf) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")))


def expected_on_card(kind: str, data: dict, d: dict) -> list[str]:
    """Strings the card must show, each built from the document or its derived values."""
    if kind == "stargrave-crew":
        out = [data["captain"]["name"], data["first_mate"]["name"], f"HEALTH {d['captain']['profile']['health']}",
               f"HEALTH {d['first_mate']['profile']['health']}", "a/b: own/with equipment"]
        out += [f"{p['name']} {p['activation']} {p['fatigue']}" for p in d["captain"]["powers"]]
        out += [s["name"] for s in data["soldiers"]] + [f"HEALTH {sd['profile']['health']}" for sd in d["soldiers"]]
        return out
    if kind == "starchasers-ship":
        return [data["name"], f"PASSIVE DEFENSE {d['passive_defense']} DODGE {d['dodge']} INITIATIVE {d['initiative']}",
                f"{d['weapons'][0]['pool']} dice", f"{d['hard_points_used']} of {d['hard_points_total']} used",
                f"HULL {data['hull_points']}", f"STRUCTURE {data['structure_points']}"]
    if kind == "starchasers-character":
        return [data["name"], f"Piloting 2 Novice {d['pools']['Piloting']}", f"HIT POINTS {data['hit_points']}",
                f"DODGE {d['ship_pools']['dodge']['dice']}"]
    if kind == "starfrontiers-character":
        ab = d["abilities"]
        return [data["name"], " ".join(str(ab[k]) for k in ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")),
                f"STAMINA {d['stamina']}", f"INITIATIVE +{d['initiative_modifier']} WALK {d['walk']} m RUN {d['run']} m"]
    return [data["name"], f"{d['hull_points']} {d['adf']} {d['mr']}", f"HULL {d['hull_points']}",
            "Laser Cannon (LC) 10 2d10 FF RD"]


def export_example(kind: str, paper: str, flag: str, tmp_path) -> tuple[dict, str]:
    """`export EXAMPLE -o out.pdf FLAG --paper PAPER` as a user runs it: the document and the PDF's text."""
    src = EXAMPLES / f"{EXAMPLE[kind]}.starwright"
    out = tmp_path / "out.pdf"
    r = sw("export", src, "-o", out, flag, "--paper", paper)
    assert r.returncode == 0, r.stderr
    assert ("blank cards" if flag == "--blank" else "cards") in r.stdout
    assert page_size(out).startswith(PAPERS[paper])
    return json.loads(src.read_text(encoding="utf-8")), raw_text(out)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("kind", sorted(EXAMPLE))
def test_cards_of_every_kind_show_the_derived_numbers(kind, paper, tmp_path):
    data, text = export_example(kind, paper, "--cards", tmp_path)
    text = squash(text)
    for s in expected_on_card(kind, data, derived(EXAMPLE[kind])):
        assert squash(s) in text, f"{s!r} is not on the {kind} cards"
    assert f"{data['name']} · {KINDS[kind].title}" in text  # the line under every card: whose it is


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("kind", sorted(EXAMPLE))
def test_blank_cards_of_every_kind_are_the_same_layout_empty(kind, paper, tmp_path):
    data, text = export_example(kind, paper, "--blank", tmp_path)
    assert pages(tmp_path / "out.pdf") == 1
    assert data["name"] not in text  # nothing of the document, only its kind
    layout = load_card_layout(kind)
    assert text.count("NAME") == sum(b["count"] for b in layout["blank"]) == 9
    assert text.count(f"Starwright · {KINDS[kind].title}") == 9
    for card in {b["card"] for b in layout["blank"]}:  # every labelled block of a blank card is there
        for block in layout["cards"][card]["blocks"]:
            if block["type"] == "table":
                assert " ".join(c["label"].upper() for c in block["columns"]) in text
            elif block.get("label") and block["type"] in ("list", "track"):
                assert block["label"].upper() in text


def test_SG_PROF_02_officer_card_prints_own_and_equipped_values_as_the_sheet_does(tmp_path):
    """The card and the full sheet of one crew show the same numbers: both read derived."""
    loaded = load(EXAMPLES / "ashen-comet-veteran.starwright")
    result = evaluate(loaded.data, loaded.kind)
    cards = tmp_path / "cards.pdf"
    sheet = tmp_path / "sheet.pdf"
    cards.write_bytes(export_cards(deck(loaded.data, result), SheetOptions(paper="a4")))
    sheet.write_bytes(export_pdf(loaded.data, result, SheetOptions(paper="a4")))
    card_text, sheet_text = squash(raw_text(cards)), squash(raw_text(sheet))
    for role in ("captain", "first_mate"):
        row = " ".join(v.replace("-", "−") for v in deck(loaded.data, result).cards[0 if role == "captain" else 1]
                       .values["profile"]["values"])
        assert row in card_text and row in sheet_text
    assert "6/5 +4 +3 9/11 +3 17" in card_text  # Heavy Armour: Move 6 -> 5, Armour 9 -> 11
    for sd in result.derived["soldiers"]:
        p = sd["profile"]
        row = f"{p['move']} +{p['fight']} +{p['shoot']} {p['armour']}"
        assert row in card_text and row in sheet_text
    for p in result.derived["captain"]["powers"]:  # power table rows and the power cards
        assert f"{p['name']} {p['activation']} {p['fatigue']}" in card_text
        assert f"{p['name']} {p['activation']}" in sheet_text  # the sheet's power table (columns read apart)
        assert f"{p['name']} ACTIVATION {p['activation']} Captain" in sheet_text  # its reference card


def test_power_cards_carry_activation_per_officer_fatigue_and_the_pack_summary(tmp_path):
    loaded = load(EXAMPLES / "ashen-comet-veteran.starwright")
    result = evaluate(loaded.data, loaded.kind)
    out = tmp_path / "c.pdf"
    out.write_bytes(export_cards(deck(loaded.data, result), SheetOptions(paper="letter")))
    text = squash(raw_text(out))
    pack = {p["name"]: p for p in result.pack.data["powers"]}
    assert "ACTIVATION 10 Captain · 12 First Mate FATIGUE 0" in text  # Energy Shield: both officers know it
    assert squash(pack["Energy Shield"]["summary"]) in text
    assert pages(out) == 2  # 8 figures + 8 powers: nine to a page


def test_a_house_pack_changes_what_the_cards_print(tmp_path):
    pack = json.loads((ROOT / "resources" / "rules" / "stargrave.json").read_text(encoding="utf-8"))
    pack["id"] = "house-tough"
    next(s for s in pack["soldiers"] if s["name"] == "Trooper")["profile"]["health"] = 19
    house = tmp_path / "house.json"
    house.write_text(json.dumps(pack), encoding="utf-8")
    out = tmp_path / "c.pdf"
    r = sw("export", EXAMPLES / "ashen-comet-veteran.starwright", "-o", out, "--cards", "--rules", house)
    assert r.returncode == 0, r.stderr
    text = squash(raw_text(out))
    assert "Jax Trooper, 50 Cr" in text and "HEALTH 19" in text and "house rules" in text


def test_cards_of_a_broken_document_say_it_is_not_legal(tmp_path):
    out = tmp_path / "c.pdf"
    r = sw("export", EXAMPLES / "broken-crew.starwright", "-o", out, "--cards")
    assert r.returncode == 0, r.stderr
    errors = sum(1 for i in json.loads(sw("check", "--json", EXAMPLES / "broken-crew.starwright").stdout)["issues"]
                 if i["severity"] == "error")
    assert f"NOT LEGAL: {errors} rule errors" in squash(raw_text(out))
    assert "Space Marine (not in the rules pack)" in squash(raw_text(out))


def test_overfull_card_is_set_smaller_and_clipped_never_an_error(tmp_path):
    data = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text(encoding="utf-8"))
    data["captain"]["name"] = "Mara " + "Vexillarius " * 30
    data["soldiers"][0]["name"] = "W" * 400
    result = evaluate(data, KINDS["stargrave-crew"])
    out = tmp_path / "c.pdf"
    out.write_bytes(export_cards(deck(data, result), SheetOptions(paper="a4")))
    assert "Vexillarius" in raw_text(out) and pages(out) == 2


def _words(pdf: bytes, tmp_path) -> list[tuple[float, float, float, float, str]]:
    from tests.model.parts_fuzz import WORD, _overprinted
    (tmp_path / "w.pdf").write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-bbox", str(tmp_path / "w.pdf"), "-"], capture_output=True, text=True,
                         check=True).stdout
    words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in WORD.findall(out)]
    assert _overprinted(words) is None, _overprinted(words)
    return words


@pytest.mark.parametrize("name", ["Overloaded on Purpose", "Ashen Comet (a campaign with mistakes)", "W" * 300,
                                  "The " + "Very Long Name " * 20])
def test_the_line_under_a_card_stays_clear_of_the_blocks_above(name, tmp_path):
    """Fuzz (tests/model/parts_fuzz.py): the line under each card wrapped when the name was long (the shipped broken
    frigate's "Overloaded on Purpose · Knight Hawks starship · NOT LEGAL: 6 rule errors" did), and its second
    line was printed over the tick rows above it. Now its height is kept free: one line, smaller, or two; a name
    too long for two is cut short with "…"; NOT LEGAL is always on it."""
    data = json.loads((EXAMPLES / "broken-knighthawks-frigate.starwright").read_text(encoding="utf-8"))
    data["name"] = name
    result = evaluate(data, KINDS["knighthawks-ship"])
    words = _words(export_cards(deck(data, result), SheetOptions(paper="a4")), tmp_path)
    text = " ".join(w[4] for w in words)
    tail = " · Knight Hawks starship · NOT LEGAL: 6 rule errors"
    if len(name) <= 40:
        assert name + tail in text
    else:
        end = text.index("…" + tail)
        kept = text[text.rindex(name[:12], 0, end):end]          # the start of the name the line keeps
        assert name.startswith(kept) and 12 <= len(kept) < 120, text


def test_a_card_still_overfull_at_its_smallest_is_cut_above_its_tick_rows_and_says_so(tmp_path):
    """Fuzz (tests/model/parts_fuzz.py): a ship with twenty weapons drew its weapon table over its own tick rows
    (the clip kept it off the next card only). What does not fit above the tick rows is left out, with a line
    saying the sheet shows it all."""
    data = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text(encoding="utf-8"))
    data["weapons"] = data["weapons"][:1] * 20
    result = evaluate(data, KINDS["starchasers-ship"])
    text = " ".join(w[4] for w in _words(export_cards(deck(data, result), SheetOptions(paper="a4")), tmp_path))
    assert "More than a card holds: the sheet shows it all." in text and "HULL" in text


def test_a_negative_profile_value_is_fitted_to_its_box_as_it_is_drawn(tmp_path):
    """Fuzz: STA -974 (a shift of 999) was measured with a hyphen and drawn with the wider minus sign, so its last
    digit wrapped onto the legend line below the box."""
    data = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    data["shifts"]["str_sta"] = 999
    result = evaluate(data, KINDS["starfrontiers-character"])
    text = " ".join(w[4] for w in _words(export_cards(deck(data, result), SheetOptions(paper="a4")), tmp_path))
    assert "\u2212" + str(-result.derived["abilities"]["sta"]) in text, text[:300]


def test_every_card_layout_passes_its_schema_and_a_broken_one_is_named():
    for kind in KINDS:
        assert check_card_layout(load_card_layout(kind)) == [], kind
    broken = copy.deepcopy(load_card_layout("stargrave-crew"))
    broken["cards"]["figure"]["blocks"][1]["type"] = "hologram"
    assert any(p.startswith("/cards/figure/blocks/1/type") for p in check_card_layout(broken))
    broken = copy.deepcopy(load_card_layout("stargrave-crew"))
    broken["blank"].append({"card": "vehicle", "count": 1})
    problems = check_card_layout(broken)
    assert any('no card type "vehicle"' in p for p in problems) and any("fit a page" in p for p in problems)


def test_blank_deck_needs_only_the_kind_and_a_pack():
    d = blank_deck("knighthawks-ship", builtin_pack("knighthawks"))
    assert d.blank and len(d.cards) == 9 and d.name == ""
    with pytest.raises(CardError):
        blank_deck("starwright-spaceport", builtin_pack("knighthawks"))


def test_cards_are_vector_text_with_embedded_fonts(tmp_path):
    out = tmp_path / "c.pdf"
    assert sw("export", EXAMPLES / "z-gata-frigate.starwright", "-o", out, "--cards").returncode == 0
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "DejaVu" in fonts and " yes " in fonts  # embedded subsets: text to search and copy, no images
    images = subprocess.run(["pdfimages", "-list", str(out)], capture_output=True, text=True, check=True).stdout
    assert len(images.strip().splitlines()) == 2  # the header lines only


def test_export_option_errors_are_sentences(tmp_path):
    src = EXAMPLES / "z-gata-frigate.starwright"
    r = sw("export", src, "-o", tmp_path / "x.pdf", "--cards", "--no-cards")
    assert r.returncode == 2 and "--no-cards shortens the full sheet" in r.stderr
    r = sw("export", src, "--cards")
    assert r.returncode == 2 and "-o OUT.pdf" in r.stderr
    r = sw("export", src, "-o", tmp_path / "x.pdf", "--cards", "--markdown")
    assert r.returncode == 2 and "--markdown is a form of --text" in r.stderr
    r = sw("export", "--help")
    assert "--cards" in r.stdout and "not the same as --cards" in squash(r.stdout)
    assert not list(tmp_path.iterdir()) and "Traceback" not in r.stderr


def _both_texts(name: str, tmp_path) -> tuple[str, str]:
    path = EXAMPLES / f"{name}.starwright"
    loaded = load(path)
    result = evaluate(loaded.data, loaded.kind, origin=path)  # linked crew files are found beside it
    cards, sheet = tmp_path / "cards.pdf", tmp_path / "sheet.pdf"
    cards.write_bytes(export_cards(deck(loaded.data, result), SheetOptions(paper="letter")))
    sheet.write_bytes(export_pdf(loaded.data, result, SheetOptions(paper="letter")))
    return squash(raw_text(cards)), squash(raw_text(sheet))


@pytest.mark.parametrize("name, shared", [
    ("z-gata-frigate", ["Laser Cannon (LC)", "2d10", "4d10", "FF RD", "MPO LTD", "Interceptor Missiles (ICM)"]),
    ("kestrel-crewed", ["6 dice", "3 of 8 used", "Extra Shield Emitter", "Twin Laser"]),
    ("norel-kho-dralasite", ["Gyrojet Pistol", "4d10+5", "Lie detection 28%", "60%", "STAMINA"]),
    ("dash-korrin-ace", ["Piloting", "Novice", "Shows off in front of a crowd"]),
])
def test_card_and_full_sheet_of_the_same_document_show_the_same_numbers(name, shared, tmp_path):
    card_text, sheet_text = _both_texts(name, tmp_path)
    for s in shared:
        assert s in card_text and s in sheet_text, s


@pytest.mark.parametrize("campaign", [-1, "x", [], {"games": 3}, {"games": [{"after": 5}, 7]}])
def test_cards_and_listing_of_a_crew_whose_campaign_record_is_not_one(campaign, tmp_path):
    """Fuzz (tests/model/parts_fuzz.py): a campaign crew whose file holds `"campaign": -1` loads (a kept record,
    reported by the check) but its cards and its text listing crashed reading the soldiers hired in games."""
    from model.listing import listing
    data = json.loads((EXAMPLES / "ashen-comet-campaign.starwright").read_text(encoding="utf-8"))
    (tmp_path / "c.starwright").write_text(json.dumps({**data, "campaign": campaign}), encoding="utf-8")
    loaded = load(tmp_path / "c.starwright")
    result = evaluate(loaded.data, loaded.kind)
    assert export_cards(deck(loaded.data, result), SheetOptions(paper="a4")).startswith(b"%PDF-")
    assert loaded.data["name"].upper() in listing(loaded.data, result)
