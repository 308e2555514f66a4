"""A house pack either has every value the code reads or is refused on load with a message naming what is
missing: never a KeyError later, in derive, check, the sheet or the cards (issue 13, item 5)."""

from __future__ import annotations

import copy
import json
from functools import cache

import pytest

from model.rules_pack import PackError, load_pack_file, validate_pack_data
from tests.model.pack_variants import (ENVELOPE, SYSTEMS, as_pack, builtin_data, examples, key_paths, perturbed,
                                       through_code, without)
from tests.model.cli.test_cli import sw


def _refusal(data: dict) -> PackError | None:
    try:
        validate_pack_data(data, "house.json")
    except PackError as e:
        return e
    return None


@cache
def _minimal(system: str) -> str:
    """The built-in pack with every key taken out that the schema lets go, all at once."""
    data = builtin_data(system)
    for path in list(key_paths(data)):
        if path[0] in ENVELOPE:
            continue
        smaller = without(data, path)
        if smaller != data and _refusal(smaller) is None:
            data = smaller
    return json.dumps(data)


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_key_taken_out_is_refused_by_name_or_not_needed(system):
    """Every key of the built-in pack (in every entry at once) taken out in turn: the pack is refused with a
    message naming the key and where, or every example still goes through derive, check, sheet and cards."""
    base = builtin_data(system)
    refused, allowed = [], []
    for path in key_paths(base):
        if path[0] in ENVELOPE:
            continue
        e = _refusal(without(base, path))
        if e is None:
            allowed.append(path)
            through_code(as_pack(without(base, path)), sheets="largest")   # raises on a KeyError or any crash
            continue
        refused.append(path)
        # what and where: the entry and pointer at fault, in words (a missing key by its name)
        assert e.message.startswith("rules pack is broken: ") and "/" in e.where and "house.json" in str(e), (path, str(e))
        assert not e.message.endswith(" is missing") or e.message.endswith(f'"{path[-1]}" is missing'), (path, str(e))
        assert "Error" not in e.message and "Traceback" not in e.message, (path, str(e))
    assert refused and allowed, (len(refused), len(allowed))


@pytest.mark.parametrize("path, key", [
    (("crew", "unarmed_fight"), "unarmed_fight"),
    (("crew", "unarmed_damage"), "unarmed_damage"),
    (("crew", "roll_bonus_cap"), "roll_bonus_cap"),
    (("crew", "choice_bonus"), "choice_bonus"),
    (("campaign", "levels", "reduce_step"), "reduce_step"),
    (("campaign", "survival", "injured_health_divisor"), "injured_health_divisor"),
])
def test_SG_PROF_07_a_house_pack_without_a_number_the_sheet_reads_is_refused_on_export(tmp_path, path, key):
    """Before: a house pack without unarmed_fight passed its schema and `export` died with a KeyError."""
    pack = tmp_path / "house.json"
    data = without(builtin_data("stargrave"), path)
    data["id"] = "house"
    pack.write_text(json.dumps(data))
    crew = tmp_path / "crew.starwright"
    crew.write_text(json.dumps(next(d for p, d, _k in examples("stargrave") if p.stem == "ashen-comet-veteran")))
    r = sw("export", crew, "-o", tmp_path / "crew.pdf", "--rules", pack)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert str(pack) in r.stderr and f'"{key}" is missing' in r.stderr, r.stderr
    assert not (tmp_path / "crew.pdf").exists()


@pytest.mark.parametrize("system, path, where", [
    ("starfrontiers", ("items", "*", "grenade"), "/grenade"),
    ("starfrontiers", ("races", "*", "needs_item_penalty"), '"Yazirian"'),
    ("starfrontiers", ("items", "*", "psa_rule"), '"Tornadium D-19 (50 g charge)"'),
    ("starchasers", ("dice", "attack_die", "faces"), "/dice/attack_die/faces"),
    ("starchasers", ("character", "equipment_bonus_range"), "/character/equipment_bonus_range"),
    ("knighthawks", ("restriction_codes", "*", "limits_supply"), "/restriction_codes/0/limits_supply"),
])
def test_a_value_another_one_needs_is_required_with_it(tmp_path, system, path, where):
    """Keys required only by another value (a grenade's data, the sungoggles penalty) are refused by the
    loader, naming the entry."""
    file = tmp_path / "house.json"
    file.write_text(json.dumps(without(builtin_data(system), path)))
    with pytest.raises(PackError) as e:
        load_pack_file(file)
    assert where in e.value.where and path[-1] in e.value.message


@pytest.mark.parametrize("variant", ["built-in", "every number moved", "nothing optional"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_example_goes_through_every_code_path_with_every_pack(system, variant):
    data = {"built-in": lambda: builtin_data(system), "every number moved": lambda: perturbed(system)[0],
            "nothing optional": lambda: json.loads(_minimal(system))}[variant]()
    assert _refusal(copy.deepcopy(data)) is None
    results = through_code(as_pack(data))
    assert len(results) == len(examples(system)) and any(r.schema_valid for _n, r in results)
