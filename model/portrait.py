"""A document's picture (its `portrait` part): chosen from a PNG or JPEG file, checked before it is decoded,
scaled to at most 512 pixels a side and re-encoded, so what the document stores is small and was made by
Starwright. No Qt here: the CLI, the sheets and the tests use it as the editor does.

Reading a file is bounded at every step:
1. a file larger than MAX_FILE_BYTES is refused before it is read (model.bounded.read_bounded);
2. its first bytes must be a PNG or JPEG signature;
3. the dimensions are read from the header alone, and a picture beyond MAX_SIDE a side or MAX_PIXELS in
   all is refused before any pixel is decoded (a small file can declare a huge picture);
4. a JPEG is decoded at a reduced scale when it is large (its format allows it), then scaled to
   STORED_SIDE a side and re-encoded: JPEG for a photo, PNG when the picture has transparency;
5. the result must fit the schema's bound on the stored text (MAX_DATA); it is scaled down until it does.
Every pixel is decoded (a file whose header is whole can be cut short further on) and the picture is made upright
and 8-bit RGB(A) as it looks: its EXIF orientation applied, 16-bit grey scaled, a palette's transparency kept,
CMYK converted.

A picture stored in a document is checked the same way, decoded in full, when the document is checked
(`problem`: a warning at /portrait with the reason) and before it is printed or shown (`stored_picture`, the same
remembered result): a damaged one is left off the sheet and the cards, never handed to the PDF library.
Every refusal is a sentence of Starwright's own (PortraitError), never the image library's words.
"""

from __future__ import annotations

import base64
import binascii
import io
import warnings
from functools import lru_cache
from pathlib import Path

from .bounded import DocumentError, read_bounded

MAX_FILE_BYTES = 20 * 1024 * 1024    # a phone photo is 2-8 MB
MAX_SIDE = 10000                     # pixels a side, read from the header before decoding
MAX_PIXELS = 40_000_000              # pixels in all (a 40-megapixel photo decodes to ~120 MB)
STORED_SIDE = 512                    # schemas/document-parts.v1.json#/$defs/portrait: width, height
MAX_DATA = 1_400_000                 # ... and its base64 `data`
JPEG_QUALITY = 88
SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}
MEDIA_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}
ORIENTATION = 0x0112                 # the EXIF tag saying how a photo is turned


class PortraitError(ValueError):
    """A picture that cannot be used: the message says what and where, for the player."""


def _kind(raw: bytes) -> str | None:
    return next((kind for sig, kind in SIGNATURES.items() if raw.startswith(sig)), None)


def _open(raw: bytes, name: str, kind: str):
    """The picture opened from its header only (no pixel decoded yet), its size checked."""
    from PIL import Image, UnidentifiedImageError
    try:
        img = Image.open(io.BytesIO(raw), formats=[kind])
    except Image.DecompressionBombError:   # Pillow's own limit, far past ours: said in our words
        raise PortraitError(f"{name} has more than {MAX_PIXELS // 1_000_000} million pixels; a picture may have at "
                            "most that many. Make it smaller first.") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise PortraitError(f"{name} is not a readable {kind} picture: its first bytes say {kind} but what follows "
                            "is not a picture. Choose another file.") from None
    w, h = img.size
    if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE:
        raise PortraitError(f"{name} is {w} x {h} pixels; a picture may be at most {MAX_SIDE} pixels a side. "
                            "Make it smaller first.")
    if w * h > MAX_PIXELS:
        raise PortraitError(f"{name} is {w} x {h} pixels ({w * h / 1e6:.0f} million); a picture may have at most "
                            f"{MAX_PIXELS // 1_000_000} million pixels. Make it smaller first.")
    return img


SIXTEEN_BIT = ("I;16", "I;16B", "I;16L", "I;16N", "I")


def _eight_bit(img):
    """A 16-bit greyscale picture as 8-bit grey (65535 is white), its transparent grey value (PNG tRNS) kept as
    an alpha channel: Pillow's own conversion clips every value above 255 to white."""
    from PIL import Image, ImageChops
    wide = img.convert("I")
    grey = wide.point(lambda v: v * (1 / 257)).convert("L")
    clear = img.info.get("transparency")
    if not isinstance(clear, int):
        return grey
    above = wide.point(lambda v: v * 255 - clear * 255).convert("L")    # 255 where the value is above it, else 0
    below = wide.point(lambda v: clear * 255 - v * 255).convert("L")    # 255 where it is below
    return Image.merge("LA", (grey, ImageChops.lighter(above, below)))


def _decode(img, name: str):
    """Every pixel decoded, the picture upright (its EXIF orientation applied), in RGB or RGBA as it looks:
    16-bit grey scaled to 8 bits, a palette's and a grey value's transparency kept, CMYK converted. A picture
    that is damaged or cut short anywhere is refused here (its header alone can be whole)."""
    from PIL import Image, ImageOps
    if img.format == "JPEG":
        img.draft("RGB", (STORED_SIDE * 2, STORED_SIDE * 2))   # decode at 1/2, 1/4 or 1/8 scale when large
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img.load()
            img = ImageOps.exif_transpose(img)
            if img.mode in SIXTEEN_BIT:
                img = _eight_bit(img)
            alpha = img.mode in ("RGBA", "LA", "PA", "La", "RGBa") or (img.mode == "P" and "transparency" in img.info)
            img = img.convert("RGBA" if alpha else "RGB")
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise PortraitError(f"{name} is damaged or cut short and cannot be read. Choose another file.") from None
    if alpha and img.getchannel("A").getextrema()[0] == 255:   # an alpha channel with nothing transparent
        img = img.convert("RGB")
    return img


def _encode(img) -> tuple[str, bytes]:
    buf = io.BytesIO()
    if img.mode == "RGBA":
        img.save(buf, "PNG", optimize=True)
        return "image/png", buf.getvalue()
    img.save(buf, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return "image/jpeg", buf.getvalue()


def picture_from_bytes(raw: bytes, name: str = "the picture") -> dict:
    """The `portrait` part for a PNG or JPEG file's bytes; PortraitError says why not."""
    from PIL import Image
    kind = _kind(raw)
    if kind is None:
        raise PortraitError(f"{name} is not a PNG or JPEG picture; choose a .png or .jpg file.")
    img = _decode(_open(raw, name, kind), name)
    side = STORED_SIDE
    while True:
        small = img.copy()
        small.thumbnail((side, side), Image.Resampling.LANCZOS)
        media_type, data = _encode(small)
        text = base64.b64encode(data).decode("ascii")
        if len(text) <= MAX_DATA:
            return {"media_type": media_type, "width": small.width, "height": small.height, "data": text}
        side = side * 3 // 4   # a noisy picture with transparency can exceed the bound at 512 px


def picture_from_file(path: str | Path) -> dict:
    """The `portrait` part for a picture file; PortraitError (naming the file) when it cannot be used."""
    name = Path(path).name
    try:
        raw = read_bounded(path, MAX_FILE_BYTES, what="a picture")
    except DocumentError as e:
        raise PortraitError(f"{name}: {e.message}") from None
    return picture_from_bytes(raw, name)


def stored_picture(part) -> tuple[bytes, int, int] | None:
    """(bytes to draw, width, height) of a document's stored portrait, or None when there is none or it cannot be
    shown (`problem` says why). The picture is decoded in full when it is checked, so what a sheet or card is handed
    always draws: a stored picture that is what Starwright writes (an RGB JPEG or 8-bit PNG, upright) is handed on
    as it is; any other (16-bit, palette, CMYK, EXIF-rotated: a hand-made file) as the PNG of how it looks."""
    found = _checked_part(part)
    return found if isinstance(found, tuple) else None


def problem(part) -> str | None:
    """Why a stored portrait cannot be shown, as a sentence; None when it can (or there is none). Remembered for the
    last few pictures (every edit checks the document again; a picture's text keeps its hash)."""
    if part is None:
        return None
    found = _checked_part(part)
    return found if isinstance(found, str) else None


STORED = "The picture stored in this document"
AGAIN = "; choose the picture again."


def _checked_part(part):
    if not isinstance(part, dict):
        return f"{STORED} is not a picture{AGAIN}"
    key = tuple(part.get(k) if isinstance(part.get(k), (str, int)) and not isinstance(part.get(k), bool) else None
                for k in ("media_type", "width", "height", "data"))
    return _check_stored(*key)


@lru_cache(maxsize=8)
def _check_stored(media_type, width, height, data) -> tuple[bytes, int, int] | str:
    """The drawable picture (bytes, width, height), or the sentence saying why there is none."""
    if not isinstance(data, str) or not data:
        return f"{STORED} has no picture data{AGAIN}"
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return f"{STORED} is damaged: its data is not the text form (base64) of a picture{AGAIN}"
    kind = _kind(raw)
    if kind is None:
        return f"{STORED} is not a PNG or JPEG picture{AGAIN}"
    if MEDIA_TYPES[kind] != media_type:
        return f"{STORED} is a {kind} picture but is marked as {media_type or 'nothing'}{AGAIN}"
    try:
        img = _open(raw, "it", kind)
    except PortraitError:
        return f"{STORED} is damaged: its first bytes say {kind} but what follows is not a picture{AGAIN}"
    if max(img.size) > STORED_SIDE:
        return (f"{STORED} is {img.width} x {img.height} pixels; a stored picture is at most {STORED_SIDE} pixels "
                f"a side{AGAIN}")
    mode, clear = img.mode, "transparency" in img.info
    try:
        upright = _decode(img, "it")
    except PortraitError:
        return f"{STORED} is damaged or cut short, so it cannot be shown{AGAIN}"
    turned = img.getexif().get(ORIENTATION, 1) not in (None, 1)   # (read once the picture is loaded)
    plain = not turned and not clear and (mode == "RGB" if kind == "JPEG" else mode in ("RGB", "RGBA"))
    if (width, height) not in (img.size, upright.size):
        marked = f"marked as {width} x {height}" if width is not None and height is not None else "not marked so"
        return f"{STORED} is {img.width} x {img.height} pixels but is {marked}{AGAIN}"
    if plain:   # as Starwright writes it: drawn from its own bytes (a JPEG goes into the PDF as it is)
        return raw, upright.width, upright.height
    buf = io.BytesIO()
    upright.save(buf, "PNG")
    return buf.getvalue(), upright.width, upright.height


def png_bytes(part) -> bytes | None:
    """A stored portrait as PNG bytes (the builder shows PNG only: it bundles no JPEG reader of its own)."""
    found = stored_picture(part)
    if found is None:
        return None
    if found[0].startswith(b"\x89PNG"):
        return found[0]
    from PIL import Image
    buf = io.BytesIO()
    with Image.open(io.BytesIO(found[0])) as img:   # a JPEG already decoded in full by the check
        img.convert("RGB").save(buf, "PNG")
    return buf.getvalue()


def set_edit(part: dict):
    """The edit that gives a document this picture (one undo step)."""
    from .edits import Set
    return Set("/portrait", part)


def remove_edit():
    """The edit that takes the picture away (undo brings it back)."""
    from .edits import Remove
    return Remove("/portrait")
