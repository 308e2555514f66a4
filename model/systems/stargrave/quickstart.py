"""Quick start: fill in whatever a crew still lacks with legal choices, driven only by the rules pack.

`fill_the_rest(data, pack)` returns one `edits.Batch` (one undo step in the builder) that completes a crew:
backgrounds, the "+1 to N of" picks, powers, the Captain's two reductions, officer equipment and soldiers.
It never changes a choice the player already made; it only adds what is missing. Starting from a new crew
(or any crew whose existing choices are legal so far) the result has no rule errors.

How it picks, so the result looks like something a player would choose:
- a background: the Captain gets the pack's first background; the First Mate the next one.
- "+1 to N of": the options in the order the background lists them.
- powers: the background's basic powers as far as the basic limit allows, easiest to activate first, then the
  easiest powers from other backgrounds; the Captain's reductions go to the two hardest powers that can drop.
- equipment (only when the figure carries nothing): the best armour that costs no Move and no upkeep, the
  longest-ranged long arm and sidearm without a Move penalty, every item the first of which is free, then
  equipment in pack order while slots remain.
- soldiers (up to the crew maximum): the dearest types the credits allow, one of each paid type and
  never past the specialist limit, skipping gear with upkeep; then free soldiers fill the roster.
"""

from __future__ import annotations

from ... import edits
from .derive import slot_use
from .tables import ROLES, Tables, tables as _tables

LABEL = "Fill the rest"


def _t(pack) -> Tables:
    return pack if isinstance(pack, Tables) else _tables(pack)


def pick_background(data: dict, role: str, t: Tables) -> str:
    names = list(t.backgrounds)
    if role == "captain" or not names:
        return names[0] if names else ""
    captain_bg = t.canonical_background((data.get("captain") or {}).get("background"))
    if captain_bg in names:
        return names[(names.index(captain_bg) + 1) % len(names)]
    return names[min(1, len(names) - 1)]


def pick_choices(officer: dict, background: dict) -> list[str]:
    chosen = [c for c in officer.get("choices", []) if c in background["choose_from"]]
    chosen = list(dict.fromkeys(chosen))[: background["choose"]]
    for c in background["choose_from"]:
        if len(chosen) >= background["choose"]:
            break
        if c not in chosen:
            chosen.append(c)
    return chosen


def pick_powers(officer: dict, role: str, background: str, t: Tables) -> list[str]:
    """Names of the powers to add so the figure has a legal set (existing picks are kept)."""
    fig = t.figures[role]
    have = []
    for e in officer.get("powers", []):
        n = t.canonical_power(e.get("name")) if isinstance(e, dict) else None
        if n and n not in have:
            have.append(n)
    want = fig["powers"]
    basic_have = [n for n in have if t.is_basic(t.powers[n], background)]
    other_have = [n for n in have if n not in basic_have]
    missing = want - len(officer.get("powers", []))
    if missing <= 0:
        return []
    # Take as many basic powers as the limit allows, but leave room for the non-basic minimum.
    basic_target = min(fig["basic_powers_max"], want - len(other_have))
    basic_target = max(basic_target, fig["basic_powers_min"])

    def ease(n: str) -> tuple:
        p = t.powers[n]
        return (p["activation"], p["fatigue"], n)

    basic_pool = sorted((p for p in t.basic_powers(background) if p not in have), key=ease)
    other_pool = sorted((n for n, p in t.powers.items() if n not in have and not t.is_basic(p, background)), key=ease)
    add: list[str] = []
    need_basic = max(0, basic_target - len(basic_have))
    add += basic_pool[: min(need_basic, missing)]
    add += other_pool[: max(0, missing - len(add))]
    return add


def pick_reductions(powers: list[dict], role: str, background: str, t: Tables) -> list[int]:
    """Indexes (into `powers`) of powers to lower by 1: the hardest ones that can still drop (SG-CAPT-06)."""
    fig = t.figures[role]
    allowed = fig["creation_reductions"] - sum(1 for e in powers if e.get("reduced"))
    if allowed <= 0:
        return []
    floor = t.crew["activation_floor"]
    scored = []
    for i, e in enumerate(powers):
        n = t.canonical_power(e.get("name"))
        if not n or e.get("reduced"):
            continue
        act = t.activation(t.powers[n], role, t.is_basic(t.powers[n], background))
        if act - t.crew["creation_reduction"] >= floor:
            scored.append((-act, i))
    return [i for _, i in sorted(scored)[:allowed]]


def pick_items(role: str, t: Tables) -> list[str]:
    """A sensible starting loadout that fits the figure's slots (used only when it carries nothing)."""
    slots = t.figures[role]["item_slots"]
    usable = [i for i in t.pack["items"] if i.get("at_creation") is not False and not i.get("upkeep")]

    def rng(i: dict) -> int:
        r = i.get("range")
        return int(r.rstrip('"')) if isinstance(r, str) and r.rstrip('"').isdigit() else 0

    plain = [i for i in usable if not i.get("move") and not i.get("move_unless_braced")]
    picks: list[dict] = []
    armours = sorted((i for i in plain if i["kind"] == "armour"), key=lambda i: (-i.get("armour", 0), i["slots"]))
    if armours:
        picks.append(armours[0])
    ranged = [i for i in plain if i["kind"] == "weapon" and not i.get("melee") and rng(i)]
    long_arms = sorted((i for i in ranged if i["slots"] >= 2), key=lambda i: (-rng(i), i["slots"]))
    sidearms = sorted((i for i in ranged if i["slots"] == 1), key=lambda i: -rng(i))
    if long_arms:
        picks.append(long_arms[0])
    if sidearms:
        picks.append(sidearms[0])
    picks += [i for i in usable if i.get("officer_first_free") and i not in picks]
    if not any(i.get("melee") for i in picks):
        melee = [i for i in plain if i.get("melee")]
        if melee:
            picks.append(min(melee, key=lambda i: i["slots"]))
    picks += [i for i in usable if i["kind"] == "equipment"]
    out: list[dict] = []
    for item in picks:
        if item in out:
            continue
        trial = out + [item]
        if sum(slot_use(trial)) <= slots:
            out = trial
    return [i["name"] for i in out]


def pick_soldiers(data: dict, t: Tables) -> list[str]:
    crew = t.crew
    types = [t.soldiers.get(s.get("type", "")) for s in data.get("soldiers", [])]
    existing = [s for s in types if s]
    room = crew["max_soldiers"] - len(data.get("soldiers", []))
    credits = crew["starting_credits"] - sum(s["cost"] for s in existing)
    specialists = crew["max_specialists"] - sum(1 for s in existing if s["specialist"])
    count: dict[str, int] = {}
    for s in existing:
        count[s["name"]] = count.get(s["name"], 0) + 1

    def upkeep(s: dict) -> int:
        return sum(t.items.get(g, {}).get("upkeep", 0) for g in s["gear"])

    order = list(t.soldiers.values())
    paid = sorted((s for s in order if s["cost"] > 0 and not upkeep(s)), key=lambda s: -s["cost"])
    free = [s for s in order if s["cost"] == 0]
    out: list[str] = []
    while room > 0:
        pick = None
        for s in paid:
            if s["cost"] <= credits and count.get(s["name"], 0) < 1 and (not s["specialist"] or specialists > 0):
                pick = s
                break
        if pick is None:
            candidates = [s for s in free if not s["specialist"] or specialists > 0]
            if not candidates:
                break
            pick = min(candidates, key=lambda s: count.get(s["name"], 0))
        out.append(pick["name"])
        credits -= pick["cost"]
        specialists -= 1 if pick["specialist"] else 0
        count[pick["name"]] = count.get(pick["name"], 0) + 1
        room -= 1
    return out


def soldier_ids(data: dict) -> list[str]:
    """Every soldier id the crew has used: the founded roster's, every hire's in its games, and every figure's in
    the game in progress (/play/figures: a removed or dismissed soldier's counts stay there until a new game)."""
    out = [s.get("id") for s in data.get("soldiers", []) if isinstance(s, dict)]
    play = data.get("play")
    figures = play.get("figures") if isinstance(play, dict) else None
    out += list(figures) if isinstance(figures, dict) else []
    campaign = data.get("campaign")
    games = campaign.get("games") if isinstance(campaign, dict) else None
    for game in games if isinstance(games, list) else []:
        after = game.get("after") if isinstance(game, dict) else None
        for step in after if isinstance(after, list) else []:
            hire = step.get("hire") if isinstance(step, dict) else None
            if isinstance(hire, dict):
                out.append(hire.get("id"))
    return [i for i in out if isinstance(i, str)]


def next_soldier_id(data: dict, also: tuple[str, ...] = ()) -> str:
    """The next free id "sN": ids are never reused, not even a dead or dismissed soldier's."""
    taken = set(soldier_ids(data)) | set(also)
    n = 1 + max((int(i[1:]) for i in taken if i[:1] == "s" and i[1:].isdigit()), default=0)
    return f"s{n}"


def new_soldier(type_name: str, soldier_id: str | None = None) -> dict:
    """A soldier entry as the file stores it (DESIGN.md key order); give it `next_soldier_id(data)`."""
    entry = {"name": "", "type": type_name, "robot": False, "shotgun": False, "item": None}
    return {"id": soldier_id, **entry} if soldier_id else entry


def fill_the_rest(data: dict, pack) -> edits.Batch:
    """One batch of edits that completes the crew with legal choices; empty when nothing is missing."""
    t = _t(pack)
    out: list = []
    for role in ROLES:
        officer = data.get(role)
        if not isinstance(officer, dict):
            continue
        base = "/" + role
        bg_name = t.canonical_background(officer.get("background"))
        if not bg_name:
            bg_name = pick_background(data, role, t)
            if not bg_name:
                continue
            out.append(edits.Set(base + "/background", bg_name))
        bg = t.backgrounds[bg_name]
        choices = pick_choices(officer, bg)
        if choices != officer.get("choices", []):
            out.append(edits.Set(base + "/choices", choices))
        powers = [dict(e) for e in officer.get("powers", []) if isinstance(e, dict)]
        for n in pick_powers(officer, role, bg_name, t):
            powers.append({"name": n})
        for i in pick_reductions(powers, role, bg_name, t):
            powers[i] = {**powers[i], "reduced": True}
        if powers != officer.get("powers", []):
            out.append(edits.Set(base + "/powers", powers))
        if not officer.get("items"):
            out.append(edits.Set(base + "/items", pick_items(role, t)))
    soldiers = pick_soldiers(data, t)
    ids: tuple[str, ...] = ()
    for name in soldiers:
        ids += (next_soldier_id(data, ids),)
        out.append(edits.Insert("/soldiers/-", new_soldier(name, ids[-1])))
    return edits.Batch(tuple(out), LABEL)


def quick_start(pack, name: str = "") -> dict:
    """A complete, legal crew from nothing (what the start page's quick start opens)."""
    from . import new as _new  # the package's new(): the one place a blank crew is defined
    data = _new(pack)
    if name:
        data["name"] = name
    edits.apply(data, fill_the_rest(data, pack))
    return data
