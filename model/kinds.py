"""The explicit registry of document kinds: one line per kind, the only registry there is.

Each kind names its file format version, its schema, its rules pack, the package under model/systems/
whose `SYSTEM` (model.system_contract.GameSystem) derives and checks it, its editor pages (a package
under gui/pages/ with `build(session, binder)`), its printed sheet (a module under model/sheets/ with
`render(data, result, kit)`, its layout resources/sheets/<kind>.json) and, if it has cards, the module
under model/cards/ that prepares them. A module named with a dot is a full path (a system kept outside
this tree). The GUI's pages, the sheet renderers, the card preparers and the labels are looked up from
here (gui/pages/__init__.py, model/sheets/__init__.py, model/cards/__init__.py, model/labels.py).

Adding a game system touches 6 places and nothing else: (1) its package, (2) its pages, (3) its sheet
(module + layout), (4) its schema, (5) its rules pack (+ schemas/rules-pack.<system>.json) and (6) one line
here. Labels (resources/labels/<kind>.json; else the schema's titles) and cards are optional.
tests/gui/test_system_contract.py builds such a sixth system in a temporary folder and proves it.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .system_contract import GameSystem

FORMAT_PREFIX = "starwright/"


class Kind(NamedTuple):   # a NamedTuple, not a dataclass: start-up does not load `dataclasses` (3 ms)
    kind: str        # "stargrave-crew": the part after "starwright/" in the file's "format"
    title: str       # what the start page and messages call it
    version: int     # the newest file version this program writes
    schema: str      # schemas/<schema>
    pack: str        # resources/rules/<pack>.json
    module: str      # the system package: its SYSTEM (GameSystem) has new(), derive(), check()...
    pages: str       # the editor's pages package (gui/pages/...): build(session, binder) -> [Page]
    sheet: str       # the sheet renderer: a module under model/sheets/ (or a full dotted path): render(data, result, kit)
    # The module that prepares its cards and text listing: one under model/cards/ (or a full dotted path) with
    # cards(data, result), facts(data, result), blank(type, pack), and its layout resources/cards/<kind>.json.
    # Empty: the kind has no cards (card exports say so; the text listing is its name, rules and issues).
    cards: str = ""
    # The rules of its Play view (the tracks of a game in progress, model/play/): a module under model/play/ (or
    # a full dotted path) with groups(data, derived, pack); empty: the kind has no Play view.
    play: str = ""
    # Schema errors at or below these pointers are kept and reported, never refused on load: a wrong record
    # of a game played is still the player's record (DESIGN.md, crew file version 2).
    kept: tuple[str, ...] = ()
    # A list of records checked one by one and remembered by content (validation.document_issues).
    records: str = ""

    def is_kept(self, pointer: str) -> bool:
        return any(pointer == p or pointer.startswith(p + "/") for p in self.kept)

    @property
    def format(self) -> str:
        return FORMAT_PREFIX + self.kind

    @property
    def system(self) -> GameSystem:
        """The system's contract (imported on first use, so opening one kind does not import the others)."""
        return importlib.import_module(self.module).SYSTEM

    @property
    def sheet_module(self) -> str:
        return module_path(self.sheet, "model.sheets")

    @property
    def cards_module(self) -> str:
        return module_path(self.cards, "model.cards") if self.cards else ""

    @property
    def play_module(self) -> str:
        return module_path(self.play, "model.play") if self.play else ""

    @property
    def labels(self) -> str:
        """resources/labels/<labels>: the names of the document's places, as data (model.labels)."""
        return f"{self.kind}.json"


def module_path(name: str, package: str) -> str:
    """A module named on a kind's line: a plain name is one in `package`; a name with a dot is a full path
    (a system kept outside this tree)."""
    return name if "." in name else f"{package}.{name}"


KINDS: dict[str, Kind] = {k.kind: k for k in [
    Kind("stargrave-crew", "Stargrave crew", 3, "stargrave-crew.v3.json", "stargrave", "model.systems.stargrave",
         "gui.pages.stargrave", "stargrave", cards="stargrave", play="stargrave", kept=("/campaign",),
         records="/campaign/games"),
    Kind("starfrontiers-character", "Star Frontiers character", 3, "starfrontiers-character.v3.json", "starfrontiers",
         "model.systems.starfrontiers", "gui.pages.starfrontiers", "starfrontiers", cards="starfrontiers",
         play="starfrontiers"),
    Kind("starchasers-ship", "Starchasers starship", 2, "starchasers-ship.v2.json", "starchasers",
         "model.systems.starchasers.ship", "gui.pages.starchasers.ship", "starchasers_ship", cards="starchasers",
         play="starchasers_ship"),
    Kind("starchasers-character", "Starchasers character", 2, "starchasers-character.v2.json", "starchasers",
         "model.systems.starchasers.character", "gui.pages.starchasers.character", "starchasers_character",
         cards="starchasers", play="starchasers_character"),
    Kind("knighthawks-ship", "Knight Hawks starship", 2, "knighthawks-ship.v2.json", "knighthawks",
         "model.systems.knighthawks", "gui.pages.knighthawks", "knighthawks", cards="knighthawks", play="knighthawks"),
]}

# Kinds the file format already names (DESIGN.md) but this program cannot build yet.
PLANNED: dict[str, str] = {
}


def by_format(fmt: object) -> Kind | None:
    if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
        return KINDS.get(fmt[len(FORMAT_PREFIX):])
    return None
