"""Facts of the Foundry VTT Star Frontiers system (finderski/star-frontiers) that both the actor export
(model/exporters/foundry_starfrontiers.py) and the actor import (model/importers/foundry.py) need, so the
two directions cannot drift apart. Read from the system's own files at data schema 0.2.8
(module/migration/migrations.mjs `CURRENT_SCHEMA_VERSION`, module/data/*.mjs, system.json).

These are facts of the target format, not rules of the game: every game number comes from the rules pack.
"""

from __future__ import annotations

import hashlib
import html
import re

SYSTEM_ID = "star-frontiers"
SCHEMA_VERSION = "0.2.8"
SQUARE_M = 5                       # system.json "grid": {"distance": 5, "units": "m"}
ABILITY_KEYS = ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")
PAIR_KEYS = {"strSta": ("str", "sta"), "dexRs": ("dex", "rs"), "intLog": ("int", "log"), "perLdr": ("per", "ldr")}
# Starwright's pair keys -> the two abilities of the pair (first, second)
PAIRS = {"str_sta": ("str", "sta"), "dex_rs": ("dex", "rs"), "int_log": ("int", "log"), "per_ldr": ("per", "ldr")}
ACTOR_IMG = "icons/svg/mystery-man.svg"
ITEM_IMG = "icons/svg/item-bag.svg"
# Starwright's weapon types -> the system's weaponType choices
WEAPON_TYPES = {"energy": "beam", "beam": "beam", "gyrojet": "gyrojet", "projectile": "projectile", "melee": "melee"}
SCREEN_TYPES = ("albedo", "inertia", "gauss", "sonic", "chameleon", "holo")
# migrations.mjs 0.2.8: a power source's ports by its sourceType ("rules-correct defaults")
PORTS = {
    "powerclip": {"weapon": 1, "screen": 0, "vehicle": 0},
    "ammoClip": {"weapon": 1, "screen": 0, "vehicle": 0},
    "beltpack": {"weapon": 1, "screen": 1, "vehicle": 0},
    "powerpack": {"weapon": 2, "screen": 1, "vehicle": 0},
    "parabatteryT1": {"weapon": 0, "screen": 0, "vehicle": 1},
    "parabatteryT2": {"weapon": 0, "screen": 0, "vehicle": 1},
    "parabatteryT3": {"weapon": 0, "screen": 0, "vehicle": 1},
    "parabatteryT4": {"weapon": 0, "screen": 0, "vehicle": 1},
    "": {"weapon": 1, "screen": 0, "vehicle": 0},
}
# item-data.mjs: the item types a character may own
ITEM_TYPES = ("race", "skill", "trainedAbility", "weapon", "armor", "screen", "ammo", "powerSource", "gear",
              "consumable", "vehicle", "computer", "program")
ACTOR_TYPES = ("character", "npc", "creature", "robot", "vehicle")


def doc_id(*parts: object) -> str:
    """A stable 16-character document id (Foundry ids are 16 letters and digits)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    n = int.from_bytes(digest, "big")
    out = []
    for _ in range(16):
        n, r = divmod(n, 62)
        out.append(alphabet[r])
    return "".join(out)


_TAG = re.compile(r"<[^>]*>")


def text_to_html(text: str) -> str:
    """Plain text as the system's HTML fields hold it: a paragraph per blank-line-separated block."""
    paras = [p.strip() for p in (text or "").split("\n\n") if p.strip()]
    return "".join(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in paras)


def html_to_text(text: str) -> str:
    """The system's HTML as plain text (paragraphs kept): text_to_html undone, other markup dropped."""
    text = re.sub(r"(?i)<br\s*/?>", "\n", text)
    paras = re.split(r"(?i)</p\s*>", text)
    out = [html.unescape(_TAG.sub("", p)).strip("\n ") for p in paras]
    return "\n\n".join(p for p in out if p)
