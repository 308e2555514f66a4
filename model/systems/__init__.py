"""One package per game system, each with the same shape: tables, derive, check, and new()."""
