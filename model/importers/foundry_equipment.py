"""The equipment of a Foundry VTT Star Frontiers actor as a Starwright character's equipment entries, and what
its clips, power sources and weapons say about a game in progress (part of the actor import, foundry.py).

Items are taken by name through the rules pack (aliases too); a clip or power source of another name counts
as the ammunition its weapon takes. An item the rules do not list comes as the player's own item with its
price and mass, unless Starwright wrote it (it carries `flags.starwright`), when it comes back as it was.
Clips and power sources of one kind are one entry: how many were carried is what the export recorded, when
that agrees with what is there, else what is there (Foundry does not keep emptied clips). What was used is
clips x capacity less what is left (power sources' remaining, stacks' clips, a rounds weapon's loaded clip),
and becomes shots for the weapons that use it (charges / charges a shot for SEU weapons).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .report import ALIAS, AMBIGUOUS, AS_IS, DIFFERS, INFERRED, NO_PLACE

if TYPE_CHECKING:
    from ..systems.starfrontiers.tables import Tables
    from .foundry_actor import Reader
    from .report import Report

ROW_TYPES = ("weapon", "armor", "screen", "gear", "consumable", "computer", "program", "vehicle")
CLIP_TYPES = ("ammo", "powerSource")


class EquipmentReading:
    """Mixed into the import (foundry._Import): needs its reader `r`, tables `t`, report `rep`, sorted `items`,
    `by_id`, the document `doc` and `_psa_skill`."""

    # what the import it is mixed into gives it (foundry._Import sets them): named here for the type checker
    r: Reader
    t: Tables
    rep: Report
    items: list[tuple[int, dict]]
    by_id: dict[str, dict]
    doc: dict
    _psa_skill: Callable[[str], dict | None]

    def equipment(self) -> None:
        rows: list[dict] = []
        self.kinds: dict[str, dict] = {}     # kind of ammunition -> {"row": entry, "items": [...]}
        self.grenades: dict[str, int] = {}
        psa_skill = self._psa_skill(self.doc["psa"])
        for _, item in self.items:
            kind, name = item["type"], item.get("name") or ""
            where = f"{kind} › {name}"
            if kind == "skill":
                if item is not psa_skill:
                    self.rep.add(NO_PLACE, where, "a skill other than the PSA: the Basic Game has none", "")
                continue
            if kind in ("race", "trainedAbility"):
                if kind == "trainedAbility":
                    self.rep.add(NO_PLACE, where, "a trained racial ability: the rules pack works racial abilities out "
                                                  "from the race", "")
                continue
            if kind not in ROW_TYPES + CLIP_TYPES:
                self.rep.add(NO_PLACE, where, f"an item of type \"{kind[:40]}\" the system does not have", "")
                continue
            canon = self.t.canonical_item(name)
            if kind in CLIP_TYPES and not canon:
                canon = self._fed_kind(item)
                if canon:
                    self.rep.add(ALIAS, where, f"loaded in a weapon that takes the {canon}: counted as {canon}",
                                 f"/equipment/{len(rows) if canon not in self.kinds else self.kinds[canon]['index']}")
            if kind in CLIP_TYPES and canon and self.t.items[canon].get("ammunition"):
                if canon not in self.kinds:
                    self.kinds[canon] = {"row": self._entry(item, canon, len(rows), 1), "items": [],
                                         "ptr": f"/equipment/{len(rows)}/count", "index": len(rows)}
                    rows.append(self.kinds[canon]["row"])
                self.kinds[canon]["items"].append(item)
                continue
            entry = self._entry(item, canon, len(rows), None)
            if entry is not None:
                rows.append(entry)
        self.doc["equipment"] = rows

    def _fed_kind(self, clip: dict) -> str | None:
        """The rules pack's ammunition a clip or power source of another name is: what its weapon takes (the
        weapon's `ammo.clipItem` names it, or the power source links the weapon)."""
        links = self.r.list(clip, "system", "linkedWeaponRefs")
        for _, w in self.items:
            if w["type"] != "weapon":
                continue
            if self.r.get(w, "system", "ammo", "clipItem") == clip.get("_id") or w.get("_id") in links:
                kind = self._ammo_of(w)
                if kind in self.t.items and self.t.items[kind].get("ammunition"):
                    return kind
        return None

    def _entry(self, item: dict, canon: str | None, index: int, count: int | None) -> dict | None:
        name = item.get("name") or ""
        sys_ = self.r.dict(item, "system")
        flags = self.r.dict(item, "flags", "starwright")
        ptr = f"/equipment/{index}"
        where = f"{item['type']} › {name}"
        custom = flags.get("custom") is True or (not canon and "starwright" not in self.r.dict(item, "flags"))
        if custom:
            canon = None
        entry: dict = {"name": canon or name}
        kept = flags.get("count")
        clip = count is not None            # a kind of ammunition: its count is worked out in ammunition()
        if count is None and "quantity" not in sys_:      # armour, screens: no quantity in the system
            count = kept if isinstance(kept, int) and not isinstance(kept, bool) and 1 <= kept <= 100000 else 1
        if count is None:
            count = self.r.int(sys_, "quantity", where=where, lo=0, hi=100000)
            count = 1 if count is None else count
            grenade = canon and self.t.items[canon].get("category") == "grenade"
            if canon and grenade and isinstance(kept, int) and not isinstance(kept, bool) and kept > count:
                self.grenades[canon] = kept - count
                count = kept
            if count < 1:
                self.rep.add(NO_PLACE, where, "none left (quantity 0): left out", "")
                return None
        entry["count"] = count
        known = bool(canon)
        if custom:
            entry["custom"] = True
            self.rep.add(INFERRED, where, "not in the rules pack: kept as your own item with its price and mass", ptr)
        elif not canon:
            self.rep.add(DIFFERS, where, "not in the rules pack: kept by name; the checks say so", ptr)
        elif canon != name:
            self.rep.add(ALIAS, where, f"is the {canon}", ptr + "/name")
        elif not clip:
            self.rep.add(AS_IS, where, f"{count} carried" if count != 1 else "carried", ptr)
        if flags.get("issued") is True:
            entry["issued"] = True
        if self.r.get(sys_, "carryState") == "stored":
            entry["carried"] = False
        pack_item = self.t.items.get(canon) if known and canon else None
        from_starwright = "starwright" in self.r.dict(item, "flags")
        for key, field in (("price", "cost"), ("mass", "mass")):
            v = self.r.num(sys_, field, where=where)
            stated = pack_item.get("cost" if key == "price" else "mass") if pack_item else None
            if isinstance(flags.get(key), (int, float)) and not isinstance(flags.get(key), bool):
                entry[key] = flags[key]
            elif v is None or v < 0:
                continue
            elif not from_starwright and (entry.get("custom") or (pack_item and stated is None and v > 0)):
                entry[key] = int(v) if key == "price" else v
            elif stated is not None and v != stated and not (key == "price" and entry.get("issued") and v == 0):
                self.rep.add(DIFFERS, where, f"{v:g} {'Cr' if key == 'price' else 'kg'} in Foundry; the rules pack "
                                             f"says {stated:g}", ptr)
        if "price" in entry:
            entry["price"] = int(entry["price"])
        if isinstance(flags.get("note"), str) and len(flags["note"]) <= 1000:
            entry["note"] = flags["note"]
        return entry

    def ammunition(self) -> None:
        """Each kind's clips: how many were carried, and what the weapons using it fired."""
        shots: dict[str, int] = {}
        weapons = [i for _, i in self.items if i["type"] == "weapon"]
        for kind, group in self.kinds.items():
            cap = self.t.items[kind]["ammunition"]["capacity"]
            held, present = 0, 0
            for item in group["items"]:
                s = self.r.dict(item, "system")
                q = self.r.int(s, "quantity", where=f"{item['type']} › {kind}", lo=0, hi=100000)
                q = 1 if q is None and item["type"] == "powerSource" else (q or 0)
                if item["type"] == "powerSource":
                    rem = min(self.r.int(s, "remaining", lo=0) or 0, cap)
                    held += rem + max(q - 1, 0) * cap
                    present += q
                else:
                    held += q * cap
                    present += q
            users = [w for w in weapons if self._ammo_of(w) == kind]
            for w in users:
                a = self.r.dict(w, "system", "ammo")
                ref = a.get("clipItem")
                src = self.by_id.get(ref) if isinstance(ref, str) else None
                if src is not None and src in group["items"] and src.get("type") == "ammo":     # a rounds clip lives in the weapon
                    loaded = max(min((self.r.int(a, "capacity", lo=0) or 0) - (self.r.int(a, "consumed", lo=0) or 0),
                                     cap), 0)
                    held += loaded
                    present += 1 if loaded else 0
            flag = self.r.get(group["items"][0], "flags", "starwright", "count")
            if isinstance(flag, int) and not isinstance(flag, bool) and flag >= present and flag * cap >= held:
                clips = flag
            else:
                clips = present
                if present:
                    self.rep.add(INFERRED, f"Ammunition › {kind}", f"{present} clip{'s' if present != 1 else ''} in "
                                                                  "Foundry (emptied clips are not kept there)",
                                 group["ptr"])
            group["row"]["count"] = max(clips, 1)
            used = clips * cap - held
            self.rep.add(AS_IS, f"Ammunition › {kind}", f"{clips} x {cap}: {held} left", group["ptr"])
            self._fired(kind, used, users, shots)
        self.shots = shots

    def _ammo_of(self, weapon: dict) -> str | None:
        canon = self.t.canonical_item(weapon.get("name"))
        return (self.t.items.get(canon, {}).get("weapon") or {}).get("ammo") if canon else None

    def _fired(self, kind: str, used: int, users: list[dict], shots: dict) -> None:
        if used <= 0 or not users:
            return
        # each a weapon of the pack: _ammo_of found its ammunition by its name ("" would fail as None did)
        names = [self.t.canonical_item(w.get("name")) or "" for w in users]
        per = [self.t.items[n]["weapon"]["per_shot"] or 1 for n in names]
        own = [self.r.int(self.r.dict(w, "system", "ammo"), "consumed", lo=0) or 0 for w in users]
        share = [min(o, used) for o in own] if len(users) > 1 else [used]
        share[0] += used - sum(share)
        if len(users) > 1 and used - sum(own) > 0:
            self.rep.add(AMBIGUOUS, f"Ammunition › {kind}", f"{used} used by {len(users)} weapons: what each has "
                                                            "used of its own clip, the rest by the first", "/play/shots")
        for name, units, p in zip(names, share, per, strict=True):
            if units <= 0:
                continue
            if units % p:
                self.rep.add(DIFFERS, f"Ammunition › {kind}", f"{units} used by the {name} is not a whole number of "
                                                              f"shots at {p} a shot: counted as {units // p + 1}",
                             f"/play/shots/{name}")
            shots[name] = shots.get(name, 0) + -(-units // p)
            self.rep.add(INFERRED, f"Ammunition › {kind}", f"the {name} has fired {-(-units // p)} shot"
                                                          f"{'s' if -(-units // p) != 1 else ''}",
                         f"/play/shots/{name}")
