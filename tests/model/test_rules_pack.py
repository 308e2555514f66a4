"""Rules packs: checked on load, broken ones named by entry, house rules obeyed."""

import json

import pytest

from model.paths import rules_dir
from model.rules_pack import PackError, builtin_pack, load_pack_file
from tests.model.stargrave_helpers import crew, run


def house_pack(tmp_path, change, pack_id="house"):
    data = json.loads((rules_dir() / "stargrave.json").read_text())
    data["id"] = pack_id
    data["name"] = "Our table's rules"
    change(data)
    path = tmp_path / f"{pack_id}.json"
    path.write_text(json.dumps(data))
    return load_pack_file(path)


def test_builtin_pack_has_the_reference_data():
    pack = builtin_pack("stargrave").data
    assert len(pack["powers"]) == 52 and len(pack["soldiers"]) == 17 and len(pack["backgrounds"]) == 8
    assert all(p["summary"] for p in pack["powers"])
    assert pack["crew"]["starting_credits"] == 400


def test_house_rule_cheaper_soldier_is_obeyed(tmp_path):
    def cheaper(p):
        for s in p["soldiers"]:
            if s["name"] == "Trooper":
                s["cost"] = 10
    pack = house_pack(tmp_path, cheaper)
    data = crew(soldiers=[{"type": "Trooper"}], rules={"pack": "house"})
    result = run(data, [pack])
    assert result.derived["credits_spent"] == 10 and result.house_rules
    assert run(crew(soldiers=[{"type": "Trooper"}])).derived["credits_spent"] == 50


def test_house_pack_found_in_the_user_rules_folder(tmp_path, monkeypatch):
    folder = tmp_path / "rules"
    folder.mkdir()
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))
    house_pack(folder, lambda p: p["crew"].update(starting_credits=500), pack_id="rich")
    result = run(crew(rules={"pack": "rich"}))
    assert result.pack.id == "rich" and result.derived["credits_start"] == 500


def test_unknown_pack_falls_back_with_a_warning():
    result = run(crew(rules={"pack": "lost-pack"}))
    assert result.pack.builtin
    assert any(i.rule == "PACK" and "lost-pack" in i.message for i in result.issues)


def _power(pack, name):
    return next(p for p in pack["powers"] if p["name"] == name)


@pytest.mark.parametrize("change, where", [
    (lambda p: _power(p, "Healing").update(activation="ten"), 'power "Healing" (/powers/{healing}/activation)'),
    (lambda p: p["soldiers"][0].pop("cost"), 'soldier "Recruit" (/soldiers/0/cost)'),
    (lambda p: p["soldiers"][6]["gear"].append("Laser Lance"), 'soldier "Trooper" (/soldiers/6/gear/3)'),
    (lambda p: p.update(system="monopoly"), "/system"),
    (lambda p: p.update(characteristics=[c for c in p["characteristics"] if c["key"] != "shoot"]),
     'background "Biomorph" (/backgrounds/0/choose_from/2)'),
])
def test_broken_pack_names_the_entry(tmp_path, change, where):
    data = json.loads((rules_dir() / "stargrave.json").read_text())
    where = where.format(healing=[p["name"] for p in data["powers"]].index("Healing"))
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(PackError) as exc:
        load_pack_file(path)
    assert exc.value.where == where
    assert str(path) in str(exc.value)


def test_pack_that_is_not_json(tmp_path):
    path = tmp_path / "pack.json"
    path.write_text("{oops")
    with pytest.raises(PackError) as exc:
        load_pack_file(path)
    assert exc.value.where.startswith("line 1")


def test_given_pack_with_its_own_id_is_used_for_documents_that_name_none(tmp_path):
    """`--rules house.json` on an old crew: the house pack is tried, whatever its id."""
    pack = house_pack(tmp_path, lambda p: p["crew"].update(starting_credits=500))
    result = run(crew(), [pack])
    assert result.pack.id == "house" and result.derived["credits_start"] == 500 and result.house_rules


def test_missing_pack_message_names_the_kind():
    from model.evaluate import evaluate
    from model.kinds import KINDS
    import json
    from tests.conftest import EXAMPLES
    data = json.loads((EXAMPLES / "z-gata-frigate.starwright").read_text())
    data["rules"] = {"pack": "lost"}
    messages = [i.message for i in evaluate(data, KINDS["knighthawks-ship"]).issues if i.rule == "PACK"]
    assert messages and messages[0].startswith("This Knight Hawks starship was built with")
