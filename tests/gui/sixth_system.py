"""A tiny sixth game system, written into a temporary folder by tests/gui/test_system_contract.py: a "gadget"
with a name and a power (1..5 in its rules pack), one COMPUTE rule (its rating is power x the pack's
rating_per_power) and one ENFORCE rule (TS-01: the power is within the pack's range).

It is every part a game system brings, and nothing more: its system package, its pages package, its sheet
module and layout, its document schema, its rules pack and the pack's schema. No labels file (its places
are named from its schema's titles, model/labels.py) and no cards (card exports say so).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

KIND = "test-sys"
SYSTEM_PACKAGE = "starwright_test_gadget"          # model/systems/<system> for a real system
PAGES_PACKAGE = "starwright_test_gadget_pages"     # gui/pages/<system>
SHEET_MODULE = f"{SYSTEM_PACKAGE}.sheet"           # model/sheets/<system>.py (a dot: a full module path)
MODULES = (SYSTEM_PACKAGE, PAGES_PACKAGE)

SYSTEM_SOURCE = '''"""The test gadget: a name and a power; its rating is derived, its power is checked against the pack."""

from model.issues import ERROR, Issue
from model.system_contract import GameSystem


def tables(pack):
    return pack.data["power"]


def new(pack):
    return {"format": "starwright/test-sys", "version": 1, "name": pack.data["starter"]["name"],
            "power": pack.data["power"]["min"]}


def derive(data, pack):
    """COMPUTE: the rating is the power times the pack's rating_per_power."""
    power = data.get("power")
    return {"rating": power * pack.data["rating_per_power"] if isinstance(power, int) else None}


def check(data, derived, pack):
    """TS-01 (ENFORCE): a gadget's power is within the pack's range."""
    low, high = pack.data["power"]["min"], pack.data["power"]["max"]
    power = data.get("power")
    if isinstance(power, int) and not low <= power <= high:
        return [Issue("/power", "TS-01", ERROR, f"A gadget's power is {low} to {high}; this one has {power}.")]
    return []


def pack_problems(pack_data):
    power = pack_data["power"]
    return [] if power["min"] <= power["max"] else [("/power", "the least power is more than the most")]


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems)
'''

PAGES_SOURCE = '''"""The test gadget's editor: one page, its name and its power bound to the document."""

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox

from gui.pages.base import Page
from gui.pages.spec import PageSpec
from gui.widgets.common import badge, form_card, named, with_badge


class GadgetPage(Page):
    title = "Gadget"
    icon_name = "starwright"
    prefixes = ("/name", "/power")
    object_name = "page_gadget"

    def build_form(self, session, binder):
        self.start_form("Test gadget", "Name the gadget and choose its power.")
        card, form = form_card("Gadget")
        self.name = named(QLineEdit(), "gadgetName", "Gadget name", "Name your gadget")
        self.power = named(QSpinBox(), "gadgetPower", "Power")
        self.power.setRange(-99, 99)               # a value out of the rules is shown, and its issue says why
        self.power.setKeyboardTracking(False)
        self.power_badge = badge()
        self.rating = named(QLabel(), "gadgetRating", "Rating")
        form.addRow("&Name", self.name)
        form.addRow("&Power", with_badge(self.power, self.power_badge))
        form.addRow("Rating", self.rating)
        card.layout_.addLayout(form)
        self.column.addWidget(card)
        self.column.addStretch(1)
        binder.line_edit("/name", self.name, self)
        binder.custom("/power", self.power, self, self._show_power, deep=False, badge=self.power_badge)
        self.power.valueChanged.connect(lambda value: binder.set_value("/power", value, self.power))
        self._show_rating()

    def _show_power(self, value):
        with QSignalBlocker(self.power):
            self.power.setValue(value if isinstance(value, int) else 0)

    def on_changed(self, change):
        if change.derived_changed:
            self._show_rating()

    def _show_rating(self):
        rating = self.session.result.derived.get("rating")
        self.rating.setText("-" if rating is None else str(rating))


def specs(session):
    return [PageSpec.of(GadgetPage)]
'''

SHEET_SOURCE = '''"""The test gadget's sheet: its name, power and rating in the layout's header panel, then its notes."""

from reportlab.platypus import Spacer

from model.sheets.document import DocumentSheet
from model.sheets.flowables import FieldPanel


class GadgetSheet(DocumentSheet):
    subject = "Test gadget sheet"

    def sheet(self):
        rating = self.d.get("rating")
        values = {"name": self.data.get("name", ""), "power": str(self.data.get("power", "")),
                  "rating": "?" if rating is None else str(rating)}
        head = [FieldPanel(self.kit, self.kit.panel("header"), values), Spacer(1, self.kit.gap)]
        return self.assemble(head, [self.notes])


render = GadgetSheet.render
'''

DOCUMENT_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://starwright.app/schemas/test-sys.v1.json",
    "title": "Starwright test gadget, version 1",
    "type": "object",
    "required": ["format", "version", "name", "power"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "starwright/test-sys"},
        "version": {"const": 1},
        "name": {"type": "string", "maxLength": 200, "title": "Gadget name"},
        "power": {"type": "integer", "minimum": -1000, "maximum": 1000, "title": "Power level"},
        "notes": {"type": "string", "maxLength": 10000},
        "rules": {"type": "object", "properties": {"pack": {"type": "string", "maxLength": 200}},
                  "additionalProperties": False},
        "optional_rules": {"$ref": "document-parts.v1.json#/$defs/optional_rules"},
    },
}

PACK_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://starwright.app/schemas/rules-pack.test-sys.json",
    "title": "Starwright rules pack: test gadget",
    "allOf": [{"$ref": "rules-pack.json"}],
    "type": "object",
    "required": ["starter", "power", "rating_per_power"],
    "properties": {
        "system": {"const": "test-sys"},
        "starter": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
        "power": {"type": "object", "required": ["min", "max"], "additionalProperties": False,
                  "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}},
        "rating_per_power": {"type": "integer", "minimum": 1, "maximum": 100},
    },
}

PACK = {"system": "test-sys", "id": "test-sys-basic", "name": "Test gadget rules", "version": 1,
        "optional_rules": [], "starter": {"name": "New Gadget"}, "power": {"min": 1, "max": 5},
        "rating_per_power": 3}

_COLORS = {"ink": "#1d2125", "accent": "#1f5f8b", "muted": "#5f6670", "rule": "#b9bec6", "fill": "#eef3f7",
           "paper": "#ffffff", "alert": "#9b2c2c"}
LAYOUT = {
    "kind": "test-sys",
    "title": "Test gadget sheet",
    "page": {"margin_mm": {"top": 10, "right": 12, "bottom": 9, "left": 12}, "header_mm": 8, "footer_mm": 9,
             "gap_mm": 4},
    "style": {"colors": _COLORS, "sizes": {"body": 8, "small": 6.8, "label": 5.6, "section": 9.5, "value": 12}},
    "panels": {"header": {"height_mm": 16, "fields": [
        {"bind": "name", "label": "Gadget name", "x": 0, "y": 0, "w": 0.6, "h": 1, "size": 18, "min_size": 8,
         "font": "bold"},
        {"bind": "power", "label": "Power", "x": 0.6, "y": 0, "w": 0.2, "h": 1, "size": 14, "align": "center"},
        {"bind": "rating", "label": "Rating", "x": 0.8, "y": 0, "w": 0.2, "h": 1, "size": 14, "align": "center"}]}},
    "tables": {},
}

# what the system brings, by the place each file goes (relative to the temporary folder)
FILES = {
    f"python/{SYSTEM_PACKAGE}/__init__.py": SYSTEM_SOURCE,
    f"python/{PAGES_PACKAGE}/__init__.py": PAGES_SOURCE,
    f"python/{SYSTEM_PACKAGE}/sheet.py": SHEET_SOURCE,
    "data/schemas/test-sys.v1.json": DOCUMENT_SCHEMA,
    "data/schemas/rules-pack.test-sys.json": PACK_SCHEMA,
    "data/resources/rules/test-sys.json": PACK,
    "data/resources/sheets/test-sys.json": LAYOUT,
}
# the places a new system is added: its package, pages, sheet (module + layout), schema, pack (+ its schema)
PLACES = {
    "system package": [f"python/{SYSTEM_PACKAGE}/__init__.py"],
    "pages package": [f"python/{PAGES_PACKAGE}/__init__.py"],
    "sheet": [f"python/{SYSTEM_PACKAGE}/sheet.py", "data/resources/sheets/test-sys.json"],
    "document schema": ["data/schemas/test-sys.v1.json"],
    "rules pack": ["data/resources/rules/test-sys.json", "data/schemas/rules-pack.test-sys.json"],
}


def mirror(src: Path, dst: Path) -> None:
    """`dst` holds every file of `src` as a link to it (the program's own data, untouched)."""
    for folder, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        here = dst / Path(folder).relative_to(src)
        here.mkdir(parents=True, exist_ok=True)
        for name in files:
            (here / name).symlink_to(Path(folder) / name)


def write(root: Path, real_schemas: Path, real_resources: Path) -> None:
    """The program's data mirrored under root/data, and the system's files written beside it."""
    mirror(real_schemas, root / "data" / "schemas")
    mirror(real_resources, root / "data" / "resources")
    for rel, content in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content, indent=2), encoding="utf-8")


def written(root: Path) -> set[str]:
    """The files under root that are not links to the program's own (what the system brought)."""
    out = set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            path = Path(folder) / name
            if not path.is_symlink():
                out.add(path.relative_to(root).as_posix())
    return out
