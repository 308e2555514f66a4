"""One package per game system (Starchasers: one per document kind, sharing its rules pack's tables), each
with the same shape: tables, derive, check, and `SYSTEM`, its model.system_contract.GameSystem, which the
kinds registry (model/kinds.py) finds. A system imports no other system; shared helpers are in `lookup`."""
