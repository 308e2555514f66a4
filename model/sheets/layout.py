"""Sheet layouts: JSON under resources/sheets/, checked against schemas/sheet-layout.json once."""

from __future__ import annotations

from functools import cache

from ..paths import resources_dir
from ..shipped_data import load_checked_json, schema_problems

SCHEMA = "sheet-layout.json"


class SheetError(ValueError):
    """A sheet cannot be made: the message says why, in words a player understands."""


def check_layout(data: object, name: str = "layout") -> list[str]:
    """Problems with a layout as sentences ("/panels/header/fields/0/w: ..."); [] when it is fine."""
    out = schema_problems(SCHEMA, data)
    if not out and isinstance(data, dict):
        for pname, panel in data["panels"].items():
            for k, f in enumerate(panel["fields"]):
                if f["x"] + f["w"] > 1.0001 or f["y"] + f["h"] > 1.0001:
                    out.append(f"/panels/{pname}/fields/{k}: field \"{f['bind']}\" reaches outside its panel")
    return out


@cache
def load_layout(name: str) -> dict:
    """resources/sheets/<name>.json, checked (cached: loaded once per process)."""
    return load_checked_json(resources_dir() / "sheets" / f"{name}.json", check_layout, SheetError, "sheet layout")
