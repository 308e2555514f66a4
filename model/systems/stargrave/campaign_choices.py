"""What the builder offers and says about a campaign, from the model's replay (no Qt, no rules of its own).

The post-game walk-through and the Campaign page show these: rows for the games table, the stash with where
each item came from, the injured, and for each choice in a game record the options with, for those that are
not legal, the reason the model's check gives. Rule decisions stay in derive/check; this module words them.
"""

from __future__ import annotations


def _camp(derived: dict) -> dict:
    return (derived or {}).get("campaign") or {}


def totals_words(derived: dict) -> str:
    camp = _camp(derived)
    if not derived:
        return "The crew has structural problems (see the issues list); the campaign cannot be shown."
    n = camp.get("games", 0)
    if not n:
        return "No games recorded yet: the crew is as founded."
    cap = (derived.get("captain") or {}).get("level")
    fm = (derived.get("first_mate") or {}).get("level")
    return (f"{n} game{'s' if n != 1 else ''} · XP earned {camp.get('xp_earned', 0)}, spent "
            f"{camp.get('xp_spent', 0)}, unspent {camp.get('xp_unspent', 0)} · credits {camp.get('credits', 0)} Cr"
            f" · Captain level {cap}, First Mate level {fm}")


def crew_card_words(derived: dict) -> str:
    camp = _camp(derived)
    if not camp.get("games"):
        return "After a game, record it here: survival, experience, levels, loot and spending, step by step."
    return totals_words(derived) + "."


def injured_words(derived: dict) -> str:
    hurt = [s for s in (derived or {}).get("soldiers", []) if s.get("injured")]
    if not hurt:
        return "Nobody starts the next game injured."
    return "\n".join(f"{s.get('name') or s.get('type')} ({s.get('type')}): starts the next game at Health "
                     f"{s.get('health_now', '?')} of {(s.get('profile') or {}).get('health', '?')}" for s in hurt)


# ---- the Campaign page ---------------------------------------------------------------------------------

def _history(derived: dict) -> list[dict]:
    return [h for h in _camp(derived).get("history") or [] if isinstance(h, dict)]


def _game_name(h: dict) -> str:
    return f"Game {h.get('index', 0) + 1}" + (f" “{h['title']}”" if h.get("title") else "")


def game_rows(derived: dict) -> list[dict]:
    """One row per game for the Campaign page's table (and its tooltips)."""
    rows = []
    for h in _history(derived):
        xp = h.get("xp") or {}
        info = h.get("info_xp", 0)
        levels = "; ".join(f"{lv.get('label')} {lv.get('level')}" + (f": {lv['did']}" if lv.get("did") else "")
                           for lv in h.get("levels", []))
        loot = "; ".join(str(x.get("label", "")) for x in h.get("loot", []))
        cin, cout = h.get("credits_in", 0), h.get("credits_out", 0)
        rows.append({
            "number": h.get("index", 0) + 1, "title": h.get("title") or "(no title)", "date": h.get("date", ""),
            "xp": f"{h.get('game_xp', 0)}" + (f" + {info}" if info else ""),
            "xp_tip": (xp.get("derivation", "") + (f"; + {info} XP from Information sold outside the cap"
                                                    if info else "")),
            "levels": levels or "–", "loot": loot or "–",
            "credits": f"+{cin} / −{cout}", "credits_tip": (f"{cin} Cr in (loot and sales), {cout} Cr out "
                                                           f"(upkeep {h.get('upkeep', 0)} Cr and hires)"),
            "xp_total": f"{h.get('xp_unspent', 0)} unspent",
            "xp_total_tip": f"Earned {h.get('xp_earned', 0)}, spent {h.get('xp_spent', 0)} on levels",
            "credits_total": f"{h.get('credits', 0)} Cr",
            "after": "; ".join(h.get("after", [])),
        })
    return rows


def stash_origins(derived: dict) -> dict[str, str]:
    """Where each stash item came from: the game and loot roll that found it (by name, the latest find)."""
    out: dict[str, str] = {}
    for h in _history(derived):
        for x in h.get("loot", []):
            label = str(x.get("label", ""))
            roll = f", roll {x['roll']}" if x.get("roll") is not None else ""
            where = f"{_game_name(h)}: {x.get('table', '')} loot{roll}"
            if ": " in label:
                out[label.rsplit(": ", 1)[1]] = where
            if label.endswith(", kept"):
                out["Secret"] = where
    return out


def stash_rows(derived: dict) -> list[dict]:
    origins = stash_origins(derived)
    items = _camp(derived).get("stash_items") or [{"name": n} for n in _camp(derived).get("stash", [])]
    return [{"name": it.get("name", ""), "slots": it.get("slots", ""),
             "value": f"{it['value']} Cr" if isinstance(it.get("value"), int) else "–",
             "origin": origins.get(it.get("name", ""), "")} for it in items]
