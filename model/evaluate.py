"""Evaluate a document: schema check, rules pack, derive (COMPUTE) and check (ENFORCE) in one call."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from . import optional_rules, play
from .issues import WARNING, Issue, has_errors, sort_issues
from .kinds import Kind
from .rules_pack import Pack, builtin_pack, find_pack, refused
from .validation import document_issues


@dataclass
class Result:
    issues: list[Issue]
    derived: dict
    pack: Pack | None
    schema_valid: bool
    offers: dict = field(default_factory=dict)   # what can be added where, and why not (GameSystem.offers)
    # the Play view's tracks per figure or ship (model.play.groups): worked out by evaluate() when the document
    # holds a game in progress, else on first use (the Play view, tracker cards), so that editing a document
    # between games does not pay for it
    play_groups: Any = field(default_factory=list, repr=False)

    @property
    def play(self) -> list:
        if callable(self.play_groups):
            self.play_groups = self.play_groups()
        return self.play_groups

    @property
    def has_errors(self) -> bool:
        return has_errors(self.issues)

    @property
    def house_rules(self) -> bool:
        return self.pack is not None and not self.pack.builtin


def pack_for(data: dict, kind: Kind, extra: list[Pack] | None = None) -> tuple[Pack, list[Issue]]:
    wanted = (data.get("rules") or {}).get("pack") if isinstance(data.get("rules"), dict) else None
    pack = find_pack(kind.pack, wanted, extra)
    if pack is None:
        builtin = builtin_pack(kind.pack)   # what find_pack gives for a document that names no pack
        broken = refused(kind.pack, wanted) if isinstance(wanted, str) else None
        if broken is not None:
            where = f" at {broken.where}" if broken.where else ""
            why = (f'The rules pack "{wanted}" is in your rules folder ({broken.path}) but cannot be used: '
                   f"{broken.message}{where}. Checked with {builtin.name} instead until it is fixed.")
        else:
            why = (f'This {kind.title} was built with the rules pack "{wanted}", which is not installed here; '
                   f"checked with {builtin.name} instead.")
        return builtin, [Issue("/rules/pack", "PACK", WARNING, why)]
    return pack, [filled_warning(pack)] if pack.filled else []


def _portrait_issues(data: dict) -> list[Issue]:
    """A stored picture that cannot be shown (a hand-edited or damaged file): said, and left off the sheet."""
    if data.get("portrait") is None:
        return []
    from .portrait import problem
    why = problem(data["portrait"])
    return [Issue("/portrait", "PORTRAIT", WARNING, why)] if why else []


def filled_warning(pack: Pack) -> Issue:
    """A house pack from an earlier Starwright that lacked values this one reads (model/pack_upgrades.py)."""
    words = ", ".join(p.strip("/").replace("/", " › ").replace("_", " ") for p in pack.filled)
    return Issue("/rules/pack", "PACK", WARNING,
                 f'The rules pack "{pack.name}" was written for an earlier Starwright: it lacks {words}, which '
                 f"this version reads, so the built-in rules' values are used for them. Copy them from the "
                 f"built-in pack into yours to change them.")


def evaluate(data: dict, kind: Kind, extra_packs: list[Pack] | None = None,
             origin: str | os.PathLike | None = None) -> Result:
    """`origin` is the document's file path (None when unsaved): systems that link other files (a
    Starchasers ship's crew) have them read relative to it here (GameSystem.read_links), and derive gets
    their contents, so derive and check stay pure functions of the document and the rules pack."""
    issues = document_issues(kind.schema, data, kind.records)
    kept = [i for i in issues if kind.is_kept(i.pointer)]
    if len(kept) < len(issues):
        # Structure is broken: rules would be guessing. Report where the structure is wrong.
        return Result(sort_issues(issues), {}, None, False)
    # Kept records (a game played) with a wrong shape are reported; the rules skip what they cannot read.
    pack, pack_issues = pack_for(data, kind, extra_packs)
    system = kind.system
    derived = system.derive_with_links(data, pack, origin)
    # the optional rules of the pack, with whether this document plays with each (model/optional_rules.py)
    derived["optional_rules"] = optional_rules.listing(data, pack)
    checked = system.check(data, derived, pack) + optional_rules.issues(data, pack) + _portrait_issues(data)
    groups: list[play.Group] | Callable[[], list[play.Group]]
    if data.get("play"):
        groups = play.groups(kind.kind, data, derived, pack)
        checked = checked + play.issues(kind.kind, data, derived, pack, groups)
    else:     # no count stored, so none past its limit
        groups = partial(play.groups, kind.kind, data, derived, pack)
    told = {i.pointer for i in checked}   # the rules' own words for a kept record win over the schema's
    issues = [i for i in kept if i.pointer not in told] + pack_issues + checked
    return Result(sort_issues(issues), derived, pack, True, system.offers(data, derived, pack), groups)
