"""The examples' list: each with its kind and one line about it (the examples window, issue 39 point 12)."""

from __future__ import annotations

from model.examples import BROKEN_LINE, about, examples
from model.kinds import KINDS


def test_every_example_has_a_kind_and_a_full_sentence_about_it():
    listed = examples()
    assert {e["kind"] for e in listed} == set(KINDS)
    for e in listed:
        assert e["about"] and e["about"][0].isupper() and e["about"][-1] in ".!?", e
        assert (e["about"] == BROKEN_LINE) == e["broken"], e


def test_the_line_is_the_notes_first_sentence_or_what_the_document_is_made_of():
    assert about({"notes": "Frigate escorting a cargo run. Second sentence."}, "knighthawks-ship") == \
        "Frigate escorting a cargo run."
    assert about({"notes": "No full stop"}, "knighthawks-ship") == "No full stop."
    crew = {"captain": {"name": "Mara Vex", "background": "Veteran"}, "soldiers": [{}, {}]}
    assert about(crew, "stargrave-crew") == "Captain Mara Vex (Veteran), with 2 soldiers."
    assert about({"race": "Vrusk", "psa": "Military"}, "starfrontiers-character") == "Vrusk, Military PSA."
    assert about({"species": "Human", "classes": [{"name": "Ace"}, {"name": "Scoundrel"}]},
                 "starchasers-character") == "Human, Ace and Scoundrel."
    assert about({"class": "Light Freighter", "role": "player"}, "starchasers-ship") == "Light Freighter, player ship."
    assert about({"type": "Frigate", "side": "UPF"}, "knighthawks-ship") == "Frigate of the UPF."


def test_a_hand_edited_file_of_odd_shapes_still_gets_a_line():
    assert about({"captain": "nobody", "soldiers": 3}, "stargrave-crew") == "A crew, with 0 soldiers."
    assert about({"classes": "Ace", "species": 7}, "starchasers-character") == "7."
    assert about({}, "knighthawks-ship") == ""
