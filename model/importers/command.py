"""`starwright import FILE -o OUT.starwright [--json] [--force]`: import, save, print the report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..evaluate import evaluate
from ..kinds import KINDS
from ..output_path import link_mode, link_refused
from ..storage import SaveError, atomic_write, dumps
from . import ImportRefused, import_file


def add_parser(sub) -> None:
    p = sub.add_parser("import", help="import a crew from Labernator or BattleScribe / New Recruit, or a Star "
                                      "Frontiers character from a Foundry VTT actor",
                       description="Import a crew or a character, write it as a Starwright file and print what came "
                                   "across (as is, renamed, worked out, defaulted, left out, numbers that differ). "
                                   "Exit 0: imported (the document's own rule issues are printed too); 2: the file "
                                   "was refused or OUT could not be written. The format is found from the content.")
    p.add_argument("file", metavar="FILE", help="a Labernator .sg/.json, a BattleScribe .ros/.rosz, a New Recruit "
                                                ".json or a Foundry VTT Star Frontiers actor .json")
    p.add_argument("-o", "--output", required=True, metavar="OUT.starwright")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists (a symbolic link there is replaced itself, never written through)")


def _err(msg: str) -> None:
    print(f"starwright: {msg}", file=sys.stderr)


def run(args) -> int:
    src, out = Path(args.file), Path(args.output)
    try:
        same = out.exists() and src.exists() and out.resolve() == src.resolve()
    except OSError:
        same = False
    if same:
        _err(f"{out} is the file being imported; import never writes over its source. Choose another name.")
        return 2
    refused = link_refused(out, args.force)   # a link, dangling or not, is never written through
    if refused:
        _err(refused)
        return 2
    if out.is_dir():
        _err(f"{out} is a folder; name the file to write, e.g. {out / (src.stem + '.starwright')}")
        return 2
    if out.exists() and not args.force:
        _err(f"{out} already exists; choose another name or add --force")
        return 2
    try:
        result = import_file(src)
    except ImportRefused as e:
        if args.json:
            print(json.dumps({"file": str(src), "output": None, "imported": False, "error": e.message,
                              "where": e.where}, ensure_ascii=False))
        _err(str(e))
        return 2
    try:
        atomic_write(out, dumps(result.data).encode("utf-8"), link_mode(args.force))
    except SaveError as e:
        _err(str(e))
        return 2
    kind = KINDS[result.kind]
    checked = evaluate(result.data, kind, origin=out)
    errors = [i for i in checked.issues if i.is_error]
    if args.json:
        print(json.dumps({"file": str(src), "output": str(out), "imported": True,
                          "report": result.report.to_json(),
                          "issues": [i.to_json() for i in checked.issues]}, ensure_ascii=False))
        return 0
    print(result.report.to_text())
    print()
    if checked.issues:
        noun = "crew" if result.kind == "stargrave-crew" else "character"
        print(f"The imported {noun} has {len(errors)} rule error{'s' if len(errors) != 1 else ''} and "
              f"{len(checked.issues) - len(errors)} other issue{'s' if len(checked.issues) - len(errors) != 1 else ''}:")
        for i in checked.issues:
            print(f"  {i.severity} {i.rule} at {i.pointer or '/'}: {i.message}")
    if result.kind == "stargrave-crew":
        print(f"wrote {out} ({result.data['name']}, {len(result.data['soldiers'])} soldiers)")
    else:
        print(f"wrote {out} ({kind.title} {result.data['name']})")
    return 0
