"""`starwright share FILE [--bind ADDRESS] [--port N] [--save]`: share a document with phones, no window."""

from __future__ import annotations

import asyncio
import signal
import sys

HELP = ("Share a document's Play tracks with the phones at the table over the local network, without a window: "
        "prints the address (with this session's token) to open or to turn into a QR code, one line per address, "
        "and runs until Ctrl+C or SIGTERM; when the computer's local network address changes, the new address is "
        "printed the same way. Phones only view the game unless --control is given. Nothing is written unless "
        "--save is given: then the changes made from the phones are saved to FILE on stop.")


def add_parser(sub) -> None:
    p = sub.add_parser("share", help="share a document's Play tracks with phones on the local network",
                       description=HELP)
    p.add_argument("file", metavar="FILE")
    p.add_argument("--bind", action="append", default=[], metavar="ADDRESS",
                   help="listen on this address (repeatable; default: this computer's local network addresses, "
                        "never the internet's)")
    p.add_argument("--port", type=int, default=0, metavar="N", help="the port (default: any free one)")
    p.add_argument("--control", action="store_true",
                   help="every phone that joins may change every figure or ship (default: phones only view)")
    p.add_argument("--save", action="store_true",
                   help="on stop, save the changes made from the phones to FILE (default: nothing is written)")
    p.add_argument("--rules", action="append", default=[], metavar="PACK.json", help="house-rule pack")


def _err(msg: str) -> None:
    print(f"starwright: {msg}", file=sys.stderr)


def run(args) -> int:
    from ..rules_pack import PackError, load_pack_file
    from ..storage import DocumentError, load
    from .addresses import local_network_addresses
    from .document import LocalDocument

    if not 0 <= args.port <= 65535:
        _err(f"--port {args.port} is not a port; give a number from 1 to 65535 (or 0 for any free one)")
        return 2
    try:
        packs = [load_pack_file(p) for p in args.rules]
        loaded = load(args.file)
    except (DocumentError, PackError) as e:
        _err(str(e))
        return 2
    from .. import play
    if not play.has_play(loaded.kind.kind):
        _err(f"a {loaded.kind.title} has no Play view, so there is nothing to share")
        return 2
    addresses = args.bind or local_network_addresses()
    if not addresses:
        _err("this computer has no local network address (is it on Wi-Fi or Ethernet?); name one with --bind")
        return 2
    document = LocalDocument(loaded.data, loaded.kind, packs, origin=args.file)
    try:
        return asyncio.run(_serve(args, document, addresses))
    except KeyboardInterrupt:        # Ctrl+C where the loop could not take the signal (Windows)
        return 0


async def _serve(args, document, addresses: list[str]) -> int:
    from .server import ShareServer
    server = ShareServer(document, addresses, args.port, everyone_controls=args.control)
    try:
        await server.start()
    except OSError as e:
        _err(f"could not listen on {', '.join(addresses)} port {args.port}: {e.strerror or e}")
        await server.stop()
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, AttributeError, ValueError):   # Windows: Ctrl+C raises KeyboardInterrupt
            pass
    print(f"Sharing {args.file} ({document.title()}); open on a phone on the same network "
          "(Ctrl+C stops):", file=sys.stderr, flush=True)
    for url in server.urls():
        print(url, flush=True)
    follow = None if args.bind else asyncio.ensure_future(_follow(server))
    try:
        await stop.wait()
    finally:
        if follow is not None:
            follow.cancel()
        await server.stop()
    return _finish(args, document)


ADDRESS_CHECK_S = 5.0   # how often the local network's addresses are read again (a system call, no traffic)


async def _follow(server) -> None:
    """The computer's local network address changed (another Wi-Fi): listen there instead, same token and
    port, and print the new address."""
    from .addresses import local_network_addresses
    while True:
        await asyncio.sleep(ADDRESS_CHECK_S)
        now = local_network_addresses()
        if now and now != server.addresses and await server.rebind(now):
            print("The address changed; open on a phone:", file=sys.stderr, flush=True)
            for url in server.urls():
                print(url, flush=True)


def _finish(args, document) -> int:
    from ..storage import SaveError, save
    n = len(document.history)
    if not n:
        print("Stopped sharing; nothing was changed.", file=sys.stderr)
        return 0
    if not args.save:
        print(f"Stopped sharing; {n} change{'s' if n != 1 else ''} made from the phones were not saved "
              "(--save keeps them).", file=sys.stderr)
        return 0
    try:
        save(args.file, document.data)
    except SaveError as e:
        _err(str(e))
        return 2
    print(f"Stopped sharing; saved {n} change{'s' if n != 1 else ''} to {args.file}.", file=sys.stderr)
    return 0
