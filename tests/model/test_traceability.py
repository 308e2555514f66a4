"""Every rule the code implements is cited where it is decided and has a test named by it.

tests/reference/rules-index.csv lists every rule ID of the rules digest (RULES.md) with its kind, and the
GAP ids. Its `not_implemented` column says why an ENFORCE/COMPUTE rule is left out:
  GAP-xx-nn   the rulebook excerpt lacks what the rule needs (the gap named)
  play        decided at the table on the map or by the dice of a turn (movement, firing, a token held):
              the Play view keeps a game's tracks and supplies, not its turns (PRINT parts are printed)
  not-built   in scope, not built yet (e.g. campaign play); citing it in the code makes it implemented

How it is read, so that adding a rule needs only a citation and a test:
- An ENFORCE/COMPUTE rule with an empty `not_implemented` must be cited in model/ or gui/ and tested.
- A rule cited in model/ or gui/ is implemented: it must have a test whose name contains its ID
  (SG-CAMP-08 -> test_SG_CAMP_08_...; a citation may group IDs as SG-EQ-02/03/09), whatever the column says - except a GAP rule cited on a line that
  also names its gap (the code recording why it is not decided there).
- A rule named by a test must be cited in the code (a tested rule nobody can find is uncited).
- Every ID cited or tested is in the index, and every reason is one of the three forms above.
- A rule both cited and tested is built: it may not keep a `play` or `not-built` mark (the index says the truth).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "tests" / "reference" / "rules-index.csv"
RULE_ID = re.compile(r"\b(?:SG|SC|SF|KH)-[A-Z]+-\d+\b")
CITED_IDS = re.compile(r"\b((?:SG|SC|SF|KH)-[A-Z]+-)(\d+)((?:/\d+)+)?\b")
GAP_ID = re.compile(r"\bGAP-[A-Z]+-\d+\b")
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.M)
REASONS = ("play", "not-built")


def _index() -> dict[str, dict]:
    with open(INDEX, newline="", encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


INDEXED = _index()


def decided(row: dict) -> bool:
    return "ENFORCE" in row["kind"] or "COMPUTE" in row["kind"]


def cited_ids(line: str) -> list[str]:
    """The rule IDs a line names; "SG-EQ-02/03/09" names SG-EQ-02, SG-EQ-03 and SG-EQ-09."""
    out = []
    for m in CITED_IDS.finditer(line):
        out += [m.group(1) + n for n in [m.group(2)] + (m.group(3) or "").split("/")[1:]]
    return out


def citations(root: Path = ROOT) -> dict[str, list[tuple[str, str]]]:
    """Rule ID -> [(file:line, the line)] for every mention in the product's Python source."""
    out: dict[str, list[tuple[str, str]]] = {}
    for folder in ("model", "gui"):
        for path in sorted((root / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for rule in cited_ids(line):
                    out.setdefault(rule, []).append((f"{path.relative_to(root).as_posix()}:{n}", line))
    return out


def named_in_tests(root: Path = ROOT) -> dict[str, list[str]]:
    """Rule ID -> names of the tests that carry it (SG_CAMP_08 in a name stands for SG-CAMP-08)."""
    out: dict[str, list[str]] = {}
    for path in sorted((root / "tests").rglob("test_*.py")):
        for name in TEST_NAME.findall(path.read_text(encoding="utf-8")):
            for m in re.finditer(r"(?:SG|SC|SF|KH)_[A-Z]+_\d+", name):
                out.setdefault(m.group(0).replace("_", "-"), []).append(f"{path.name}::{name}")
    return out


def gap_record(row: dict, cites: list[tuple[str, str]]) -> bool:
    """True when the rule is listed with a gap and every citation names that gap on the same line (the
    code recording why the rule is not decided there); such a rule needs no test."""
    gap = row["not_implemented"]
    return gap.startswith("GAP-") and all(gap in line for _, line in cites)


def problems(index: dict[str, dict], cited: dict, named: dict) -> dict[str, list[str]]:
    """What breaks the traceability contract, by kind of break."""
    rules = {r: row for r, row in index.items() if row["kind"] != "GAP"}
    return {
        "unknown": [f"{r}: {cited[r][0][0] if r in cited else named[r][0]}"
                    for r in sorted((set(cited) | set(named)) - set(index))],
        "uncited": [r for r, row in rules.items() if decided(row) and not row["not_implemented"] and r not in cited],
        "untested": [f"{r} (cited at {cited[r][0][0]})" for r in sorted(cited)
                     if r in rules and decided(rules[r]) and r not in named and not gap_record(rules[r], cited[r])],
        "tested_uncited": [f"{r} (tested by {named[r][0]})" for r in sorted(named)
                           if r in rules and decided(rules[r]) and r not in cited
                           and not rules[r]["not_implemented"].startswith("GAP-")],
        "stale": [f"{r} (marked {rules[r]['not_implemented']}, cited at {cited[r][0][0]}, tested by {named[r][0]})"
                  for r in sorted(set(cited) & set(named)) if r in rules and decided(rules[r])
                  and rules[r]["not_implemented"] in REASONS],
    }


PROBLEMS = problems(INDEXED, citations(), named_in_tests())


def test_index_is_well_formed():
    kinds = {"ENFORCE", "COMPUTE", "PRINT"}
    bad = []
    for rule, row in INDEXED.items():
        reason = row["not_implemented"]
        if row["kind"] == "GAP":
            if not GAP_ID.fullmatch(rule) or reason:
                bad.append(f"{rule}: a GAP row has no reason")
            continue
        if not RULE_ID.fullmatch(rule) or not set(row["kind"].split("/")) <= kinds:
            bad.append(f"{rule}: kind {row['kind']!r}")
        if reason and not (reason in REASONS or (GAP_ID.fullmatch(reason) and INDEXED.get(reason, {}).get("kind") == "GAP")):
            bad.append(f"{rule}: reason {reason!r} is neither a GAP id of the index nor one of {REASONS}")
        if reason and not decided(row):
            bad.append(f"{rule}: a PRINT rule needs no reason")
    assert not bad, "\n".join(bad)
    assert sum(decided(r) for r in INDEXED.values() if r["kind"] != "GAP") > 200  # the whole digest is here


def test_every_cited_or_tested_id_is_a_rule_of_the_index():
    assert not PROBLEMS["unknown"], "IDs that RULES.md does not have (a typo?):\n" + "\n".join(PROBLEMS["unknown"])


def test_every_implemented_rule_is_cited_in_the_code():
    assert not PROBLEMS["uncited"], (
        "Implemented rules with no citation in model/ or gui/ (cite the ID in a comment where it is decided, or "
        "give the reason it is left out in rules-index.csv):\n" + "\n".join(PROBLEMS["uncited"]))


def test_every_cited_rule_has_a_test_named_by_it():
    assert not PROBLEMS["untested"], (
        "Rules cited in the code with no test whose name carries the ID:\n" + "\n".join(PROBLEMS["untested"]))


def test_every_tested_rule_is_cited_in_the_code():
    assert not PROBLEMS["tested_uncited"], (
        "Rules tested but cited nowhere in model/ or gui/:\n" + "\n".join(PROBLEMS["tested_uncited"]))


def test_no_built_rule_is_still_marked_as_left_out():
    assert not PROBLEMS["stale"], (
        "Rules cited in the code and tested, but marked play or not-built in rules-index.csv (clear the mark):\n"
        + "\n".join(PROBLEMS["stale"]))


def test_the_contract_catches_each_kind_of_break(tmp_path):
    """A made-up source and test tree: one rule of each kind of break, and the ones that keep it."""
    (tmp_path / "model").mkdir()
    (tmp_path / "gui").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "model" / "x.py").write_text(
        "# SG-CREW-01: one captain\n"
        "rule = 'SG-CREW-05'  # cited, untested\n"
        "# SG-PROF-06 is not decided here: GAP-SG-11\n"
        "# SG-CAMP-01: campaign rule now built\n"
        "# SG-CREW-99 typo\n"
        "# SG-CREW-01/05\n")
    (tmp_path / "tests" / "test_x.py").write_text(
        "def test_SG_CREW_01_one(): pass\ndef test_SG_CREW_03_x(): pass\ndef test_SG_CAMP_01_y(): pass\n")
    index = {r: {"id": r, "kind": k, "not_implemented": n} for r, k, n in [
        ("SG-CREW-01", "ENFORCE", ""), ("SG-CREW-03", "ENFORCE", ""), ("SG-CREW-05", "ENFORCE", ""),
        ("SG-CREW-02", "ENFORCE", ""), ("SG-PROF-06", "COMPUTE", "GAP-SG-11"), ("SG-CAMP-01", "COMPUTE", "not-built"),
        ("SG-CAMP-02", "COMPUTE", "not-built"), ("GAP-SG-11", "GAP", "")]}
    cited = citations(tmp_path)
    assert cited["SG-CREW-01"] == [("model/x.py:1", "# SG-CREW-01: one captain"), ("model/x.py:6", "# SG-CREW-01/05")]
    assert [w for w, _ in cited["SG-CREW-05"]] == ["model/x.py:2", "model/x.py:6"]
    assert named_in_tests(tmp_path)["SG-CAMP-01"] == ["test_x.py::test_SG_CAMP_01_y"]
    found = problems(index, cited, named_in_tests(tmp_path))
    assert found == {"unknown": ["SG-CREW-99: model/x.py:5"],
                     "uncited": ["SG-CREW-03", "SG-CREW-02"],
                     "untested": ["SG-CREW-05 (cited at model/x.py:2)"],
                     "tested_uncited": ["SG-CREW-03 (tested by test_x.py::test_SG_CREW_03_x)"],
                     "stale": ["SG-CAMP-01 (marked not-built, cited at model/x.py:4, tested by test_x.py::test_SG_CAMP_01_y)"]}
