"""The campaign so far, carried as recorded games (crew file version 2).

Labernator keeps only results: unspent XP, levels, final activations and stats, credits, cargo and who is
hurt. Starwright derives the crew now by replaying games (SG-CAMP-01..20), so the importer writes games
titled "Imported from ..." (with a note saying they were not played) whose replay gives the same result:

- the XP that paid for the levels plus the unspent XP, at most the pack's game cap per game (SG-CAMP-08);
- each level with the upgrade its number gives (SG-CAMP-13), one reduction per power per game (SG-CAMP-17),
  Captain and First Mate levels in an order that keeps the level band (SG-CAMP-12);
- in the last game: advanced items and Secrets from the cargo as finds to the stash, soldiers that are
  hurt as Serious Injuries, and the credits the source shows (a carried-over sum found and sold).

More than one game may be needed (XP cap, one reduction per power per game); the report says how many
and why. Then the games are replayed with the real replay, and any result that still differs from the
source is reported. What no game record can hold stays in the notes.
"""

from __future__ import annotations

from ..systems.stargrave.campaign import replay, rules_for
from ..systems.stargrave.campaign.now import campaign_summary, crew_now
from . import levels
from .names import Names
from .officers import Progress
from .report import CAMPAIGN, DIFFERS
from .source import SourceCrew

CARGO_FIND = {"Advanced Weapons": "weaponry", "Advanced Technology": "technology_1", "Alien Tech": "artifacts"}
CARRIED_OVER = "Credits carried over"


def keep_in_notes(src: SourceCrew, rep, notes: list[str]) -> None:
    """Credit records, cargo and ship upgrades, word for word in the notes (nothing is lost)."""
    camp = src.campaign
    if any(camp.experience_records):
        notes.append("XP records (running totals, one per game in the source): "
                     + ", ".join(str(x) for x in camp.experience_records))
    for rec in camp.credit_records:
        sign = "+" if rec["income"] else "-"
        notes.append(f"Credit record: {sign}{rec['credits']} Cr {rec['record']}".rstrip())
    for c in camp.cargo:
        notes.append(f"Cargo: {c['name']} ({c['kind']})")
    for u in camp.ship_upgrades:
        notes.append(f"Ship upgrade: {u}")
    if camp.ship_upgrades:
        rep.add(CAMPAIGN, "ShipUpgrades", f"{len(camp.ship_upgrades)} ship upgrade(s): Starwright keeps the starship "
                                          f"as a note until the rules for ships are in; kept in the notes")
    if camp.credit_records:
        rep.add(CAMPAIGN, "CreditRecords", f"{len(camp.credit_records)} credit record(s) kept in the notes; the credits "
                                           f"now come from the replay")


def _level_steps(role: str, prog: Progress, t, rep) -> list[dict]:
    """One officer's level purchases in level order, each with the upgrade its number gives and what the
    source's numbers show it went to (a reduction's power is chosen when the games are laid out)."""
    fig = t.figures[role]
    start, end = fig["level"], max(prog.level or fig["level"], fig["level"])
    improvements, learned = list(prog.improvements), list(prog.learned)
    reductions = dict(prog.reductions)
    out: list[dict] = []
    for i, options in enumerate(levels.upgrades_between(t.pack, start, end)):
        level = start + i + 1
        rec: dict = {"officer": role}
        if "learn" in options and learned and ("improve" not in options or len(learned) >= len(improvements)):
            rec.update(upgrade="learn", power=learned.pop(0))
        elif "improve" in options and improvements:
            rec.update(upgrade="improve", characteristic=improvements.pop(0))
        elif "reduce" in options and sum(reductions.values()) > sum(1 for r in out if r["upgrade"] == "reduce"):
            rec.update(upgrade="reduce", power=None)
        else:
            rep.add(DIFFERS, fig["label"], f"level {level} gives {' or '.join(options)}, but the source's numbers show "
                                           f"no such upgrade; the {fig['label']} is imported at level {level - 1}")
            break
        rec["_pool"] = reductions
        out.append(rec)
    given = sum(1 for r in out if r["upgrade"] == "reduce")
    shown = sum(reductions.values())
    if shown != given or improvements or learned:
        left = [f"+1 {t.label(k)}" for k in improvements] + [f"{n} learned" for n in learned]
        if shown > given:
            left.append(f"{shown - given} more reduction{'s' if shown - given != 1 else ''}")
        rep.add(DIFFERS, fig["label"], f"levels {start + 1}-{end} do not give everything the source's numbers show "
                                       f"({', '.join(left)}); the replay follows the levels")
    return out


def _band_order(steps: dict[str, list[dict]], t, rules) -> list[dict]:
    """Captain and First Mate purchases interleaved so 5 <= Captain - First Mate <= 20 after each (SG-CAMP-12)."""
    lo, hi = rules.levels["band_min"], rules.levels["band_max"]
    cap_q, fm_q = list(steps["captain"]), list(steps["first_mate"])
    c, f = t.figures["captain"]["level"], t.figures["first_mate"]["level"]
    order = []
    while cap_q or fm_q:
        if fm_q and (c - (f + 1) >= lo or not cap_q or c + 1 - f > hi):
            order.append(fm_q.pop(0))
            f += 1
        else:
            order.append(cap_q.pop(0))
            c += 1
    return order


def _find_roll(rules, table_key: str) -> tuple[str, int] | None:
    """A loot table and roll whose result sends a find of that kind to the stash."""
    for name, table in rules.loot_tables().items():
        for row in table["rows"]:
            if row["kind"] == "find" and row.get("table") == table_key:
                return name, row["from"]
    return None


def _kind_roll(rules, kind: str) -> tuple[str, int] | None:
    for name, table in rules.loot_tables().items():
        for row in table["rows"]:
            if row["kind"] == kind:
                return name, row["from"]
    return None


def _injured_roll(rules) -> int | None:
    for row in rules.survival["soldier"]:
        if row.get("effect") == "injured":
            return row["from"]
    return None


def campaign_games(src: SourceCrew, doc: dict, kept: list, progress: dict[str, Progress], t, rep) -> list[dict]:
    """The imported games; `kept` is the source soldier behind each of doc's soldiers."""
    camp = src.campaign
    rules = rules_for(t.pack)
    steps = {role: _level_steps(role, progress[role], t, rep) for role in ("captain", "first_mate")}
    n_levels = len(steps["captain"]) + len(steps["first_mate"])
    unspent = max(camp.experience or 0, 0)
    hurt = [pair for pair in zip(doc["soldiers"], kept) if _is_hurt(pair[1])]
    finds = [c for c in camp.cargo if c["kind"] in CARGO_FIND or c["kind"] == "Secret"]
    elsewhere = [c for c in camp.cargo if c not in finds]
    if elsewhere:
        rep.add(CAMPAIGN, "Cargo", f"{', '.join(c['name'] for c in elsewhere)}: Starwright sells goods and takes "
                                   f"information when they are found, so unsold ones have no place in the stash; "
                                   f"kept in the notes")
    credits_known = src.credits is not None and src.format == "labernator"
    if not n_levels and not unspent and not finds and not hurt:
        return []

    cap, played = rules.xp["game_cap"], rules.xp["played"]
    ooa_xp, cost = rules.xp["out_of_action"], rules.level_cost
    pending = _band_order(steps, t, rules)
    total_needed = n_levels * cost + unspent
    games: list[dict] = []
    earned = 0
    # the game that ends the import holds the injuries, and being taken out of action earns XP (SG-CAMP-09):
    # earlier games leave it at least that much to give
    last_floor = played + (ooa_xp if hurt else 0)
    while True:
        want = total_needed - earned
        ending = want <= cap
        game_xp = max(want, last_floor) if ending else max(played, min(cap, want - last_floor))
        earned += game_xp
        available = earned - sum(len(g["levels"]) for g in games) * cost
        reduced_here: dict[str, set[str]] = {"captain": set(), "first_mate": set()}
        bought = []
        while pending and available >= cost:
            rec = pending[0]
            if rec["upgrade"] == "reduce":
                pool = rec["_pool"]
                options = [n for n, v in sorted(pool.items(), key=lambda kv: -kv[1])
                           if v > 0 and n not in reduced_here[rec["officer"]]]
                if not options:
                    break   # SG-CAMP-17: every power still to lower was lowered in this game already
                rec["power"] = options[0]
                pool[options[0]] -= 1
                reduced_here[rec["officer"]].add(options[0])
            pending.pop(0)
            bought.append({k: v for k, v in rec.items() if not k.startswith("_")})
            available -= cost
        games.append({"title": "", "notes": "", "out_of_action": [], "survival": [],
                      "xp": {"loot": 0, "powers": 0, "rivals": 0, "creatures": 0,
                             "bonus": game_xp - played - (ooa_xp if hurt and ending else 0)},
                      "loot": [], "levels": bought, "after": []})
        if (not pending and earned >= total_needed) or len(games) >= 100:
            break
    last = games[-1]
    # who is hurt: out of action with a Serious Injury result (SG-CAMP-06), in the last game
    roll = _injured_roll(rules)
    if hurt and roll is not None:
        last["out_of_action"] = [s["id"] for s, _src in hurt]
        last["survival"] = [{"who": s["id"], "roll": roll} for s, _src in hurt]
        rep.add(CAMPAIGN, "Soldiers", f"{', '.join(s['name'] or s['type'] for s, _src in hurt)} "
                                      f"{'is' if len(hurt) == 1 else 'are'} hurt in the source: recorded as a "
                                      f"Serious Injury, so the crew now has {'it' if len(hurt) == 1 else 'them'} "
                                      f"at half Health for the next game", "/campaign/games")
    # advanced items and Secrets to the stash
    for c in finds:
        if c["kind"] == "Secret":
            where = _kind_roll(rules, "secret")
            if where:
                last["loot"].append({"table": where[0], "roll": where[1], "take": "keep"})
        else:
            where = _find_roll(rules, CARGO_FIND[c["kind"]])
            if where:
                last["loot"].append({"table": where[0], "roll": where[1],
                                     "find": {"name": c["name"][:100], "notes": "from the Labernator cargo; "
                                              "slots and value are not in the source"}})
    if finds:
        rep.add(CAMPAIGN, "Cargo", f"{', '.join(c['name'] for c in finds)}: to the stash as "
                                   f"{'a find' if len(finds) == 1 else 'finds'} (slots and value are not in the "
                                   f"source: set them in the stash)", "/campaign/games")

    title = f"Imported from {src.shape.split(',')[0]}"
    for i, g in enumerate(games, 1):
        g["title"] = title + (f" ({i} of {len(games)})" if len(games) > 1 else "")
        g["notes"] = ("Not a game that was played: made by the importer so that the replay gives the crew as the "
                      "source file had it (levels, XP, credits, stash, injuries).")

    # credits: replay, then carry the difference over as a sum found and sold in the last game
    doc_now = {**doc, "campaign": {"games": games}}
    if credits_known:
        got = campaign_summary(replay(doc_now, t.pack))["credits"]
        diff = src.credits - got
        if diff > 0:
            where = _find_roll(rules, "weaponry")
            if where:
                last["loot"].append({"table": where[0], "roll": where[1],
                                     "find": {"name": CARRIED_OVER, "slots": 0, "value": diff,
                                              "notes": "the source's credits, carried over"}})
                last["after"].append({"sell": CARRIED_OVER})
                rep.add(CAMPAIGN, "Credits", f"{src.credits} Cr as in the source: {diff} Cr carried over in the imported "
                                             f"game (recorded as a find sold at once)", "/campaign/games")
        elif diff < 0:
            rep.add(DIFFERS, "Credits", f"{src.credits} Cr in the source; the replay gives {got} Cr (the source spent "
                                        f"credits on things Starwright cannot replay, e.g. ship upgrades)",
                    "/campaign/games")
    why = []
    if total_needed > cap:
        why.append(f"a game gives at most {cap} XP")
    if len(games) > 1 and total_needed <= cap * (len(games) - 1):
        why.append("a power can be lowered only once per game")
    rep.add(CAMPAIGN, "Experience", f"{len(games)} imported game{'s' if len(games) != 1 else ''} "
                                    f"carr{'y' if len(games) != 1 else 'ies'} {n_levels} level{'s' if n_levels != 1 else ''}"
                                    f" and {unspent} unspent XP" + (f" ({'; '.join(why)})" if why else ""), "/campaign/games")
    _verify(src, {**doc, "campaign": {"games": games}}, t, rep, unspent)
    return games


def _is_hurt(s) -> bool:
    """A soldier Labernator has marked as badly wounded. Its post-game sequence sets such a soldier's
    current health from the First Mate's Health (a bug), which can be above the soldier's own maximum; so
    any current health other than the soldier's own maximum counts as hurt, whatever the number."""
    if s.current_health is None or s.stats is None:
        return False
    return s.current_health != s.stats.get("health")


def _verify(src: SourceCrew, doc: dict, t, rep, unspent: int) -> None:
    """Replay the imported games and report what still differs from the source."""
    result = replay(doc, t.pack)
    summary = campaign_summary(result)
    now = crew_now(doc, result.final, t)
    if summary["xp_unspent"] != unspent:
        rep.add(DIFFERS, "Experience", f"{unspent} unspent XP in the source; the replay gives {summary['xp_unspent']} "
                                       f"(a recorded game always gives at least {rules_for(t.pack).xp['played']} XP)",
                "/campaign/games")
    for role, so in (("captain", src.captain), ("first_mate", src.first_mate)):
        if so is None or role not in now:
            continue
        d = now[role]
        if so.level is not None and d["level"] != max(so.level, t.figures[role]["level"]):
            rep.add(DIFFERS, so.where, f"level {so.level} in the source; the replay gives {d['level']}",
                    "/campaign/games")
        acts = {p["name"]: p["activation"] for p in d["powers"]}
        names = Names(t.pack)
        for sp in so.powers:
            n = names.match("powers", sp.name).name
            if n and sp.activation is not None and n in acts and acts[n] != sp.activation:
                rep.add(DIFFERS, sp.where, f"{n} activation {sp.activation} in the source; the replay gives "
                                           f"{acts[n]}", "/campaign/games")
    for issue in result.issues:
        if issue.is_error:
            rep.add(DIFFERS, "Imported games", f"{issue.message} ({issue.rule} at {issue.pointer})", issue.pointer)

