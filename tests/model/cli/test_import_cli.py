"""`starwright import` as a user runs it: the installed command, in a subprocess."""

import json

from tests.model.import_fixtures import billion_laughs, labernator_old, roster_tree, to_rosz, to_xml
from tests.model.cli.test_cli import sw


def test_import_round_trip_import_save_check_export(tmp_path):
    src = tmp_path / "heron.rosz"
    src.write_bytes(to_rosz(to_xml(roster_tree())))
    out = tmp_path / "heron.starwright"
    r = sw("import", src, "-o", out)
    assert r.returncode == 0, r.stderr
    assert "BattleScribe .rosz" in r.stdout and "Mapped to Starwright's name" in r.stdout
    assert '"Quick-Step" is Reflex Move' in r.stdout and f"wrote {out}" in r.stdout
    data = json.loads(out.read_text("utf-8"))
    assert data["format"] == "starwright/stargrave-crew" and data["name"] == "Night Heron"
    check = sw("check", out, "--json")
    assert check.returncode == 0, check.stdout + check.stderr
    checked = json.loads(check.stdout)
    assert checked["valid"] and checked["derived"]["captain"]["profile"]["will"] == 5
    pdf = tmp_path / "heron.pdf"
    exp = sw("export", out, "-o", pdf)
    assert exp.returncode == 0, exp.stderr
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_import_json_report(tmp_path):
    src = tmp_path / "lantern.sg"
    src.write_text(json.dumps(labernator_old()), "utf-8")
    r = sw("import", src, "-o", tmp_path / "lantern.starwright", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["imported"] and out["issues"] == []
    assert out["report"]["source_format"].startswith("Labernator, 2022-01 shape")
    groups = {line["group"] for line in out["report"]["lines"]}
    assert {"as_is", "alias", "inferred"} <= groups
    assert any("Data Hack and Teleport" in line["message"] for line in out["report"]["lines"])


def test_import_never_overwrites_unless_asked(tmp_path):
    src = tmp_path / "lantern.sg"
    src.write_text(json.dumps(labernator_old()), "utf-8")
    out = tmp_path / "precious.starwright"
    out.write_text("precious")
    r = sw("import", src, "-o", out)
    assert r.returncode == 2 and "already exists" in r.stderr and out.read_text() == "precious"
    r = sw("import", src, "-o", out, "--force")
    assert r.returncode == 0 and json.loads(out.read_text())["name"] == "Brass Lantern"
    r = sw("import", src, "-o", src, "--force")
    assert r.returncode == 2 and "never writes over its source" in r.stderr
    assert json.loads(src.read_text())["ShipName"] == "Brass Lantern"


def test_import_refused_file_gets_a_message_and_writes_nothing(tmp_path):
    src = tmp_path / "bomb.ros"
    src.write_bytes(billion_laughs())
    out = tmp_path / "bomb.starwright"
    r = sw("import", src, "-o", out)
    assert r.returncode == 2 and "document type" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()
    r = sw("import", tmp_path / "missing.sg", "-o", out)
    assert r.returncode == 2 and "no such file" in r.stderr


def test_import_labernator_campaign_round_trip_through_the_replay(tmp_path):
    from tests.model.import_fixtures import labernator_campaign
    src = tmp_path / "Brass Lantern - Ilsa (lvl 18-3).sg"
    src.write_text(json.dumps(labernator_campaign()), "utf-8")
    out = tmp_path / "brass.starwright"
    r = sw("import", src, "-o", out)
    assert r.returncode == 0, r.stderr
    assert "Campaign state" in r.stdout and "3 imported games carry 6 levels and 40 unspent XP" in r.stdout
    check = sw("check", out, "--json")
    assert check.returncode == 0, check.stdout + check.stderr
    derived = json.loads(check.stdout)["derived"]
    assert derived["campaign"]["credits"] == 135 and derived["campaign"]["xp_unspent"] == 40
    assert (derived["captain"]["level"], derived["first_mate"]["level"]) == (18, 3)
    assert derived["campaign"]["stash"] == ["Cryo Pistol"]
    pdf = tmp_path / "brass.pdf"
    assert sw("export", out, "-o", pdf).returncode == 0 and pdf.read_bytes().startswith(b"%PDF-")


def test_import_of_xml_in_an_encoding_it_cannot_read_is_exit_2_with_a_message(tmp_path):
    """Declared UTF-7: the parser cannot read it (it was a traceback and exit 1); refused as unreadable, exit 2."""
    src = tmp_path / "roster.ros"
    src.write_bytes(b'<?xml version="1.0" encoding="UTF-7"?>\n<roster name="x"/>\n')
    out = tmp_path / "roster.starwright"
    r = sw("import", src, "-o", out)
    assert r.returncode == 2 and "Traceback" not in r.stderr and not out.exists()
    assert r.stderr.strip() == (f"starwright: {src} at line 1: the XML says its text is in the UTF-7 encoding, which "
                                "Starwright cannot read; BattleScribe writes rosters in UTF-8, so save or export the "
                                "roster again as UTF-8")


def test_import_of_a_labernator_level_of_a_billion_is_exit_2_with_a_message(tmp_path):
    from tests.model.import_fixtures import labernator_campaign
    d = labernator_campaign()
    d["Captain"]["level"] = 10 ** 9
    src = tmp_path / "crew.sg"
    src.write_text(json.dumps(d), "utf-8")
    r = sw("import", src, "-o", tmp_path / "crew.starwright", "--json")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    out = json.loads(r.stdout)
    assert out["imported"] is False and out["where"] == "Captain"
    assert out["error"].startswith("level 1000000000 in the source is beyond what a Captain can reach")
