"""A document's picture: bounded before it is read, its size checked from the header before it is decoded,
re-encoded at most 512 px a side within the schema's bound; what is stored is checked again before use."""

import base64
import io
import os

import pytest
from PIL import Image

from model import portrait
from model.portrait import PortraitError, picture_from_bytes, picture_from_file, png_bytes, stored_picture
from model.paths import schemas_dir

import json
from jsonschema import Draft202012Validator

PART = Draft202012Validator(json.loads((schemas_dir() / "document-parts.v1.json").read_text())["$defs"]["portrait"])


def validate_part(name, value):
    return [e.message for e in PART.iter_errors(value)]


def _png(size, mode="RGB", color=(10, 120, 200)) -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size, color).save(buf, "PNG")
    return buf.getvalue()


def _jpeg(size, noise=True) -> bytes:
    buf = io.BytesIO()
    (Image.effect_noise(size, 50).convert("RGB") if noise else Image.new("RGB", size, "red")).save(buf, "JPEG", quality=92)
    return buf.getvalue()


def test_a_photo_is_scaled_to_512_and_stored_as_jpeg(tmp_path):
    f = tmp_path / "photo.jpg"
    f.write_bytes(_jpeg((2400, 1600)))
    p = picture_from_file(f)
    assert p["media_type"] == "image/jpeg" and (p["width"], p["height"]) == (512, 341)
    raw = base64.b64decode(p["data"])
    assert Image.open(io.BytesIO(raw)).size == (512, 341)
    assert validate_part("portrait", p) == []


def test_transparency_keeps_png_and_an_opaque_png_becomes_jpeg():
    p = picture_from_bytes(_png((600, 300), "RGBA", (0, 0, 0, 0)), "logo.png")
    assert p["media_type"] == "image/png" and (p["width"], p["height"]) == (512, 256)
    assert Image.open(io.BytesIO(base64.b64decode(p["data"]))).mode == "RGBA"
    p = picture_from_bytes(_png((100, 80), "RGBA", (5, 5, 5, 255)), "opaque.png")
    assert p["media_type"] == "image/jpeg" and (p["width"], p["height"]) == (100, 80)   # small: not enlarged


def test_noisy_transparency_still_fits_the_schema_bound():
    alpha = Image.effect_noise((900, 900), 120).convert("L")
    img = Image.merge("RGBA", [Image.effect_noise((900, 900), 100).convert("L") for _ in range(3)] + [alpha])
    buf = io.BytesIO()
    img.save(buf, "PNG")
    p = picture_from_bytes(buf.getvalue(), "noise.png")
    assert len(p["data"]) <= portrait.MAX_DATA and max(p["width"], p["height"]) <= 512
    assert validate_part("portrait", p) == []


def test_a_huge_picture_is_refused_from_its_header_before_decoding(monkeypatch):
    raw = _png((9000, 9000), "1", 0)          # a 9000 x 9000 picture in a file of ~10 KB
    assert len(raw) < 20000
    decoded = []
    monkeypatch.setattr(portrait, "_decode", lambda img, name: decoded.append(name))
    with pytest.raises(PortraitError, match=r"picture.png is 9000 x 9000 pixels \(81 million\); .* at most 40 million"):
        picture_from_bytes(raw, "picture.png")
    assert decoded == []
    with pytest.raises(PortraitError, match=r"wide.png is 12000 x 10 pixels; .* at most 10000 pixels a side"):
        picture_from_bytes(_png((12000, 10), "1", 0), "wide.png")


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    f = tmp_path / "big.png"
    with open(f, "wb") as out:
        out.write(_png((10, 10)))
        out.truncate(portrait.MAX_FILE_BYTES + 1)
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a[0]) or real_open(*a, **k))
    with pytest.raises(PortraitError, match=r"^big.png: .*(MB|bytes)"):
        picture_from_file(f)
    assert str(f) not in [str(x) for x in opened]


@pytest.mark.parametrize("raw, name, says", [
    (b"GIF89a\x01\x00\x01\x00", "anim.gif", "anim.gif is not a PNG or JPEG picture"),
    (b"\x89PNG\r\n\x1a\n" + b"garbage" * 20, "bad.png", "bad.png is not a readable PNG picture"),
    (b"", "empty.jpg", "empty.jpg is not a PNG or JPEG picture"),
])
def test_wrong_or_broken_files_get_a_message_naming_them(raw, name, says):
    with pytest.raises(PortraitError, match=says):
        picture_from_bytes(raw, name)


def test_a_truncated_jpeg_is_refused():
    raw = _jpeg((800, 600))
    with pytest.raises(PortraitError, match="cut.jpg is damaged or cut short"):
        picture_from_bytes(raw[: len(raw) // 3], "cut.jpg")


def test_a_folder_is_refused_with_its_name(tmp_path):
    with pytest.raises(PortraitError, match=f"^{tmp_path.name}: "):
        picture_from_file(tmp_path)


def test_a_stored_picture_must_be_what_it_says():
    p = picture_from_bytes(_png((64, 48), "RGBA", (1, 2, 3, 100)), "a.png")
    assert stored_picture(p)[1:] == (64, 48) and png_bytes(p).startswith(b"\x89PNG")
    assert stored_picture({**p, "width": 65}) is None                      # declared size differs
    assert stored_picture({**p, "media_type": "image/jpeg"}) is None        # PNG bytes called JPEG
    assert stored_picture({**p, "data": "!!!"}) is None
    big = base64.b64encode(_png((2000, 10), "1", 0)).decode()
    assert stored_picture({"media_type": "image/png", "width": 2000, "height": 10, "data": big}) is None
    assert stored_picture(None) is None and portrait.problem(None) is None
    assert "damaged" in portrait.problem({**p, "width": 65})


def test_a_damaged_stored_picture_is_a_warning_of_the_check_at_its_place():
    import copy as _copy
    import json as _json
    from model.evaluate import evaluate
    from model.kinds import KINDS
    from tests.conftest import EXAMPLES
    data = _json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    kind = KINDS["starfrontiers-character"]
    assert not [i for i in evaluate(data, kind).issues if i.pointer == "/portrait"]
    good = _copy.deepcopy(data)
    good["portrait"] = picture_from_bytes(_png((64, 48), "RGBA"), "p.png")
    assert not [i for i in evaluate(good, kind).issues if i.pointer == "/portrait"]
    bad = _copy.deepcopy(good)
    bad["portrait"]["width"] += 1                   # not what it says
    [w] = [i for i in evaluate(bad, kind).issues if i.pointer == "/portrait"]
    assert w.severity == "warning" and "damaged or not what it says" in w.message
