"""The fuzzer of the parts added to every document kind since the first hardening: the game in progress (`play`,
schemas/play.<kind>.v1.json, with a Starchasers ship's repairs), the `portrait` and the `optional_rules`
(schemas/document-parts.v1.json). Used by tests/model/test_fuzz_parts.py (a small fixed sample in the normal
suite) and tests/benchmarks/bench_fuzz_parts.py (the long run by hand, >= 10,000 documents).

`document(seed, index)` builds one document from the shipped examples of every kind, reproducibly from the two
numbers: a game in progress aimed at the document's own tracks (every figure, weapon, supply and power, with
counts at 0, 1, the limit, one past it and the schema's bound) plus counts the schema allows anywhere, a
picture (valid or damaged: cut PNG/JPEG, wrong headers, 16-bit, palette, CMYK, huge sizes in the header, a
bad zlib stream, mislabelled, ...), optional-rule choices (known, unknown, many), and now and then a changed
value elsewhere (so the limits the tracks read change under the counts) or an odd name.

`run(raw, folder)` takes it the whole way, each stage under a time bound: load, check (and check --json),
save and reload, the sheet, the cards, blank cards, tracker cards, text, Markdown, the Foundry actor (Star
Frontiers), the Play view's operations (every track stepped up and down, by one and by the big step, every
power used, a new game) and, for a Stargrave crew, the end-game record from the tracker. A stage's outcome is
"ok", "refused" (a sentence, where refusing is right: a file that does not load, a kind without Foundry
export, tracker cards of a document with nothing to track), "crash" (an exception), "hang" (past the bound) or
"wrong" (an output that fails its check: a PDF that pdftotext cannot read or that lacks the document's
name, a text without the name, Foundry JSON that does not read back, a save that reloads to other data, a
Play operation that does not move its count as it says, or an export refused for a document check accepts).
"""

from __future__ import annotations

import base64
import copy
import html
import io
import json
import random
import re
import struct
import subprocess
import traceback
import zlib
from functools import cache
from pathlib import Path

from model import pointer as jp
from model import storage
from model.evaluate import evaluate
from model.paths import examples_dir
from tests.model.pipeline import Hang, time_limit

STAGE_LIMIT_S = 20      # per stage and document: a generous bound (each takes well under a second)
STAGES = ("load", "check", "save", "sheet", "cards", "blank", "tracker", "text", "markdown", "foundry", "play",
          "record")
PARTS = ("/play", "/portrait", "/optional_rules")

# ---- the bases --------------------------------------------------------------------------------------------


@cache
def bases() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(examples_dir().glob("*.starwright"))]


@cache
def _groups_of(index: int):
    """The Play view's groups of base `index` (the tracks the generated counts aim at)."""
    data = bases()[index]
    loaded = storage.from_data(copy.deepcopy(data), "base")
    return evaluate(loaded.data, loaded.kind).play


# ---- pictures ---------------------------------------------------------------------------------------------

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _ihdr(w: int, h: int, depth: int = 8, colour: int = 2) -> bytes:
    return _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0))


PNG_SIG = b"\x89PNG\r\n\x1a\n"


def _saved(img, fmt: str, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


def _sof(raw: bytes, w: int, h: int) -> bytes:
    """A JPEG whose frame header (SOF0/SOF2) says w x h."""
    b = bytearray(raw)
    i = 2
    while i < len(b) - 9:
        if b[i] == 0xFF and b[i + 1] in (0xC0, 0xC1, 0xC2):
            b[i + 5:i + 9] = struct.pack(">HH", h, w)
            break
        i += 2 + int.from_bytes(b[i + 2:i + 4], "big")
    return bytes(b)


@cache
def pictures() -> dict[str, tuple[str, int, int, bytes]]:
    """(media type, declared width, declared height, bytes) by variant name: valid pictures of every mode a
    file may hold, and damaged or mislabelled ones."""
    from PIL import Image
    rgb = Image.new("RGB", (48, 32))
    rgb.putdata([(x * 5, y * 7, (x * y) % 256) for y in range(32) for x in range(48)])
    rgba = rgb.convert("RGBA")
    rgba.putalpha(Image.linear_gradient("L").resize((48, 32)))
    pal = rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
    png, jpeg = _saved(rgb, "PNG"), _saved(rgb, "JPEG", quality=80)
    noisy = Image.frombytes("RGB", (512, 512), random.Random(7).randbytes(512 * 512 * 3))
    exif = Image.Exif()
    exif[0x0112] = 6          # orientation: rotate 90 degrees (width and height swap when shown upright)
    iend = _chunk(b"IEND", b"")
    out = {
        "png-rgb": ("image/png", 48, 32, png),
        "png-rgba": ("image/png", 48, 32, _saved(rgba, "PNG")),
        "png-palette": ("image/png", 48, 32, _saved(pal, "PNG", transparency=0)),
        "png-gray": ("image/png", 48, 32, _saved(rgb.convert("L"), "PNG")),
        "png-gray-alpha": ("image/png", 48, 32, _saved(rgba.convert("LA"), "PNG")),
        "png-1bit": ("image/png", 48, 32, _saved(rgb.convert("1"), "PNG")),
        "png-16bit": ("image/png", 48, 32, _saved(rgb.convert("L").convert("I;16"), "PNG")),
        "png-animated": ("image/png", 48, 32, _saved(rgb, "PNG", save_all=True,
                                                     append_images=[rgb.rotate(180)])),
        "png-512-noise": ("image/png", 512, 512, _saved(noisy, "PNG")),
        "png-1x1": ("image/png", 1, 1, _saved(Image.new("RGB", (1, 1)), "PNG")),
        "png-512x1": ("image/png", 512, 1, _saved(Image.new("RGB", (512, 1), "red"), "PNG")),
        "jpeg": ("image/jpeg", 48, 32, jpeg),
        "jpeg-progressive": ("image/jpeg", 48, 32, _saved(rgb, "JPEG", progressive=True)),
        "jpeg-gray": ("image/jpeg", 48, 32, _saved(rgb.convert("L"), "JPEG")),
        "jpeg-cmyk": ("image/jpeg", 48, 32, _saved(rgb.convert("CMYK"), "JPEG")),
        "jpeg-exif-rotated": ("image/jpeg", 48, 32, _saved(rgb, "JPEG", exif=exif)),
        # damaged
        "png-cut": ("image/png", 48, 32, png[:len(png) // 2]),
        "png-cut-header": ("image/png", 48, 32, png[:20]),
        "jpeg-cut": ("image/jpeg", 48, 32, jpeg[:len(jpeg) // 2]),
        "jpeg-cut-header": ("image/jpeg", 48, 32, jpeg[:30]),
        "png-bad-crc": ("image/png", 48, 32, png[:40] + bytes([png[40] ^ 0xFF]) + png[41:]),
        "png-bad-zlib": ("image/png", 48, 32, PNG_SIG + _ihdr(48, 32) + _chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 60)
                         + iend),
        "png-no-idat": ("image/png", 48, 32, PNG_SIG + _ihdr(48, 32) + iend),
        "png-short-idat": ("image/png", 512, 512, PNG_SIG + _ihdr(512, 512) +
                           _chunk(b"IDAT", zlib.compress(b"\x00" * 100)) + iend),
        "png-huge-header": ("image/png", 48, 32, PNG_SIG + _ihdr(65535, 65535) + png[33:]),
        "png-huge-header-declared": ("image/png", 512, 512, PNG_SIG + _ihdr(2 ** 31 - 1, 2 ** 31 - 1) + png[33:]),
        "png-zero-header": ("image/png", 48, 32, PNG_SIG + _ihdr(0, 0) + png[33:]),
        "png-bad-depth": ("image/png", 48, 32, PNG_SIG + _ihdr(48, 32, depth=7) + png[33:]),
        "jpeg-huge-header": ("image/jpeg", 48, 32, _sof(jpeg, 65500, 65500)),
        "jpeg-header-512": ("image/jpeg", 512, 512, _sof(jpeg, 512, 512)),
        "jpeg-zero-header": ("image/jpeg", 48, 32, _sof(jpeg, 0, 0)),
        "png-as-jpeg": ("image/jpeg", 48, 32, png),
        "jpeg-as-png": ("image/png", 48, 32, jpeg),
        "wrong-size": ("image/png", 32, 48, png),
        "gif": ("image/png", 48, 32, b"GIF89a" + b"\x30\x00\x20\x00" + b"\x00" * 40),
        "zeros": ("image/png", 4, 4, b"\x00\x00\x00"),
        "text": ("image/jpeg", 48, 32, b"not a picture at all, only words"),
    }
    return out


def picture_part(rng: random.Random) -> dict:
    name = rng.choice(sorted(pictures()))
    media, w, h, raw = pictures()[name]
    part = {"media_type": media, "width": w, "height": h, "data": base64.b64encode(raw).decode("ascii")}
    roll = rng.random()
    if roll < 0.04:
        part["data"] = rng.choice(["AAAA", "AAAAA", "////", "A" * 4001, part["data"][:-1], part["data"] + "=="])
    elif roll < 0.07:
        part[rng.choice(["width", "height"])] = rng.choice([1, 512, 513, 0, -1, 10 ** 6])   # some refused on load
    elif roll < 0.09:
        del part[rng.choice(sorted(part))]                                                 # refused on load
    return part


# ---- optional rules ----------------------------------------------------------------------------------------

def optional_rules_part(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.35:
        return {"encumbrance": rng.random() < 0.5}
    if roll < 0.5:
        return {}
    if roll < 0.7:
        return {rng.choice(["x", "a-b", "encumbrance-2", "0" * 64, "house-rule"]): rng.random() < 0.5,
                "encumbrance": rng.random() < 0.5}
    if roll < 0.95:
        return {f"r{i}-{rng.randrange(10 ** 6)}": rng.random() < 0.5 for i in range(rng.choice([2, 20, 64]))}
    return rng.choice([{"encumbrance": "yes"}, {"Bad Name": True}, {"x" * 65: True}, [], None,
                       {f"r{i}": True for i in range(65)}])                                  # refused on load


# ---- the game in progress ----------------------------------------------------------------------------------

COUNT_NAMES = ["Laser Pistol", "Command", "x", "~0", "a/b", "Ⅻ", "🚀", "<b>", "&", " ", "1" * 200, "T", "captain",
               "first_mate", "s1", "s99", "Gyrojet Pistol", "Frag Grenade", "LB", "T", "AR", "ICM", "MS"]


def _count(rng: random.Random, maximum: int | None) -> int:
    edges = [0, 1, 2, 3, 99999, 100000, rng.randrange(0, 60)]
    if isinstance(maximum, int):
        edges += [maximum - 1, maximum, maximum, maximum + 1, 2 * maximum, max(maximum - 2, 0)]
    return max(rng.choice(edges), 0)


def _put(play: dict, pointer: str, value) -> None:
    tokens = jp.split(pointer)[1:]                   # under /play
    node = play
    for t in tokens[:-1]:
        node = node.setdefault(t, {})
        if not isinstance(node, dict):
            return
    node[tokens[-1]] = value


def _counts(rng: random.Random, n: int) -> dict:
    return {rng.choice(COUNT_NAMES): _count(rng, None) for _ in range(n)}


def _repair(rng: random.Random) -> dict:
    r = {"what": rng.choice(["hull", "system", "structure"]), "points": rng.choice([1, 2, 5, 40, 100000]),
         "by": rng.choice(["shop", "crew"])}
    for key, values in (("place", ["space", "spaceport", "drydock"]), ("region", ["core", "rim", "x", ""]),
                        ("reputability", ["good", "shady", "poor", "x", ""]), ("hull_repair_tools", [True, False]),
                        ("roll_hits", [0, 1, 3, 100000]), ("damage_before", [0, 1, 7, 100000]),
                        ("note", ["", "patched", "<b>x</b>", "1" * 3000])):
        if rng.random() < 0.5:
            r[key] = rng.choice(values)
    return r


def _extra_play(rng: random.Random, kind: str, play: dict) -> None:
    """Counts the schema allows where the document has no such track: unknown figures, weapons, supplies."""
    if kind == "stargrave-crew":
        for _ in range(rng.randrange(1, 4)):
            fig = play.setdefault("figures", {}).setdefault(rng.choice(COUNT_NAMES), {})
            for key in ("health_lost", "loot"):
                if rng.random() < 0.5:
                    fig[key] = _count(rng, None)
            if rng.random() < 0.5:
                fig["powers"] = _counts(rng, rng.randrange(0, 4))
        game = play.setdefault("game", {})
        if rng.random() < 0.5:
            game["loot"] = _counts(rng, rng.randrange(0, 3))
        for key in ("rivals", "creatures"):
            if rng.random() < 0.3:
                game[key] = _count(rng, None)
    elif kind == "starfrontiers-character":
        for key in ("shots", "grenades"):
            play.setdefault(key, {}).update(_counts(rng, rng.randrange(0, 3)))
    elif kind == "knighthawks-ship":
        play.setdefault("spent", {}).update(_counts(rng, rng.randrange(0, 3)))
    elif kind == "starchasers-ship":
        for key in ("hull_damage", "structure_damage", "system_damage", "shields_down", "stress_taken",
                    "crits_sustained"):
            if rng.random() < 0.4:
                play[key] = _count(rng, None)
        if rng.random() < 0.6:
            n = rng.choice([0, 1, 2, 3, 5, 10]) if rng.random() < 0.97 else rng.choice([200, 2000])
            play["repairs"] = [_repair(rng) for _ in range(n)]
    else:
        for key in ("hp_lost", "motivation", "stress"):
            if rng.random() < 0.4:
                play[key] = _count(rng, None)


def play_part(rng: random.Random, base: int, kind: str) -> dict:
    play: dict = {}
    for g in _groups_of(base):
        for t in g.tracks:
            if rng.random() < 0.7:
                _put(play, t.pointer, _count(rng, t.maximum))
        for p in g.powers:
            if rng.random() < 0.5:
                _put(play, p.pointer, _count(rng, None))
    if rng.random() < 0.4 or not play:
        _extra_play(rng, kind, play)
    return play


# ---- elsewhere in the document -----------------------------------------------------------------------------

NAMES = ["", " ", "Zed", "A & B", "<b>Bold</b>", "</para>", "R&amp;D", "Ⅻ Legion", "שלום", "🚀 Rocket", "W" * 300,
         "1" * 4400, "\u202eevil", "Tab\tName", "Line\nBreak", "a" * 100001]


def _pointers(data, ptr=""):
    """Every JSON Pointer in data (relative pointers made absolute with `ptr`), the root first."""
    yield ptr
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        yield from _pointers(v, jp.child(ptr, k))


def _same_kind(rng: random.Random, old):
    """A value of the old one's type (so the document mostly stays valid and reaches the rules and the sheet)."""
    if isinstance(old, bool) or old is None:
        return rng.choice([True, False, None])
    if isinstance(old, int):
        return rng.choice([0, -1, 1, 2, 3, 6, 10, 12, 20, 99, 100, 999, 10 ** 6, old + 1, old - 1, 2 * old])
    if isinstance(old, float):
        return rng.choice([0.0, 0.5, -1.5, 1e6, old * 2])
    if isinstance(old, str):
        return rng.choice(NAMES[:12] + ["Human", "Laser Pistol", "Carbine", "Veteran", "pilot", "LB", "T"])
    return old


def mutate(rng: random.Random, data: dict, under: tuple[str, ...] | None) -> None:
    """One change at a random pointer (within `under`, or outside the parts when None)."""
    def inside(p: str) -> bool:
        hit = any(jp.is_within(p, u) for u in PARTS)
        return hit if under else not hit
    places = [p for p in _pointers(data) if p not in ("", "/format", "/version") and inside(p)]
    if not places:
        return
    ptr = rng.choice(places)
    container, key = jp.container_and_key(data, ptr)
    old = container[key]
    roll = rng.random()
    if roll < 0.7:
        if isinstance(old, list) and old:
            del old[rng.randrange(len(old))]
        elif isinstance(old, dict) and old:
            del old[rng.choice(sorted(old))]
        else:
            container[key] = _same_kind(rng, old)
    elif roll < 0.85 and isinstance(container, dict):
        del container[key]
    elif isinstance(container, list):
        container.extend(copy.deepcopy(container[key]) for _ in range(rng.choice([1, 1, 5, 40])))
    else:
        container[key] = rng.choice([None, 0, -1, "", [], {}, 10 ** 5])


def document(seed: int, index: int) -> tuple[str, bytes]:
    """(the kind, the file's bytes) of document `index` of run `seed`."""
    rng = random.Random(f"{seed}:{index}")
    n = rng.randrange(len(bases()))
    data = copy.deepcopy(bases()[n])
    kind = data["format"].split("/", 1)[1]
    for _ in range(rng.choice([0, 0, 0, 0, 1, 1, 2])):
        mutate(rng, data, None)
    if rng.random() < 0.15:
        data["name"] = rng.choice(NAMES)
    if rng.random() < 0.85:
        data["play"] = play_part(rng, n, kind)
    if rng.random() < 0.7:
        data["portrait"] = picture_part(rng)
    if rng.random() < 0.7:
        data["optional_rules"] = optional_rules_part(rng)
    for _ in range(rng.choice([0, 0, 0, 1])):
        mutate(rng, data, PARTS)
    if rng.random() < 0.03 and isinstance(data.get("play"), dict) and data["play"]:
        # a count past the schema's bound: refused on load, with its place
        ptr = rng.choice([p for p in _pointers(data["play"]) if p])
        container, key = jp.container_and_key(data["play"], ptr)
        container[key] = rng.choice([-1, 100001, 10 ** 9])
    return kind, json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8")


# ---- the stages --------------------------------------------------------------------------------------------

class Wrong(AssertionError):
    """An output that fails its check."""


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise Wrong(why)


def plain_name(data: dict) -> str | None:
    """The document's name when it is plain enough to be read back out of a PDF or a listing: printable ASCII
    on one line, at most 40 characters (longer ones are fitted or cut, by design)."""
    name = data.get("name")
    if not isinstance(name, str):
        return None
    name = " ".join(name.split())
    if not name or len(name) > 40 or not all(" " <= c <= "~" for c in name):
        return None
    return name


def _squash(text: str) -> str:
    return "".join(text.split()).replace("\\", "").casefold()


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def _overprinted(words: list[tuple[float, float, float, float, str]]) -> tuple[str, str] | None:
    """Two words of a page printed over each other (a third of the smaller one covered): text run out of its
    place, e.g. an overfull card's lines over the next block."""
    words = sorted(words)
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if b[0] >= a[2]:
                break
            ix, iy = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
            if ix > 0 and iy > 0 and smaller > 0 and ix * iy > smaller / 3:
                return a[4], b[4]
    return None


def pdf_text(pdf: bytes, folder: Path) -> str:
    """The words of a PDF as pdftotext reads them; Wrong when it is not a whole PDF, pdftotext cannot read it or
    words are printed over each other."""
    _need(isinstance(pdf, bytes) and pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF"),
          "the export is not a whole PDF")
    path = folder / "out.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdftotext", "-bbox", "-q", str(path), "-"], capture_output=True, timeout=60)
    _need(done.returncode == 0, f"pdftotext cannot read the PDF (exit {done.returncode})")
    out = []
    for n, page in enumerate(done.stdout.decode("utf-8", "replace").split("<page ")[1:], 1):
        words = [(float(a), float(b), float(c), float(d), html.unescape(w)) for a, b, c, d, w in WORD.findall(page)]
        over = _overprinted(words)
        _need(over is None, f"text printed over other text on page {n}: {over}")
        out.append(" ".join(w[4] for w in words))
    return "\n".join(out)


def _named(text: str, data: dict, what: str) -> None:
    name = plain_name(data)
    if name is not None:
        _need(_squash(name) in _squash(text), f"the {what} does not show the name {name!r}")


# A library's wording or a Python repr where the player reads a sentence (the schema library's messages, a dict).
LIBRARY_WORDS = re.compile(r"\{'|\['|' was unexpected|does not match '|has too many properties|is not valid under|"
                           r"is a required property|is not of type|non-unique elements|Failed validating|Traceback|"
                           r" object at 0x")


def _plain(message: str, what: str) -> None:
    found = LIBRARY_WORDS.search(message)
    _need(found is None, f"{what} is not in plain words ({found and found.group(0)!r}): {message[:200]}")


class Case:
    """One document through every stage: `outcomes` (stage -> outcome) and `failures` (stage, outcome, what)."""

    def __init__(self, raw: bytes, folder: Path, kind: str = ""):
        self.raw, self.folder, self.kind = raw, folder, kind
        self.outcomes: dict[str, str] = {}
        self.failures: list[tuple[str, str, str]] = []

    def stage(self, name: str, fn) -> object:
        try:
            with time_limit(STAGE_LIMIT_S):
                value = fn()
        except Hang:
            self._fail(name, "hang", f"took more than {STAGE_LIMIT_S} s")
            return None
        except Wrong as e:
            self._fail(name, "wrong", str(e))
            return None
        except Refused:
            self.outcomes[name] = "refused"
            return None
        except Exception:   # a crash is what the fuzzer looks for
            self._fail(name, "crash", _where())
            return None
        self.outcomes[name] = "ok"
        return value

    def _fail(self, name: str, outcome: str, what: str) -> None:
        self.outcomes[name] = outcome
        self.failures.append((name, outcome, what))


class Refused(Exception):
    """A stage that rightly says no (with a sentence)."""


def _where() -> str:
    """The exception and the innermost frame in Starwright's own code: what groups crashes by cause."""
    import sys
    etype, exc, tb = sys.exc_info()
    frames = [f for f in traceback.extract_tb(tb) if "/model/" in f.filename or "/tests/" in f.filename]
    inner = next((f for f in reversed(frames) if "/model/" in f.filename), frames[-1] if frames else None)
    at = f"{inner.filename.rsplit('/model/', 1)[-1]}:{inner.lineno} in {inner.name}" if inner else "?"
    return f"{etype.__name__}: {str(exc)[:200]} [model/{at}]"


def run(raw: bytes, folder: Path, kind: str = "", only: tuple[str, ...] = STAGES) -> Case:
    """`raw` the whole way (the module's docstring), or load, check and save and the stages in `only`; the Case
    says how each stage ended."""
    case = Case(raw, folder, kind)
    src = folder / "doc.starwright"
    src.write_bytes(raw)

    def load():
        try:
            return storage.load(src)
        except storage.DocumentError as e:
            _need(bool(e.message) and e.path == str(src), f"a refusal without its message or file: {e!r}")
            _plain(e.message, "the refusal")
            raise Refused from None
    loaded = case.stage("load", load)
    if loaded is None:
        return case
    data, k = loaded.data, loaded.kind
    case.kind = k.kind

    def check():
        result = evaluate(data, k, origin=src)
        _need(result.schema_valid and result.pack is not None, "a loaded document is not schema-valid")
        for i in result.issues:
            _need(i.severity in ("error", "warning", "info") and bool(i.message), f"an issue without words: {i}")
            _plain(i.message, "an issue")
        json.dumps({"issues": [i.to_json() for i in result.issues], "derived": result.derived},
                   ensure_ascii=False, allow_nan=False)
        return result
    result = case.stage("check", check)
    if result is None:
        return case

    def save():
        storage.save(folder / "saved.starwright", data)
        again = storage.load(folder / "saved.starwright")
        _need(again.data == data, "the saved file reloads to other data")
        twice = evaluate(again.data, again.kind, origin=src)
        _need([i.to_json() for i in twice.issues] == [i.to_json() for i in result.issues],
              "the reloaded document checks differently")
    case.stage("save", save)
    for name, fn in _exports(data, result, folder, k.kind):
        if name in only:
            case.stage(name, fn)
    if "play" in only:
        case.stage("play", lambda: _play_operations(data, k, result, src))
    if k.kind == "stargrave-crew" and "record" in only:
        case.stage("record", lambda: _end_game(data, k, result, src, folder))
    return case


# ---- whose cause ------------------------------------------------------------------------------------------
# Causes other work owns (the fuzz figures name them apart): a damaged stored picture (the portrait decoded in
# full at check time), a Starchasers ship's repairs (their printing time), and a Play step or use that takes a
# count past the schema's bound (the Play view's schema-bound refusals).
PORTRAIT, REPAIRS, BOUND = "portrait", "repairs", "play-bound"


def cause(raw: bytes, stage: str, outcome: str, what: str, folder: Path) -> str:
    """Whose failure this is: BOUND for a Play operation past the play schema's bounds (a count past 100000, a
    501st entry, a power's name longer than a count's name may be); PORTRAIT when the failure is
    gone (or another one) without the document's picture, REPAIRS when it is without a ship's repairs and it is
    a hang or the repairs are many or hold huge numbers; else "own"."""
    if "made a document the schema refuses" in what or ("the document no longer loads" in what and any(
            bound in what for bound in ("must be at most 100000", "entries: must have at most",
                                        "a name of"))):
        return BOUND      # a count, a list of counts or a count's name (a power's) past the play schema's bounds
    data = json.loads(raw)
    variants = []
    if isinstance(data, dict) and "portrait" in data:
        variants.append((PORTRAIT, {k: v for k, v in data.items() if k != "portrait"}))
    play = data.get("play") if isinstance(data, dict) else None
    repairs = play.get("repairs") if isinstance(play, dict) else None
    if isinstance(repairs, list) and repairs and (outcome == "hang" or len(repairs) > 100 or any(
            isinstance(v, int) and v > 1000 for r in repairs if isinstance(r, dict) for v in r.values())):
        # the repairs' printing time and bounds (a long list, huge numbers) are owned elsewhere; any other
        # failure of a repair is ours
        variants.append((REPAIRS, {**data, "play": {k: v for k, v in play.items() if k != "repairs"}}))
    for name, variant in variants:
        again = run(json.dumps(variant).encode("utf-8"), folder, only=(stage,))
        still = [(o, w.split(":")[0]) for s, o, w in again.failures if s == stage]
        if (outcome, what.split(":")[0]) not in still:     # gone without the part (or turned into another one)
            return name
    return "own"


BLANK_DONE: set = set()


def _exports(data: dict, result, folder: Path, kind: str):
    from model.cards import CardError
    from model.kinds import KINDS
    from model.listing import listing
    from model.sheets import SheetError, SheetOptions, export_pdf
    from model.sheets.cards import cards_pdf, tracker_pdf
    options = SheetOptions(paper="a4")

    # a kept record (a campaign's games: kept whatever the file holds, so nothing is lost) that check reports wrong
    kept = KINDS[kind].is_kept
    broken = any(i.is_error and kept(i.pointer) for i in result.issues)

    def accepted(make, what):
        """What check accepts, the export accepts: a SheetError/CardError here is a wrong output, unless check
        reported an error in a kept record (then a refusal in a sentence is right)."""
        try:
            return make()
        except (SheetError, CardError) as e:
            if broken:
                _plain(str(e), f"the {what} export's refusal")
                raise Refused from None
            raise Wrong(f"the {what} export refused a document check accepts: {e}") from None

    def sheet():
        _named(pdf_text(accepted(lambda: export_pdf(data, result, options), "sheet"), folder), data, "sheet")

    def cards():
        _named(pdf_text(accepted(lambda: cards_pdf(data, result, options), "cards"), folder), data, "cards")

    def blank():
        # blank cards are made from the kind and its rules pack alone: once per kind and pack in a process
        key = (kind, result.pack.id if result.pack is not None else None)
        if key not in BLANK_DONE:
            pdf_text(accepted(lambda: cards_pdf(data, result, options, blank=True), "blank cards"), folder)
            BLANK_DONE.add(key)

    def tracker():
        if not result.play:      # nothing to track: the export says so (the Play view says the same)
            try:
                tracker_pdf(data, result, options)
            except SheetError as e:
                _need("nothing to track" in str(e), f"tracker cards refused with other words: {e}")
                raise Refused from None
            raise Wrong("tracker cards of a document with nothing to track")
        text = pdf_text(accepted(lambda: tracker_pdf(data, result, options), "tracker cards"), folder)
        _need(_squash("Play tracker") in _squash(text), "the tracker cards do not say what they are")
        for g in result.play:      # each figure or ship by its title, each of its tracks by its label
            title = plain_name({"name": g.title})
            _need(title is None or _squash(title) in _squash(text), f"the tracker cards lack {title!r}")
            for t in g.tracks:    # word by word: a long label wraps beside its "keep a tally" note
                label = plain_name({"name": t.label})
                _need(label is None or all(_squash(w) in _squash(text) for w in label.split()),
                      f"the tracker cards lack {label!r}")

    def text(markdown: bool):
        out = accepted(lambda: listing(data, result, markdown=markdown), "text")
        _need(isinstance(out, str) and out.endswith("\n"), "the listing is not text")
        _named(out, data, "Markdown listing" if markdown else "text listing")

    def foundry():
        from model.exporters.foundry_starfrontiers import ExportError, foundry_actor
        if kind != "starfrontiers-character":
            try:
                foundry_actor(data, result)
            except ExportError:
                raise Refused from None
            raise Wrong("a Foundry actor of a document that is not a Star Frontiers character")
        try:
            actor, report = foundry_actor(data, result)
        except ExportError as e:
            raise Wrong(f"the Foundry export refused a document check accepts: {e}") from None
        back = json.loads(json.dumps(actor, ensure_ascii=False, allow_nan=False))
        _need(back == actor, "the Foundry actor does not read back as the same JSON")
        _need(back.get("name") == (data.get("name") or "Unnamed character"), "the Foundry actor has another name")
        stamina = next((t for g in result.play for t in g.tracks if t.rule == "SF-PLAY-16"), None)
        if stamina is not None:    # the actor's Stamina is what the Play view shows left (never below 0), of the
            got = back["system"]["stamina"]          # STA written into the system's 1-100 (and reported so)
            sta = min(max(stamina.maximum, 1), 100)
            _need(got["value"] == max(0, sta - stamina.stored) and got["max"] == sta,
                  f"the Foundry actor's Stamina {got['value']} of {got['max']} is not the Play view's "
                  f"{stamina.shown} of {stamina.maximum}")
        report.text()
    return [("sheet", sheet), ("cards", cards), ("blank", blank), ("tracker", tracker),
            ("text", lambda: text(False)), ("markdown", lambda: text(True)), ("foundry", foundry)]


COUNT_MAX = 100000       # schemas/play.<kind>.v1.json: every count


def _apply(doc: dict, edit, what: str, bound: list[str]) -> bool:
    """Apply a Play operation's edit as the session does, and undo and redo it (one undo step each): the document
    must come back exactly. Each count it set must be one the schema takes; one past the schema's bound is noted
    in `bound` (owned elsewhere), the edit taken back and the stage goes on, so what follows is still tried."""
    from model import edits
    before = copy.deepcopy(doc)
    inverse = edits.apply(doc, edit)
    after = copy.deepcopy(doc)
    redo = edits.apply(doc, inverse)
    _need(doc == before, f"{what}: undo does not give the document back")
    edits.apply(doc, redo)
    _need(doc == after, f"{what}: redo does not give the change back")
    def written(e):   # the counts an edit sets (a Set each; a new game only removes)
        return [p for x in e.edits for p in written(x)] if isinstance(e, edits.Batch) else \
            [e.pointer] if isinstance(e, edits.Set) else []
    for ptr in written(edit):
        for at in _pointers(jp.get(doc, ptr, None), ptr):
            value = jp.get(doc, at, None)
            if isinstance(value, (dict, list)):
                continue
            _need(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
                  f"{what} set {at} to {value!r}, not a count")
            if value > COUNT_MAX:
                bound.append(f"{what} made a document the schema refuses: {value} at {at} is out of range: must be "
                             f"at most {COUNT_MAX}")
                doc.clear()
                doc.update(before)
                return False
    return True


def _valid(data: dict, what: str) -> None:
    try:
        storage.from_data(copy.deepcopy(data), "after")
    except storage.DocumentError as e:
        raise Wrong(f"{what}: the document no longer loads: {e.message} ({e.where})") from None


def _play_operations(data: dict, kind, result, src: Path) -> None:
    """The Play view's operations as its buttons make them, each applied (with its undo and redo) and the
    document checked again, as the session does."""
    from model import play
    from model.play import stargrave
    doc = copy.deepcopy(data)
    groups = result.play
    bound: list[str] = []
    for g in groups:
        for t in g.tracks:
            for delta in (1, -1, 5, -5):
                current = t._replace(stored=play.stored(doc, t.pointer))   # its limits stay; its count moved
                edit = play.step(doc, current, delta, clamp=abs(delta) > 1)
                if edit is None:
                    _need(not current.can_step(1 if delta > 0 else -1),
                          f"{t.pointer}: a step of {delta} refused where one step is allowed")
                    continue
                before = current.shown
                # the Play view asks first whether the saved file could hold it (play.refusal), as a phone's does
                if play.refusal(kind.kind, doc, edit, t.label):
                    _plain(play.refusal(kind.kind, doc, edit, t.label), "the Play view's refusal")
                    continue
                if not _apply(doc, edit, f"a step of {delta} on {t.pointer}", bound):
                    continue
                after = play.stored(doc, t.pointer)
                moved = (current.maximum - after if current.lost else after) - before
                _need(moved != 0 and abs(moved) <= abs(delta) and (moved > 0) == (delta > 0),
                      f"{t.pointer}: a step of {delta} moved the count by {moved}")
        if g.tracks:      # the session checks the document again after each step: once a figure here
            groups = evaluate(doc, kind, origin=src).play
        for p in g.powers:
            grp = next((x for x in groups if x.key == g.key), None)
            pw = next((x for x in grp.powers if x.name == p.name), None) if grp else None
            if pw is None:
                continue
            edit = stargrave.use_power(doc, grp, pw)
            _need((edit is None) == (not pw.usable), f"{p.pointer}: use_power and usable disagree")
            if edit is not None and play.refusal(kind.kind, doc, edit, p.name):
                continue      # the file could not hold one more use: refused, as the Play view does
            if edit is not None and _apply(doc, edit, f"using {p.name}", bound):
                _need(play.stored(doc, pw.pointer) == pw.uses + 1, f"{p.pointer}: the use was not counted")
                groups = evaluate(doc, kind, origin=src).play
    _valid(doc, "after the Play view's steps and powers")
    keep = getattr(play.module(kind.kind), "KEEP", ())
    edit = play.new_game(kind.kind, doc)
    if edit is not None:
        _apply(doc, edit, "a new game", bound)
        _valid(doc, "a new game")
        again = evaluate(doc, kind, origin=src)
        _need(all(k in keep for k in (doc.get("play") or {})), "a new game left counts of the game behind")
        for g in again.play:
            for t in g.tracks:
                top = jp.split(t.pointer)[1]
                _need(top in keep or t.stored == 0, f"{t.pointer} is not cleared by a new game")
    else:
        _need(all(k in keep for k in (doc.get("play") or {})), "no new game offered where a game is in progress")
    _need(not bound, bound[0] if bound else "")


def _end_game(data: dict, kind, result, src: Path, folder: Path) -> None:
    """End game (a Stargrave crew): the walk-through's record filled in from the tracker, recorded as the walk-
    through's Finish does (with the new game), checked, saved and listed."""
    from model import edits, play
    from model.listing import listing
    from model.play import stargrave
    from model.systems.stargrave import actions
    from model.systems.stargrave.campaign import games_of
    doc = copy.deepcopy(data)
    before = len(games_of(doc))
    record = stargrave.game_record(doc, result.play, f"Game {before + 1}", "2026-01-01")
    json.dumps(record, allow_nan=False)
    edit = actions.record_game(doc, before, record, False)
    clear = play.new_game(kind.kind, doc)
    edits.apply(doc, edit if clear is None else edits.Batch((edit, clear), edits.describe(edit)))
    _need(len(games_of(doc)) == before + 1, "the game was not recorded")
    after = evaluate(doc, kind, origin=src)
    _need(after.schema_valid, "the recorded game broke the document's structure")
    storage.save(folder / "recorded.starwright", doc)
    _need(storage.load(folder / "recorded.starwright").data == doc, "the recorded crew reloads to other data")
    listing(doc, after)


def record(seed: int, index: int, folder: Path) -> dict:
    """Document `index` of run `seed` the whole way, as a JSON-ready record: its kind, each stage's outcome and
    each failure with its cause (`cause`)."""
    import tempfile
    kind, raw = document(seed, index)
    case = run(raw, folder, kind)
    failures = []
    for stage, outcome, what in case.failures:
        with tempfile.TemporaryDirectory(dir=folder) as again:
            failures.append([stage, outcome, what, cause(raw, stage, outcome, what, Path(again))])
    return {"i": index, "kind": case.kind, "outcomes": case.outcomes, "failures": failures}
