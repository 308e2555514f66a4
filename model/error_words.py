"""What a message box about a file says, in the program's own plain words: what happened, where (the file and the
place in it), whether anything was changed, and what to do next, each a full sentence. Read from a DocumentError
(model/bounded.py) or an ImportRefused (model/importers/bounded.py); gui/dialogs/prompts.py shows it. No Qt."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

# what to do when the refusal itself names nothing better, by what was being done
_ADVICE = {"open": "Check the file, or choose another one with File › Open.",
           "restore": "Open the document's own file with File › Open; the copy kept for recovery is left as it is.",
           "import": "Choose another file to import, or export this one again from the program that made it.",
           "save": "Use File › Save As to save it somewhere else; your work is still open and nothing of it is lost.",
           "export": "Choose another place to export to, or close the program that has the file open, and try "
                     "again; your work is still open.",
           "print": "Close the program that has the file open, or choose another name, and try again."}
_UNCHANGED = {"open": "Nothing was changed; the file is left as it is.",
              "import": "Nothing was imported and the file is left as it is.",
              "restore": "Nothing was changed."}
_LINE = re.compile(r"^line \d+, column \d+$")


class FileRefusal(Protocol):
    path: str
    where: str
    message: str
    advice: str


def sentence(text: str) -> str:
    """`text` as a sentence: a capital first letter and a full stop at the end (a question keeps its mark)."""
    text = " ".join(text.split()).rstrip(" ;:,")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def place(where: str, words: str = "") -> str:
    """Where in the file, as a sentence ("" when the whole file is meant); `words`: the place in the document's
    own words, said before its pointer."""
    if not where or where == "/":
        return ""
    if _LINE.match(where):
        return f"The problem is at {where} of the file."
    if where.startswith("/"):
        return (f"The problem is at {words} ({where} in the file)." if words else
                f"The problem is at {where} in the document.")
    return f"The problem is at {where}."


def explain(error: FileRefusal, action: str = "open") -> tuple[str, list[str]]:
    """(headline, the sentences under it) for a file that could not be used for `action`."""
    name = Path(error.path).name if error.path else "the document"
    headline = f"Starwright could not {action} “{name}”."
    lines = [sentence(error.message) or "Something unexpected stopped it.",
             place(error.where, getattr(error, "place_words", "")),
             f"The file is {error.path}." if error.path else "", _UNCHANGED.get(action, ""),
             sentence(getattr(error, "advice", "") or _ADVICE.get(action, _ADVICE["open"]))]
    return headline, [line for line in lines if line]


def paragraphs(error: FileRefusal, action: str = "open") -> tuple[str, str]:
    """(headline, the box's text): what happened and where; the file and what became of it; what to do."""
    headline, lines = explain(error, action)
    what, rest, advice = lines[:1], lines[1:-1], lines[-1]
    where = [line for line in rest if line.startswith("The problem is at ")]
    file = [line for line in rest if line not in where]
    return headline, "\n\n".join(" ".join(part) for part in (what + where, file, [advice]) if part)
