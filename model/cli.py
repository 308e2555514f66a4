"""The headless command line. Imports no Qt: `new`, `check` and `export` run with no display.

`starwright` with no command (or with a FILE) opens the builder; the launcher in gui/ passes the
function that does so, so this module never imports the GUI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from pathlib import Path
from collections.abc import Callable, Sequence

from . import __version__
from .issues import Issue
from .kinds import KINDS, PLANNED
from .rules_pack import PackError, load_pack_file
from .output_path import link_mode, link_refused
from .storage import DocumentError, SaveError, atomic_write, dumps, load, write_target

COMMANDS = ("new", "check", "export", "import", "share")

EPILOG = """\
commands:
  new KIND -o FILE        write a new, valid starter document (KIND: {kinds})
  check FILE... [--json]  check documents against the rules; exit 0 = no errors (warnings allowed),
                          1 = rule errors, 2 = a file could not be read or is not a valid document
  export FILE -o OUT.pdf  write the filled sheet as PDF (never overwrites FILE)
  export FILE -o OUT.pdf --sections A,B | --omit A,B
                          print only / leave out optional sections of the sheet (per kind, e.g.
                          portrait, notes, campaign, power-cards, equipment, reference)
  export FILE -o OUT.pdf --cards | --blank | --tracker
                          cards to cut out (63 x 88 mm, nine to a page): one per figure and power,
                          or per ship or character; --blank: the same cards empty, for pencil;
                          --tracker: a play tracker card per figure or ship (tick boxes per track)
  export FILE --text [--markdown] [-o OUT.txt]
                          a compact listing for a forum or chat (stdout unless -o)
  export CHAR --foundry -o actor.json [--force]
                          a Star Frontiers character as a Foundry VTT actor (star-frontiers system)
  import FILE -o OUT.starwright [--json] [--force]
                          import a crew from Labernator (.sg) or BattleScribe / New Recruit
                          (.ros, .rosz, .json) and print what came across
  share FILE [--bind ADDRESS] [--port N] [--control] [--save]
                          share the Play tracks with phones on the local network (no window);
                          prints the address to open; nothing is written without --save

With no command, or with a FILE, the builder window opens.
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="starwright",
        description="Starwright: build Stargrave crews and other sci-fi game documents, checked against the rules.",
        epilog=EPILOG.format(kinds=", ".join(KINDS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"starwright {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    pn = sub.add_parser("new", help="write a new starter document")
    pn.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(KINDS)}")
    pn.add_argument("-o", "--output", required=True, metavar="FILE")
    pn.add_argument("--force", action="store_true", help="replace FILE if it exists (a symbolic link there is replaced itself, never written through)")

    pc = sub.add_parser("check", help="check documents against the rules")
    pc.add_argument("files", nargs="+", metavar="FILE")
    pc.add_argument("--json", action="store_true", help="print one JSON object per file")
    pc.add_argument("--rules", action="append", default=[], metavar="PACK.json",
                    help="use this rules pack (a house-rule pack) when a document names it, or instead of the built-in one")

    pe = sub.add_parser("export", help="write the filled sheet, cards or a text listing")
    pe.add_argument("file", metavar="FILE")
    pe.add_argument("-o", "--output", default=None, metavar="OUT.pdf",
                    help="the file to write (required for PDFs; --text prints to stdout without it)")
    pe.add_argument("--paper", choices=["a4", "letter"], default=None, help="paper size (default: from your locale)")
    what = pe.add_mutually_exclusive_group()
    what.add_argument("--cards", action="store_true",
                      help="write cards to cut out instead of the sheet: one 63x88 mm card per figure (stats, gear, "
                           "powers, Health boxes) and per power, or per ship or character, nine to a page with crop marks")
    what.add_argument("--blank", action="store_true", help="write a page of the same cards left empty, to fill in by hand")
    what.add_argument("--tracker", action="store_true",
                      help="write play tracker cards: one 63x88 mm card per figure or ship with tick boxes for each "
                           "track and supply (Health, hull, shots, torpedoes...), for playing on paper")
    what.add_argument("--text", action="store_true", help="write a compact text listing (with rule issues) instead of a PDF")
    what.add_argument("--foundry", action="store_true",
                      help="Star Frontiers characters: write a Foundry VTT actor (JSON) for the star-frontiers system "
                           "and print what had no place in it")
    pe.add_argument("--markdown", action="store_true", help="with --text: Markdown for a forum or chat")
    pe.add_argument("--no-cards", action="store_true",
                    help="full sheet only: leave out its reference pages (the power cards at its end); "
                         "not the same as --cards")
    pe.add_argument("--sections", default=None, metavar="A,B",
                    help="full sheet only: print only these of its optional sections (e.g. portrait,notes); "
                         "an unknown name lists the kind's sections")
    pe.add_argument("--omit", default=None, metavar="A,B",
                    help="full sheet only: leave these optional sections out (e.g. campaign,power-cards)")
    pe.add_argument("--list-issues", action="store_true", help="print the rule errors in the sheet's footer")
    pe.add_argument("--rules", action="append", default=[], metavar="PACK.json", help="house-rule pack")
    pe.add_argument("--force", action="store_true", help="replace OUT if it exists (a symbolic link there is replaced itself, never written through)")

    from .importers.command import add_parser as add_import_parser
    add_import_parser(sub)
    from .share.command import add_parser as add_share_parser
    add_share_parser(sub)
    return p


def _err(msg: str) -> None:
    print(f"starwright: {msg}", file=sys.stderr)


def _load_packs(paths: list[str]):
    return [load_pack_file(p) for p in paths]


def cmd_new(args) -> int:
    kind = KINDS.get(args.kind)
    if kind is None:
        if args.kind in PLANNED:
            _err(f"{PLANNED[args.kind]} documents are not supported by this version yet")
        else:
            _err(f"unknown kind {args.kind!r}; choose one of: {', '.join(KINDS)}")
        return 2
    out = Path(args.output)
    refused = link_refused(out, args.force)   # a link, dangling or not, is never written through
    if refused:
        _err(refused)
        return 2
    if out.exists() and not args.force:
        _err(f"{out} already exists; choose another name or add --force")
        return 2
    from .rules_pack import builtin_pack
    data = kind.system.new(builtin_pack(kind.pack))
    try:
        atomic_write(out, dumps(data).encode("utf-8"), link_mode(args.force))
    except SaveError as e:
        _err(str(e))
        return 2
    print(f"wrote {out} (a new {kind.title})")
    return 0


def _issue_line(path: str, issue: Issue) -> str:
    where = issue.pointer or "/"
    return f"{path}: {issue.severity} {issue.rule} at {where}: {issue.message}"


def cmd_check(args) -> int:
    from .evaluate import evaluate
    try:
        packs = _load_packs(args.rules)
    except PackError as e:
        _err(str(e))
        return 2
    worst = 0
    for name in args.files:
        try:
            loaded = load(name)
        except DocumentError as e:
            worst = 2
            if args.json:
                print(json.dumps({"file": name, "format": None, "valid": False,
                                  "issues": [{"pointer": e.where if e.where.startswith("/") else "",
                                              "rule": "FILE", "severity": "error", "message": e.message,
                                              "where": e.where}],
                                  "derived": {}}, ensure_ascii=False))
            else:
                _err(str(e))
            continue
        except PackError as e:
            worst = 2
            _err(str(e))
            continue
        result = evaluate(loaded.data, loaded.kind, packs, origin=name)
        if not result.schema_valid:
            worst = 2
        elif result.has_errors:
            worst = max(worst, 1)
        if args.json:
            print(json.dumps({"file": name, "format": loaded.kind.format, "valid": not result.has_errors,
                              "issues": [i.to_json() for i in result.issues], "derived": result.derived},
                             ensure_ascii=False))
        else:
            errors = sum(1 for i in result.issues if i.is_error)
            for issue in result.issues:
                print(_issue_line(name, issue))
            status = "OK" if not errors else f"{errors} error{'s' if errors != 1 else ''}"
            extra = f" (rules: {result.pack.describe()})" if result.house_rules and result.pack is not None else ""
            print(f"{name}: {loaded.kind.title} {status}{extra}")
    return worst


def _same_file(a: Path, b: Path) -> bool:
    """True when a and b name one file (same path, a symlink to it, or a hard link)."""
    try:
        if os.path.realpath(a) == os.path.realpath(b):
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _is_pdf(path: Path) -> bool:
    from .bounded import read_head
    try:
        return read_head(path, 5) == b"%PDF-"  # never opens a FIFO or a device
    except DocumentError:
        return False


def _refuse_output(src: Path, out: Path, force: bool, replaceable: bool, what: str, suffix: str) -> bool:
    """Say why OUT must not be written (the document itself, a folder, another kind of file) and
    return True; False when it may be. `replaceable`: an existing OUT is an earlier export. A symbolic link at OUT
    is refused without --force and replaced itself with it (model/output_path.py)."""
    refused = link_refused(out, force)
    if refused:
        _err(refused)
        return True
    try:
        write_target(out, link_mode(force))  # a device, FIFO or socket is never replaced, not even with --force
    except SaveError as e:
        _err(str(e))
        return True
    if _same_file(src, out):
        _err(f"{out} is the document itself; export never overwrites the document. Choose another name.")
    elif out.is_dir():
        _err(f"{out} is a folder; name the file to write, e.g. {out / (src.stem + suffix)}")
    elif out.exists() and not force and not replaceable:
        _err(f"{out} exists and is not a {what}; refusing to overwrite it (choose another name, or add --force)")
    else:
        return False
    return True


def _write(out: Path, payload: bytes, force: bool = False) -> bool:
    """Write an export atomically; False (said why) when it could not be written. A symbolic link at OUT (one
    made since _refuse_output looked) is refused, or with --force replaced itself: never written through."""
    try:
        atomic_write(out, payload, link_mode(force))
    except SaveError as e:
        _err(str(e))
        return False
    return True


def _load_checked(src: Path, rules: list[str]):
    """(loaded, result) for a document checked with the given house packs; None (said why) when unreadable."""
    from .evaluate import evaluate
    try:
        packs = _load_packs(rules)
        loaded = load(src)
    except (DocumentError, PackError) as e:
        _err(str(e))
        return None
    return loaded, evaluate(loaded.data, loaded.kind, packs, origin=src)


def _kind_of(path) -> str | None:
    """The kind a document says it is (from its first bytes), or None when that cannot be read."""
    from .bounded import DocumentError, peek_keys
    from .kinds import by_format
    try:
        kind = by_format(peek_keys(path, {"format"}).get("format"))
    except (DocumentError, OSError):
        return None
    return kind.kind if kind else None


def cmd_export(args) -> int:
    """Write the filled sheet. Never overwrites FILE (not even with --force); an existing OUT is
    replaced only when it is an earlier PDF (or with --force), atomically, so a failed export leaves
    it as it was. --cards and --blank write cards instead; --text (--markdown) a listing."""
    if getattr(args, "markdown", False):
        if args.cards or args.blank or args.tracker or args.foundry:
            _err("--markdown is a form of --text; it cannot be used with --cards, --blank, --tracker or --foundry")
            return 2
        args.text = True
    if args.no_cards and (args.cards or args.blank or args.tracker or args.text or args.foundry):
        _err("--no-cards shortens the full sheet; it cannot be used with --cards, --blank, --tracker, --text or "
             "--foundry")
        return 2
    shortens = [flag for flag, on in (("--sections", args.sections is not None), ("--omit", args.omit is not None))
                if on]
    if shortens and (args.cards or args.blank or args.tracker or args.text or args.foundry):
        verb = "choose" if len(shortens) > 1 else "chooses"
        _err(f"{' and '.join(shortens)} {verb} parts of the full sheet; not for --cards, --blank, --tracker, --text "
             "or --foundry")
        return 2
    sheet_only = [flag for flag, on in (("--paper", args.paper is not None), ("--list-issues", args.list_issues))
                  if on]
    if args.foundry and sheet_only:
        _err(f"{' and '.join(sheet_only)} {'are' if len(sheet_only) > 1 else 'is'} for PDF exports; a Foundry VTT "
             "actor is JSON and has neither paper nor a footer")
        return 2
    if args.no_cards and args.sections is not None:
        from .sheets.sections import sections_of
        kind = _kind_of(args.file)
        asked = {n.strip().lower() for n in args.sections.split(",")}
        wanted = sorted(asked & {s["name"] for s in sections_of(kind) if s.get("reference")}) if kind else []
        if wanted:
            _err(f"--no-cards leaves out the reference pages, which --sections asks for ({', '.join(wanted)}); "
                 "drop one of the two")
            return 2
    if args.text:
        return _export_text(args)
    if args.foundry:
        from .exporters.command import export_foundry
        return export_foundry(args, _refuse_output, _load_checked, partial(_write, force=args.force), _err)
    if args.output is None:
        _err("name the PDF to write with -o OUT.pdf (only --text prints to the terminal)")
        return 2
    try:
        from .sheets import SheetError, SheetOptions, export_pdf
    except ImportError:
        _err("PDF export is not available in this build yet")
        return 2
    src, out = Path(args.file), Path(args.output)
    if _refuse_output(src, out, args.force, _is_pdf(out), "PDF", ".pdf"):
        return 2
    checked = _load_checked(src, args.rules)
    if checked is None:
        return 2
    loaded, result = checked
    try:
        options = SheetOptions.from_cli(args)
        if not (args.cards or args.blank or args.tracker):
            from .sheets.sections import omitted
            options.omit = omitted(loaded.kind.kind, loaded.kind.title, args.sections, args.omit, options.cards)
        if args.tracker:
            from .sheets.cards import tracker_pdf
            pdf = tracker_pdf(loaded.data, result, options)
        elif args.cards or args.blank:
            from .sheets.cards import cards_pdf
            pdf = cards_pdf(loaded.data, result, options, blank=args.blank)
        else:
            pdf = export_pdf(loaded.data, result, options)
    except (SheetError, ValueError) as e:
        _err(f"{src}: {e}")
        return 2
    if not _write(out, pdf, args.force):
        return 2
    errors = sum(1 for i in result.issues if i.is_error)
    note = f"; the {loaded.kind.title} still has {errors} rule error{'s' if errors != 1 else ''}" if errors else ""
    what = " blank cards" if args.blank else " cards" if args.cards else " tracker cards" if args.tracker else ""
    print(f"wrote {out}{what} ({options.paper.upper() if options.paper == 'a4' else 'US Letter'}){note}")
    return 0


TEXT_SUFFIXES = (".txt", ".md", ".markdown", ".text")


def _export_text(args) -> int:
    """The listing to stdout, or to -o OUT (replaced only when it is a text file by its name, or with
    --force; never the document itself)."""
    from .cards import CardError
    from .listing import listing
    src = Path(args.file)
    out = Path(args.output) if args.output else None
    if out is not None and _refuse_output(src, out, args.force, out.suffix.lower() in TEXT_SUFFIXES,
                                          ".txt or .md file", ".txt"):
        return 2
    checked = _load_checked(src, args.rules)
    if checked is None:
        return 2
    loaded, result = checked
    try:
        text = listing(loaded.data, result, markdown=args.markdown)
    except CardError as e:
        _err(f"{src}: {e}")
        return 2
    if out is None:
        sys.stdout.write(text)
        return 0
    if not _write(out, text.encode("utf-8"), args.force):
        return 2
    print(f"wrote {out}")
    return 0


def main(argv: Sequence[str] | None = None, open_gui: Callable[[list[str]], int] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        if open_gui is None:
            _err("the builder window is not available here; try 'starwright --help'")
            return 2
        return open_gui(argv)
    args = _parser().parse_args(argv)
    if args.command is None:
        _parser().print_help()
        return 0
    try:
        if args.command == "import":
            from .importers.command import run as cmd_import
            return cmd_import(args)
        if args.command == "share":
            from .share.command import run as cmd_share
            return cmd_share(args)
        return {"new": cmd_new, "check": cmd_check, "export": cmd_export}[args.command](args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
