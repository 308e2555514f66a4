"""The campaign so far, carried as recorded games (crew file version 2).

Labernator keeps only results: unspent XP, levels, final activations and stats, credits and cargo. The
replay (SG-CAMP-01..20) rebuilds the crew now from games, so the importer writes games marked
"Imported from ..." whose replay gives the same result: the XP that paid for the levels plus the unspent
XP, each level with the upgrade its number gives (SG-CAMP-13), within the rules: at most 300 XP per game
(SG-CAMP-08) and one reduction per power per officer per game (SG-CAMP-17). That may need more than one
imported game; the report says how many and why. What no game record can express stays in the notes.
"""

from __future__ import annotations

from .officers import Progress
from .report import CAMPAIGN, DIFFERS
from .source import SourceCrew

GAME_XP_CAP = 300       # SG-CAMP-08 (the pack's value is used when it has one)
PLAYING_XP = 30
LEVEL_COST = 100


def _camp_value(t, key: str, default: int) -> int:
    camp = t.pack.get("campaign") if isinstance(t.pack.get("campaign"), dict) else {}
    v = camp.get(key)
    return v if isinstance(v, int) else default


def _level_steps(role: str, prog: Progress, t, rep) -> list[dict]:
    """The level records of one officer in level order, upgrades assigned to what the source shows."""
    from . import levels
    fig = t.figures[role]
    start, end = fig["level"], prog.level or fig["level"]
    ups = levels.upgrades_between(t.pack, start, end) or []
    improvements = list(prog.improvements)
    learned = list(prog.learned)
    reductions = dict(prog.reductions)
    out = []
    for i, options in enumerate(ups):
        level = start + i + 1
        rec: dict = {"officer": role}
        if "learn" in options and learned and ("improve" not in options or len(learned) >= len(improvements)):
            rec.update(upgrade="learn", power=learned.pop(0))
        elif "improve" in options and improvements:
            rec.update(upgrade="improve", characteristic=improvements.pop(0))
        elif "reduce" in options and any(v > 0 for v in reductions.values()):
            rec.update(upgrade="reduce", power=None)   # the power is chosen when games are laid out
        else:
            rep.add(DIFFERS, fig["label"], f"level {level} gives {' or '.join(options)}, but the source's numbers show "
                                           f"no such upgrade left; the level is not imported")
            break
        rec["_level"] = level
        out.append(rec)
    left = [f"+1 {t.label(k)}" for k in improvements] + learned + [f"{n} -{v}" for n, v in reductions.items()
                                                                    if v > 0 and not any(r.get("upgrade") == "reduce" for r in out)]
    n_reduce_slots = sum(1 for r in out if r["upgrade"] == "reduce")
    if sum(reductions.values()) != n_reduce_slots or improvements or learned:
        if left or sum(reductions.values()) != n_reduce_slots:
            rep.add(DIFFERS, fig["label"], f"the source's numbers at level {end} do not match the upgrades levels "
                                           f"{start + 1}-{end} give ({sum(reductions.values())} reductions shown, "
                                           f"{n_reduce_slots} given); the replay follows the levels")
    out_reductions = dict(reductions)
    for r in out:
        r["_reductions"] = out_reductions
    return out


def keep_in_notes(src: SourceCrew, rep, notes: list[str]) -> None:
    """Credit records, cargo and ship upgrades, word for word in the notes (nothing is lost)."""
    camp = src.campaign
    for rec in camp.credit_records:
        sign = "+" if rec["income"] else "-"
        notes.append(f"Credit record: {sign}{rec['credits']} Cr {rec['record']}".rstrip())
    for c in camp.cargo:
        notes.append(f"Cargo: {c['name']} ({c['kind']})")
    for u in camp.ship_upgrades:
        notes.append(f"Ship upgrade: {u}")
    if camp.ship_upgrades:
        rep.add(CAMPAIGN, "ShipUpgrades", f"{len(camp.ship_upgrades)} ship upgrade(s): Starwright keeps the starship "
                                          f"as a note (DECISIONS: ship rules wait for the rules); kept in the notes")
    if camp.credit_records:
        rep.add(CAMPAIGN, "CreditRecords", f"{len(camp.credit_records)} credit record(s) kept in the notes; the credits "
                                           f"now come from the replay")


def campaign_games(src: SourceCrew, doc: dict, progress: dict[str, Progress], t, rep, notes: list[str]) -> list[dict]:
    camp = src.campaign
    steps = {role: _level_steps(role, progress[role], t, rep) for role in ("captain", "first_mate")}
    n_levels = len(steps["captain"]) + len(steps["first_mate"])
    unspent = camp.experience or 0
    if not n_levels and not unspent and not camp.cargo:
        return []
    cap = _camp_value(t, "game_xp_cap", GAME_XP_CAP)
    playing = _camp_value(t, "xp_playing", PLAYING_XP)
    cost = _camp_value(t, "level_cost", LEVEL_COST)

    # the level purchases in an order that keeps 5 <= Captain - First Mate <= 20 (SG-CAMP-12)
    order: list[dict] = []
    cap_q, fm_q = list(steps["captain"]), list(steps["first_mate"])
    c_level, f_level = t.figures["captain"]["level"], t.figures["first_mate"]["level"]
    while cap_q or fm_q:
        if fm_q and (c_level - (f_level + 1) >= 5 or not cap_q):
            order.append(fm_q.pop(0))
            f_level += 1
        else:
            order.append(cap_q.pop(0))
            c_level += 1

    games: list[dict] = []
    title = f"Imported from {src.shape.split(',')[0]}"
    total_needed = n_levels * cost + unspent
    pending = list(order)
    earned = 0
    while True:
        game_xp = min(cap, max(playing, total_needed - earned))
        earned += game_xp
        available = earned - (sum(len(g["levels"]) for g in games)) * cost
        reduced_here: dict[str, set[str]] = {"captain": set(), "first_mate": set()}
        bought = []
        while pending and available >= cost:
            rec = pending[0]
            if rec["upgrade"] == "reduce":
                need = rec["_reductions"]
                options = [n for n, v in sorted(need.items(), key=lambda kv: -kv[1])
                           if v > 0 and n not in reduced_here[rec["officer"]]]
                if not options:
                    break   # SG-CAMP-17: every power still to lower was lowered in this game already
                rec["power"] = options[0]
                need[options[0]] -= 1
                reduced_here[rec["officer"]].add(options[0])
            pending.pop(0)
            bought.append({k: v for k, v in rec.items() if not k.startswith("_")})
            available -= cost
        games.append({"title": title, "out_of_action": [], "survival": [],
                      "xp": {"loot": 0, "powers": 0, "rivals": 0, "creatures": 0, "bonus": game_xp - playing},
                      "loot": [], "levels": bought, "after": []})
        if not pending and earned >= total_needed:
            break
        if len(games) > 200:
            break
    if len(games) > 1:
        for i, g in enumerate(games, 1):
            g["title"] = f"{title} ({i} of {len(games)})"
    unspent_now = earned - n_levels * cost
    why = []
    if total_needed > cap:
        why.append(f"a game gives at most {cap} XP")
    if len(games) > 1 and total_needed <= cap * (len(games) - 1):
        why.append("a power can be lowered only once per game")
    rep.add(CAMPAIGN, "Experience", f"{len(games)} imported game{'s' if len(games) != 1 else ''} carr"
                                    f"{'y' if len(games) != 1 else 'ies'} {n_levels} level{'s' if n_levels != 1 else ''} "
                                    f"and {unspent_now} unspent XP" + (f" ({'; '.join(why)})" if why else ""),
            "/campaign/games")
    if unspent_now != unspent:
        rep.add(DIFFERS, "Experience", f"{unspent} unspent XP in the source; a recorded game always gives at least "
                                       f"{playing} XP, so the replay shows {unspent_now}", "/campaign/games")
    return games
