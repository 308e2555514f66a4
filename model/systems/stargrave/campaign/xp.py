"""Experience for one game (SG-CAMP-08, SG-CAMP-09, AMB-SG-08), every part with its cap and whether it bit."""

from __future__ import annotations

from .memo import remembered
from .rules import CampaignRules, as_int


def xp_for_game(xp: dict | None, out_of_action: bool, rules: CampaignRules) -> dict:
    """The game's XP from its record's `xp` counts.

    Returns {"parts": [{"key", "label", "count", "each", "raw", "xp", "cap", "capped"}], "bonus",
    "before_cap", "cap", "capped", "total", "derivation"}: `total` is the game's XP without Information
    sold for XP (which the replay adds outside the cap). Counts that are not whole numbers of 0 or more
    count as 0 (the checks report them).
    """
    xp = xp if isinstance(xp, dict) else {}
    # the same counts give the same XP: remembered per rules (a long campaign repeats many of them)
    key = (bool(out_of_action), *(as_int(xp.get(k)) for k in rules.xp_keys))
    return remembered(rules, "_xp_memo", key, lambda: _xp_for_game(xp, out_of_action, rules))


def _xp_for_game(xp: dict, out_of_action: bool, rules: CampaignRules) -> dict:
    x = rules.xp
    parts = [{"key": "played", "label": "took part", "count": 1, "each": x["played"], "raw": x["played"],
              "xp": x["played"], "cap": None, "capped": False}]
    if out_of_action:
        parts.append({"key": "out_of_action", "label": "one of the crew taken out of action", "count": 1,
                      "each": x["out_of_action"], "raw": x["out_of_action"], "xp": x["out_of_action"],
                      "cap": None, "capped": False})
    for award in x["awards"]:
        n = as_int(xp.get(award["key"]))
        n = n if n is not None and n > 0 else 0
        raw = n * award["each"]
        cap = award["cap"]
        got = raw if cap is None else min(raw, cap)
        parts.append({"key": award["key"], "label": award["label"], "count": n, "each": award["each"],
                      "raw": raw, "xp": got, "cap": cap, "capped": got < raw})
    bonus = as_int(xp.get("bonus"))
    bonus = bonus if bonus is not None and bonus > 0 else 0
    inside = sum(p["xp"] for p in parts) + (bonus if x["bonus_in_cap"] else 0)
    total = min(inside, x["game_cap"])
    capped = total < inside
    if not x["bonus_in_cap"]:
        total += bonus
    words = [f"{p['xp']} {p['label']}" + (f" ({p['count']}×{p['each']}, capped at {p['cap']})" if p["capped"] else "")
             for p in parts if p["xp"] or p["key"] == "played"]
    if bonus:
        words.append(f"{bonus} scenario bonus")
    derivation = " + ".join(words) + f" = {inside}" + (f", capped at {x['game_cap']} per game" if capped else "")
    return {"parts": parts, "bonus": bonus, "before_cap": inside, "cap": x["game_cap"], "capped": capped,
            "total": total, "derivation": derivation}
