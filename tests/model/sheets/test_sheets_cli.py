"""`starwright export` as a user runs it: the installed command (or the launcher module) in a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

BIN = Path(sys.executable).parent / "starwright"
CREW = EXAMPLES / "ashen-comet-veteran.starwright"


def sw(*args, env=None, cwd=None):
    cmd = [str(BIN)] if BIN.exists() else [sys.executable, "-c", "import sys; from gui.launcher import main; sys.exit(main())"]
    full = dict(os.environ)
    full.pop("DISPLAY", None)
    full.pop("QT_QPA_PLATFORM", None)  # export must not need a display
    full.update(env or {})
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True, env=full, cwd=cwd or ROOT,
                          timeout=120)


def text_of(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def page_size(pdf: Path) -> str:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return next(l.split(":", 1)[1].strip() for l in out.splitlines() if l.startswith("Page size"))


def test_export_writes_the_sheet_with_the_chosen_paper(tmp_path):
    out = tmp_path / "ashen.pdf"
    r = sw("export", CREW, "-o", out, "--paper", "letter")
    assert r.returncode == 0, r.stderr
    assert "wrote" in r.stdout and "US Letter" in r.stdout
    assert page_size(out).startswith("612 x 792")
    text = text_of(out)
    assert "Ashen Comet" in text and "Mara Vex" in text and "POWER REFERENCE CARDS" in text
    r = sw("export", CREW, "-o", out, "--paper", "a4", "--no-cards")
    assert r.returncode == 0, r.stderr
    assert page_size(out).startswith("595.276 x 841.89")
    assert "POWER REFERENCE CARDS" not in text_of(out)


def test_export_paper_defaults_to_the_locale(tmp_path):
    out = tmp_path / "a.pdf"
    assert sw("export", CREW, "-o", out, env={"LC_ALL": "", "LC_PAPER": "en_US.UTF-8", "LANG": "C.UTF-8"}).returncode == 0
    assert page_size(out).startswith("612 x 792")
    assert sw("export", CREW, "-o", out, env={"LC_ALL": "", "LC_PAPER": "de_DE.UTF-8", "LANG": "C.UTF-8"}).returncode == 0
    assert page_size(out).startswith("595.276 x 841.89")


def test_export_never_overwrites_the_document(tmp_path):
    doc = tmp_path / "crew.starwright"
    shutil.copy(CREW, doc)
    before = doc.read_bytes()
    for target in (doc, tmp_path / "." / "crew.starwright"):
        for extra in ([], ["--force"]):
            r = sw("export", doc, "-o", target, *extra)
            assert r.returncode == 2 and "never overwrites the document" in r.stderr
            assert doc.read_bytes() == before
    link = tmp_path / "link.pdf"
    link.symlink_to(doc)
    r = sw("export", doc, "-o", link, "--force")
    assert r.returncode == 2 and doc.read_bytes() == before
    hard = tmp_path / "hard.pdf"
    os.link(doc, hard)
    r = sw("export", doc, "-o", hard, "--force")
    assert r.returncode == 2 and doc.read_bytes() == before


def test_export_replaces_an_earlier_pdf_but_not_other_files_unless_forced(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert sw("export", CREW, "-o", out).returncode == 0
    assert sw("export", CREW, "-o", out).returncode == 0  # an earlier sheet is replaced
    notes = tmp_path / "notes.txt"
    notes.write_text("my campaign notes")
    r = sw("export", CREW, "-o", notes)
    assert r.returncode == 2 and "not a PDF" in r.stderr and notes.read_text() == "my campaign notes"
    r = sw("export", CREW, "-o", notes, "--force")
    assert r.returncode == 0 and notes.read_bytes().startswith(b"%PDF-")


def test_export_of_a_crew_with_rule_errors_says_so_and_lists_them_on_request(tmp_path):
    out = tmp_path / "broken.pdf"
    r = sw("export", EXAMPLES / "broken-crew.starwright", "-o", out, "--list-issues")
    assert r.returncode == 0, r.stderr
    errors = sum(1 for line in sw("check", EXAMPLES / "broken-crew.starwright").stdout.splitlines()
                 if ": error " in line)
    assert errors >= 20
    assert f"the Stargrave crew still has {errors} rule errors" in r.stdout
    text = text_of(out)
    assert f"Not legal as printed: {errors} rule errors remain" in text and "RULE ERRORS" in text


def test_export_reports_unreadable_input_in_words(tmp_path):
    bad = tmp_path / "bad.starwright"
    bad.write_text("{ not json")
    r = sw("export", bad, "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and "bad.starwright" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x.pdf").exists()
    r = sw("export", tmp_path / "missing.starwright", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    r = sw("export", CREW, "-o", tmp_path)
    assert r.returncode == 2 and "is a folder" in r.stderr


def test_absurd_values_still_export_a_sheet(tmp_path):
    """2000 hull points passes the schema (ranges are rule checks); the track prints as a sentence."""
    import json as _json
    data = _json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())
    data["hull_points"] = 2000
    data["system_durability"] = 10 ** 6  # the most the schema allows
    src = tmp_path / "huge.starwright"
    src.write_text(_json.dumps(data))
    out = tmp_path / "huge.pdf"
    r = sw("export", src, "-o", out)
    assert r.returncode == 0, r.stderr
    assert "2000: too many to print as boxes" in text_of(out)


def test_a_page_overflow_becomes_a_sentence(monkeypatch):
    import json as _json
    import model.sheets as sheets
    from model.evaluate import evaluate
    from model.kinds import KINDS
    from reportlab.platypus.doctemplate import LayoutError

    def overflow(*a, **k):
        raise LayoutError("Flowable <Table@0x7F> too large on page 2")

    monkeypatch.setattr(sheets, "build_pdf", overflow)
    data = _json.loads(CREW.read_text())
    with pytest.raises(sheets.SheetError) as exc:
        sheets.export_pdf(data, evaluate(data, KINDS["stargrave-crew"]))
    assert "too large to fit on a page" in str(exc.value) and "0x7F" not in str(exc.value)
