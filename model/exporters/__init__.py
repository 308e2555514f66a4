"""Documents written for other programs (`starwright export --foundry`, File > Export > Foundry VTT actor…).

Each exporter is pure (no Qt): it reads the document and `Result.derived`, never re-derives a rule, and
returns what it wrote with a report (`report.ExportReport`) of what had no place in the target.
"""

# The kinds each target takes (the builder enables its menu entry from this, without importing the exporter).
FOUNDRY_KIND = "starfrontiers-character"
