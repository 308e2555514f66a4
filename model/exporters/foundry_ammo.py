"""Where a character's ammunition is in a Foundry actor: one clip (or powerpack) loaded in each weapon or
screen that uses it, the rest as spares, and what was fired taken off (DECISIONS.md, Foundry VTT export).

The total is what the rules give (SF-PLAY-18, SF-WPN-03, SF-WPN-05, SF-WPN-06): clips carried x capacity, less
what was fired, counted in the clip's own unit (rounds, or charges: SEU a shot x shots). A weapon fires its
loaded clip first and reloads from the spares when it runs dry; a weapon left empty while spares remain is
loaded again, so a weapon holds a clip whenever one is left. Pure arithmetic: no rule numbers live here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Allocation:
    capacity: int
    loaded: list[int | None] = field(default_factory=list)   # per consumer: what its clip holds (None: no clip)
    spares: int = 0                                           # full clips not in any weapon
    short: int = 0                                            # fired beyond what was carried (written as empty)

    @property
    def total(self) -> int:
        return sum(x or 0 for x in self.loaded) + self.spares * self.capacity


def allocate(clips: int, capacity: int, fired: list[int]) -> Allocation:
    """`fired[i]`: units the i-th consumer (in equipment order) has used. Each consumer gets one clip while
    clips last; what it fired comes out of its clip, then out of the spares; a shortfall then comes out of
    the other consumers' clips, so the total is always max(0, clips x capacity - fired)."""
    out = Allocation(capacity)
    pool = max(clips, 0)
    for _ in fired:
        if pool > 0 and capacity > 0:
            out.loaded.append(capacity)
            pool -= 1
        else:
            out.loaded.append(None)
    short = 0
    for i, used in enumerate(fired):
        need = max(used, 0)
        while need > 0:
            have = out.loaded[i] or 0
            take = min(need, have)
            out.loaded[i] = have - take if out.loaded[i] is not None else None
            need -= take
            if need > 0:
                if pool > 0:
                    pool -= 1
                    out.loaded[i] = capacity
                else:
                    break
        short += need
    for i in range(len(out.loaded)):         # a shortfall empties the others' clips, in order
        if short <= 0:
            break
        have = out.loaded[i] or 0
        take = min(short, have)
        if take:
            out.loaded[i] = have - take
            short -= take
    for i, held in enumerate(out.loaded):    # an empty weapon takes a fresh clip while spares remain
        if held == 0 and pool > 0:
            out.loaded[i] = capacity
            pool -= 1
    out.spares = pool
    out.short = max(short, 0)
    return out
