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
A picture stored in a document is checked the same way before it is printed or shown (`stored_picture`).
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


class PortraitError(ValueError):
    """A picture that cannot be used: the message says what and where, for the player."""


def _kind(raw: bytes) -> str | None:
    return next((kind for sig, kind in SIGNATURES.items() if raw.startswith(sig)), None)


def _open(raw: bytes, name: str, kind: str):
    """The picture opened from its header only (no pixel decoded yet), its size checked."""
    from PIL import Image, UnidentifiedImageError
    try:
        img = Image.open(io.BytesIO(raw), formats=[kind])
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as e:
        raise PortraitError(f"{name} is not a readable {kind} picture ({e}); choose another file") from None
    w, h = img.size
    if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE:
        raise PortraitError(f"{name} is {w} x {h} pixels; a picture may be at most {MAX_SIDE} pixels a side. "
                            "Make it smaller first.")
    if w * h > MAX_PIXELS:
        raise PortraitError(f"{name} is {w} x {h} pixels ({w * h / 1e6:.0f} million); a picture may have at most "
                            f"{MAX_PIXELS // 1_000_000} million pixels. Make it smaller first.")
    return img


def _decode(img, name: str):
    """The pixels, upright, in RGB or RGBA."""
    from PIL import Image, ImageOps
    if img.format == "JPEG":
        img.draft("RGB", (STORED_SIDE * 2, STORED_SIDE * 2))   # decode at 1/2, 1/4 or 1/8 scale when large
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img.load()
            img = ImageOps.exif_transpose(img)
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombWarning, Image.DecompressionBombError) as e:
        raise PortraitError(f"{name} is damaged or cut short and cannot be read ({e}); choose another file") from None
    alpha = img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)
    img = img.convert("RGBA" if alpha else "RGB")
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
        raise PortraitError(f"{name} is not a PNG or JPEG picture; choose a .png or .jpg file")
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
        raw = read_bounded(path, MAX_FILE_BYTES)
    except DocumentError as e:
        raise PortraitError(f"{name}: {e.message}") from None
    return picture_from_bytes(raw, name)


def stored_picture(part) -> tuple[bytes, int, int] | None:
    """(encoded bytes, width, height) of a document's stored portrait, or None when there is none or it is not
    what it says (a hand-edited file): its header must match its media type and its declared size."""
    if not isinstance(part, dict) or not isinstance(part.get("data"), str):
        return None
    try:
        raw = base64.b64decode(part["data"], validate=True)
    except (binascii.Error, ValueError):
        return None
    kind = _kind(raw)
    if kind is None or MEDIA_TYPES[kind] != part.get("media_type"):
        return None
    try:
        img = _open(raw, "the stored picture", kind)
    except PortraitError:
        return None
    if img.size != (part.get("width"), part.get("height")) or max(img.size) > STORED_SIDE:
        return None
    return raw, img.width, img.height


def problem(part) -> str | None:
    """Why a stored portrait cannot be shown, in words; None when it can (or there is none). Remembered for the
    last few pictures (every edit checks the document again; a picture's text keeps its hash)."""
    if part is None:
        return None
    if not isinstance(part, dict):
        return DAMAGED
    key = tuple(part.get(k) if isinstance(part.get(k), (str, int)) else None
                for k in ("media_type", "width", "height", "data"))
    return _problem_of(*key)


DAMAGED = "the picture stored in this document is damaged or not what it says; choose it again"


@lru_cache(maxsize=8)
def _problem_of(media_type, width, height, data) -> str | None:
    part = {"media_type": media_type, "width": width, "height": height, "data": data}
    return DAMAGED if stored_picture(part) is None else None


def png_bytes(part) -> bytes | None:
    """A stored portrait as PNG bytes (the builder shows PNG only: it bundles no JPEG reader of its own)."""
    found = stored_picture(part)
    if found is None:
        return None
    from PIL import Image
    try:
        img = _decode(Image.open(io.BytesIO(found[0])), "the stored picture")
    except (PortraitError, OSError):
        return None
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def set_edit(part: dict):
    """The edit that gives a document this picture (one undo step)."""
    from .edits import Set
    return Set("/portrait", part)


def remove_edit():
    """The edit that takes the picture away (undo brings it back)."""
    from .edits import Remove
    return Remove("/portrait")
