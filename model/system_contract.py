"""The contract between the program and a game system: what one system package gives for one document kind.

A document kind is one line in model/kinds.py (`Kind`: its file format, schema, rules pack, the system
package, its editor pages and its printed sheet) and the `SYSTEM` that package exports, a `GameSystem`:

- `tables(pack)`: the rules pack indexed for the rules;
- `new(pack)`: a new, valid document;
- `derive(data, pack)` (COMPUTE rules) or, for a system that links other files, `derive(data, pack, linked)`
  with `linked` what `read_links(data, origin)` read: every derive is a pure function of its inputs and
  evaluate() is the one caller that reads linked files;
- `check(data, derived, pack) -> list[Issue]` (ENFORCE rules);
- `pack_problems(pack_data)`: cross-references inside a rules pack its schema cannot see;
- `offers(data, derived, pack) -> dict`: what can be added at each place of the document and why the rest
  cannot (evaluate() puts it on Result.offers; a system without offers yet gives {});
- `quick_start(data, pack) -> edits.Batch`: fill the rest of a document in one undo step (None: the kind
  has no quick start);
- `relocate(data, old_origin, new_origin) -> [edits]`: keep file links right when the document is saved
  elsewhere (None: the kind links no files).

The labels that name the places of a document in words are data, not code: resources/labels/<kind>.json
(checked by schemas/labels.v1.json, read by model/labels.py; a kind without one is named by its schema's
titles). Named operations that build edits live in the package's `actions` module (`GameSystem.actions`).

Adding a game system touches 6 places, nothing else: its package under model/systems/ (with
`SYSTEM = GameSystem(...)`), its pages (gui/pages/<system>/), its sheet (model/sheets/<system>.py and
resources/sheets/<kind>.json), its schema, its rules pack (with schemas/rules-pack.<system>.json) and one
registry line in model/kinds.py. Labels and cards are optional (model/kinds.py says how).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable


def no_offers(data: dict, derived: dict, pack: Any) -> dict:
    """The offers of a system that has none yet: nothing to offer anywhere."""
    return {}


@dataclass(frozen=True)
class GameSystem:
    package: str                                     # the system package, e.g. "model.systems.stargrave"
    tables: Callable[[Any], Any]
    new: Callable[..., dict]
    derive: Callable[..., dict]
    check: Callable[[dict, dict, Any], list]
    pack_problems: Callable[[dict], list]
    offers: Callable[[dict, dict, Any], dict] = no_offers
    quick_start: Callable[[dict, Any], Any] | None = None
    read_links: Callable[[dict, Any], dict] | None = None
    relocate: Callable[[dict, Any, Any], list] | None = None

    @property
    def actions(self) -> str:
        """The module of named operations (pages call them; they build the edits)."""
        return f"{self.package}.actions"

    def derive_with_links(self, data: dict, pack: Any, origin: Any) -> dict:
        """derive() with the linked files read from `origin` (the document's path, None when unsaved)."""
        if self.read_links is None:
            return self.derive(data, pack)
        return self.derive(data, pack, self.read_links(data, origin))
