"""The Undo/Redo entries' words (model/edit_names.py, issue 39.6): every edit named in the player's words, with
the figure or ship it changes, from the document before the edit; names kept as written."""

from __future__ import annotations

from model import edit_names, edits, play, storage
from model.evaluate import evaluate
from model.examples import examples
from model.systems.stargrave import actions
from model.systems.stargrave.actions.games import record_game


def _crew():
    return {"format": "starwright/stargrave-crew", "version": 1, "name": "Ashen Comet",
            "captain": {"name": "Jax", "background": "Veteran", "powers": [{"name": "Command"}], "items": ["Knife"]},
            "first_mate": {"name": "Nim"}, "soldiers": [{"id": "s1", "type": "Sniper"}, {"id": "s2", "name": "Kess",
                                                                                        "type": "Trooper"}]}


def test_a_value_set_names_its_place_and_both_values():
    data = _crew()
    assert edit_names.name(data, edits.Set("/captain/name", "Jaxon")) == "Captain › Name: “Jax” → “Jaxon”"
    assert edit_names.name(data, edits.Set("/soldiers/1/name", "")) == "Soldier 2 (Kess) › Name: “Kess” → empty"
    assert edit_names.name(data, edits.Set("/captain/powers/0/reduced", True)) == \
        "Captain › Power 1 (Command) › Lowered by 1: off → on"


def test_an_entry_added_or_removed_is_named_never_by_its_index():
    data = _crew()
    assert edit_names.name(data, edits.Insert("/soldiers/-", {"id": "s3", "type": "Recruit"})) == "Add Recruit to Soldiers"
    assert edit_names.name(data, edits.Remove("/soldiers/1")) == "Remove Kess from Soldiers"
    assert edit_names.name(data, edits.Remove("/soldiers/0")) == "Remove Sniper from Soldiers"
    assert edit_names.name(data, edits.Remove("/captain/items/0")) == "Remove Knife from Captain › Equipment"
    assert edit_names.name(data, edits.Move("/soldiers/1", 0)) == "Move Kess to place 1 in Soldiers"


def test_a_named_operation_keeps_its_words_and_the_names_in_them():
    data = _crew()
    assert edit_names.name(data, actions.toggle_power(data, "captain", {"name": "Teleport"})) == "Captain: learn Teleport"
    assert edit_names.name(data, actions.remove_power(data, "captain", 0)) == "Captain: forget Command"
    assert edit_names.name(data, actions.add_item("first_mate", "Pistol")) == "First Mate: add Pistol"
    # capitalize() lowered the rest ("Record game “game 1”"): only the first letter is raised
    record = {"title": "Game 1", "date": "2026-12-05"}
    assert edit_names.name(data, record_game(data, 0, record, False)) == "Record game “Game 1”"
    assert edit_names.name(data, edits.Batch((edits.Set("/name", "X"),), "new game")) == "New game"


def test_a_play_step_names_the_figure_the_track_and_the_values():
    for example in examples():
        loaded = storage.load(example["path"])
        result = evaluate(loaded.data, loaded.kind)
        for group in result.play or []:
            track = next((t for t in group.tracks if t.can_step(-1)), None)
            if track is None:
                continue
            edit = play.step(loaded.data, track, -1, who=play.owner(result.play, track))
            assert edit_names.name(loaded.data, edit) == \
                f"{group.title}: {track.label} {track.shown} → {track.shown - 1}"


def test_no_generic_name_ends_in_an_index_or_a_dash():
    data = _crew()
    for edit in (edits.Insert("/captain/powers/-", {"name": "Teleport"}), edits.Remove("/captain/powers/0"),
                 edits.Insert("/captain/items/0", "Pistol"), edits.Remove("/first_mate/name")):
        words = edit_names.name(data, edit)
        assert not words.rstrip().endswith(("-", "0", "1")), words
        assert words[:1].isupper(), words


def test_a_document_of_one_figure_or_ship_puts_its_name_first_unless_the_words_say_it():
    from model.systems.starfrontiers import actions as sf
    ship = {"format": "starwright/knighthawks-ship", "version": 1, "name": "Z'Gata", "type": "Frigate",
            "weapons": {"T": 2}}
    assert edit_names.name(ship, edits.Set("/weapons/T", 3)) == "Z'Gata: Weapons › Torpedo (T): 2 → 3"
    assert edit_names.name(ship, edits.Set("/name", "Q")) == "Ship name: “Z'Gata” → “Q”"     # no "Z'Gata: " first
    assert edit_names.name(ship, edits.Batch((edits.Remove("/play"),), "new game")) == "Z'Gata: new game"
    assert edit_names.name(ship, edits.Batch((), "Z'Gata: Hull Points 40 → 39")) == "Z'Gata: Hull Points 40 → 39"
    character = {"format": "starwright/starfrontiers-character", "version": 1, "name": "Kara Venn", "equipment": []}
    assert edit_names.name(character, sf.buy_edit(character, "Laser Pistol")) == "Kara Venn: buy Laser Pistol"
    unnamed = {**character, "name": ""}
    assert edit_names.name(unnamed, sf.buy_edit(unnamed, "Laser Pistol")) == "Buy Laser Pistol"
    crew = _crew()                  # a crew names its figures in its places: no crew name first
    assert edit_names.name(crew, edits.Set("/soldiers/0/name", "Ray")) == "Soldier 1 (Sniper) › Name: none → “Ray”"


def test_a_tick_whose_off_is_its_absence_reads_on_and_off():
    data = _crew()
    data["captain"]["powers"][0]["reduced"] = True
    assert edit_names.name(data, edits.Remove("/captain/powers/0/reduced")) == \
        "Captain › Power 1 (Command) › Lowered by 1: on → off"
    assert edit_names.name(data, edits.Set("/captain/powers/0/reduced", False)) == \
        "Captain › Power 1 (Command) › Lowered by 1: on → off"


def test_a_ships_weapon_name_is_a_name_and_the_ships_own_is_the_ship_name():
    """The labels' "/name" is the document's own member only: a weapon's name was called "Ship name"."""
    ship = {"format": "starwright/starchasers-ship", "version": 1, "name": "Kestrel",
            "weapons": [{"name": "Twin Laser", "damage": 3}]}
    assert edit_names.name(ship, edits.Set("/weapons/0/name", "Blaster")) == \
        "Kestrel: Weapon 1 (Twin Laser) › Name: “Twin Laser” → “Blaster”"
    assert edit_names.name(ship, edits.Set("/name", "Kestrel II")) == "Ship name: “Kestrel” → “Kestrel II”"


def test_star_frontiers_rolls_and_a_starchasers_repair_read_as_the_characters_or_ships_operation():
    from model.rules_pack import builtin_pack
    from model.systems.starfrontiers import actions as sf
    pack = builtin_pack("starfrontiers")
    character = {"format": "starwright/starfrontiers-character", "version": 1, "name": "Kara Venn",
                 "base": {"str_sta": 45}, "rolls": {"str_sta": 53}}
    entered = edit_names.name(character, sf.enter_roll_edit(character, "dex_rs", 53, pack))
    assert entered == "Kara Venn: enter the DEX/RS roll: 53 → 45"             # was "Enter DEX/RS roll 53"
    assert edit_names.name(character, sf.enter_base_edit(character, "str_sta", 50)) == \
        "Kara Venn: STR/STA base score: 45 → 50"                            # was "Enter base score"
    assert edit_names.name(character, sf.clear_roll_edit(character, "str_sta")) == "Kara Venn: clear the STR/STA roll"
