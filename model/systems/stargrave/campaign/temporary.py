"""SG-CREW-08 in the record: the temporary members who played a game. They follow the normal rules for that game
and leave after it, so the replay only reads who they were (a soldier type of the rules pack, or a named figure
with its profile) into the game's history: they never join the state's soldiers, so no limit counts them and
the crew now never holds them."""

from __future__ import annotations

from ..tables import KEYS


def read_temporary(game) -> None:
    """The game's `temporary` list into its history entry (`temporary`: words per member); what cannot be a
    temporary member is reported at its place."""
    found = game.game.get("temporary")
    words = []
    for i, m in enumerate(found if isinstance(found, list) else []):
        if not isinstance(m, dict):
            continue
        ptr = f"{game.ptr}/temporary/{i}"
        kind, name = m.get("type"), str(m.get("name") or "").strip()
        if kind:
            if kind not in game.t.soldiers:
                game.issue(ptr + "/type", "SG-CREW-08", f'"{kind}" is not a soldier type in the rules pack; a '
                           f"temporary member is a soldier type, or a named figure with its own profile.")
            words.append(f"{name} ({kind})" if name else str(kind))
            continue
        prof = m.get("profile")
        missing = [game.t.label(k) for k in KEYS if not isinstance((prof or {}).get(k), int)]
        if not name or missing:
            game.issue(ptr, "SG-CREW-08", "A temporary member is a soldier type of the rules pack, or a named figure "
                       "with its own profile" + (f" (its {', '.join(missing)} missing)." if name and missing else "."))
        words.append(name or "a figure")
    game.entry["temporary"] = words
