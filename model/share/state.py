"""The Play groups (model/play) as the JSON the phone page shows, and what changed between two of them."""

from __future__ import annotations

from ..play import Group


def group_json(g: Group) -> dict:
    return {
        "key": g.key,
        "title": g.title,
        "status": g.status,
        "facts": [[k, v] for k, v in g.facts],
        "tracks": [{"pointer": t.pointer, "label": t.label, "rule": t.rule, "maximum": t.maximum,
                    "shown": t.shown, "kind": t.kind, "tip": t.tip,
                    "up": t.can_step(1), "down": t.can_step(-1)} for t in g.tracks],
        "powers": [{"name": p.name, "fatigue": p.fatigue, "uses": p.uses, "usable": p.usable, "why": p.why}
                   for p in g.powers],
    }


def state_json(kind: str, title: str, groups: list[Group], revision: int, game_over: bool = False,
               problems: list[str] | None = None) -> dict:
    """Everything a phone needs to draw the page: `revision` counts the changes of this sharing session."""
    return {"kind": kind, "title": title, "revision": revision, "game_over": game_over,
            "problems": list(problems or []), "groups": [group_json(g) for g in groups]}


def shape(state: dict) -> tuple:
    """What decides the page's layout: the groups and their tracks and powers, in order."""
    return (state["kind"], state["title"], tuple(
        (g["key"], g["title"], tuple(t["pointer"] for t in g["tracks"]), tuple(p["name"] for p in g["powers"]))
        for g in state["groups"]))


def diff(old: dict | None, new: dict) -> dict:
    """The message that brings a phone holding `old` to `new`: the groups that changed when the layout is the
    same (a step changes one or two groups), else the whole state."""
    if old is None or shape(old) != shape(new) or old["game_over"] != new["game_over"]:
        return {"type": "state", "state": new}
    before = {g["key"]: g for g in old["groups"]}
    changed = [g for g in new["groups"] if before.get(g["key"]) != g]
    return {"type": "diff", "revision": new["revision"], "groups": changed, "problems": new["problems"]}
