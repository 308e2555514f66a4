"""`starwright export CHAR --foundry -o actor.json`: the Foundry VTT actor and its report.

Exit codes follow the CLI contract: 0 written, 2 when the file cannot be read, is not a Star Frontiers
character, or OUT may not be written (an existing OUT is replaced only with --force, never the document
itself)."""

from __future__ import annotations

import json
from pathlib import Path

JSON_SUFFIXES = (".json",)


def export_foundry(args, refuse_output, load_checked, write, err) -> int:
    from .foundry_starfrontiers import ExportError, foundry_actor
    if args.output is None:
        err("name the actor file to write with -o actor.json")
        return 2
    src, out = Path(args.file), Path(args.output)
    if refuse_output(src, out, args.force, True, "JSON file", ".json"):
        return 2
    if out.is_file() and not args.force:
        err(f"{out} already exists; choose another name or add --force to replace it")
        return 2
    checked = load_checked(src, args.rules)
    if checked is None:
        return 2
    loaded, result = checked
    if loaded.kind.kind != "starfrontiers-character":
        err(f"{src}: --foundry writes Star Frontiers characters only; this file is a {loaded.kind.title}")
        return 2
    try:
        actor, report = foundry_actor(loaded.data, result)
    except ExportError as e:
        err(f"{src}: {e}")
        return 2
    if not write(out, (json.dumps(actor, indent=2, ensure_ascii=False) + "\n").encode("utf-8")):
        return 2
    print(f"wrote {out} (a Foundry VTT actor: import it with the actor's Import Data)")
    print(report.text(), end="")
    return 0
