"""Reading a produced sheet back as text, the way the sheet tests check what was printed."""

import subprocess

from model.evaluate import evaluate
from model.kinds import KINDS
from model.sheets import SheetOptions, export_pdf


def pdf_text(pdf: bytes, tmp_path, layout: bool) -> str:
    """pdftotext's reading order (a table cell's lines stay together), or `layout` as on the page."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    args = ["pdftotext"] + (["-layout"] if layout else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def sheet_text(kind: str, data: dict, tmp_path, layout: bool = False, **options) -> str:
    result = evaluate(data, KINDS[kind])
    options.setdefault("paper", "letter")  # layout assertions are written against US Letter
    return pdf_text(export_pdf(data, result, SheetOptions(**options)), tmp_path, layout)


def squash(text: str) -> str:
    return " ".join(text.split())
