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
    assert portrait.problem({**p, "width": 65}) == ("The picture stored in this document is 64 x 48 pixels but is "
                                                     "marked as 65 x 48; choose the picture again.")
    assert portrait.problem({**p, "media_type": "image/jpeg"}) == (
        "The picture stored in this document is a PNG picture but is marked as image/jpeg; choose the picture again.")
    assert "is damaged: its data is not the text form (base64)" in portrait.problem({**p, "data": "!!!"})


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
    assert w.severity == "warning" and "is 64 x 48 pixels but is marked as 65 x 48" in w.message


# ---- a damaged stored picture, pictures that are not plain 8-bit RGB, and the words said ------------------------

def _noisy_png(size=(120, 80)) -> bytes:
    buf = io.BytesIO()
    Image.effect_noise(size, 60).convert("RGB").save(buf, "PNG")
    return buf.getvalue()


def _save(img, fmt, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


def _stored(raw: bytes, media_type: str, size) -> dict:
    return {"media_type": media_type, "width": size[0], "height": size[1],
            "data": base64.b64encode(raw).decode("ascii")}


def _shown(part) -> Image.Image:
    """The picture a sheet or card is handed, decoded."""
    raw, w, h = stored_picture(part)
    img = Image.open(io.BytesIO(raw))
    img.load()
    assert img.size == (w, h)
    return img.convert("RGBA")


@pytest.mark.parametrize("media_type, raw", [("image/png", _noisy_png()), ("image/jpeg", _jpeg((120, 80)))])
def test_a_stored_picture_cut_short_after_a_whole_header_is_decoded_and_refused(media_type, raw):
    """Its header says 120 x 80 and is whole, so only decoding every pixel finds the cut: the check does that."""
    cut = _stored(raw[: len(raw) // 2], media_type, (120, 80))
    assert Image.open(io.BytesIO(base64.b64decode(cut["data"]))).size == (120, 80)   # the header alone is fine
    assert stored_picture(cut) is None and png_bytes(cut) is None
    assert portrait.problem(cut) == ("The picture stored in this document is damaged or cut short, so it cannot be "
                                     "shown; choose the picture again.")


def _with_portrait(part) -> tuple[dict, object]:
    from model.kinds import KINDS
    from tests.conftest import EXAMPLES
    data = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text(encoding="utf-8"))
    data["portrait"] = part
    return data, KINDS["starfrontiers-character"]


def _images(pdf: bytes, tmp_path) -> int:
    import subprocess
    f = tmp_path / "p.pdf"
    f.write_bytes(pdf)
    out = subprocess.run(["pdfimages", "-list", str(f)], capture_output=True, text=True, check=True).stdout
    return len([line for line in out.splitlines()[2:] if line.strip()])


def test_a_cut_stored_picture_is_a_warning_and_the_sheet_and_cards_print_without_it(tmp_path):
    from model.evaluate import evaluate
    from model.sheets import SheetOptions, export_pdf
    from model.sheets.cards import cards_pdf
    a4 = SheetOptions(paper="a4")
    whole, kind = _with_portrait(_stored(_noisy_png(), "image/png", (120, 80)))
    assert _images(export_pdf(whole, evaluate(whole, kind), a4), tmp_path) == 1
    data, kind = _with_portrait(_stored(_noisy_png()[:300], "image/png", (120, 80)))
    result = evaluate(data, kind)
    [w] = [i for i in result.issues if i.pointer == "/portrait"]
    assert w.severity == "warning" and "damaged or cut short" in w.message and not result.has_errors
    assert _images(export_pdf(data, result, a4), tmp_path) == 0          # printed as with no picture
    assert _images(cards_pdf(data, result, a4), tmp_path) == 0


def test_the_cli_checks_and_prints_a_cut_picture_without_a_traceback(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    data, _kind = _with_portrait(_stored(_noisy_png()[:300], "image/png", (120, 80)))
    f = tmp_path / "cut.starwright"
    f.write_text(json.dumps(data), encoding="utf-8")
    binary = Path(sys.executable).parent / "starwright"
    runs = [["check", str(f)], ["export", str(f), "-o", str(tmp_path / "s.pdf")],
            ["export", str(f), "--cards", "-o", str(tmp_path / "c.pdf")]]
    for args in runs:
        r = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and "Traceback" not in r.stderr, (args, r.stderr)
    r = subprocess.run([str(binary), "check", str(f)], capture_output=True, text=True, timeout=120)
    assert "warning PORTRAIT at /portrait: The picture stored in this document is damaged or cut short" in r.stdout


def test_sixteen_bit_grey_comes_out_grey_not_white():
    dark = Image.new("I;16", (40, 20), 1000)            # 1000 of 65535: near black
    mid = Image.new("I;16", (40, 20), 32896)            # half way
    for img, want in ((dark, 4), (mid, 128)):
        raw = _save(img, "PNG")
        assert Image.open(io.BytesIO(raw)).mode.startswith("I")
        p = picture_from_bytes(raw, "grey16.png")
        grey = Image.open(io.BytesIO(base64.b64decode(p["data"]))).convert("L").getpixel((0, 0))
        assert abs(grey - want) <= 3, (grey, want)
        shown = _shown(_stored(raw, "image/png", (40, 20)))      # the same picture stored as is (a hand-made file)
        assert abs(shown.getpixel((0, 0))[0] - want) <= 3 and shown.getpixel((0, 0))[3] == 255


def test_sixteen_bit_grey_with_a_transparent_value_keeps_it():
    img = Image.new("I;16", (40, 20), 1000)
    img.paste(Image.new("I;16", (20, 20), 50000), (20, 0))
    p = picture_from_bytes(_save(img, "PNG", transparency=1000), "grey16.png")
    out = Image.open(io.BytesIO(base64.b64decode(p["data"])))
    assert p["media_type"] == "image/png" and out.convert("RGBA").getpixel((0, 0))[3] == 0
    assert out.convert("RGBA").getpixel((39, 0)) == (194, 194, 194, 255)


def _palette(transparent: bool) -> bytes:
    img = Image.new("P", (40, 20))
    img.putpalette([255, 0, 0, 0, 0, 255] + [0] * 762)
    img.paste(1, (20, 0, 40, 20))
    return _save(img, "PNG", **({"transparency": 0} if transparent else {}))


def test_palette_pictures_keep_their_colours_and_transparency():
    p = picture_from_bytes(_palette(False), "pal.png")
    out = Image.open(io.BytesIO(base64.b64decode(p["data"]))).convert("RGB")
    assert out.getpixel((2, 2))[0] > 240 and out.getpixel((38, 2))[2] > 240
    p = picture_from_bytes(_palette(True), "pal.png")
    assert p["media_type"] == "image/png"
    shown = _shown(_stored(_palette(True), "image/png", (40, 20)))
    assert shown.getpixel((2, 2))[3] == 0 and shown.getpixel((38, 2)) == (0, 0, 255, 255)


def test_a_cmyk_jpeg_comes_out_in_its_colours():
    raw = _save(Image.new("CMYK", (40, 20), (0, 255, 255, 0)), "JPEG", quality=95)   # red in CMYK
    assert Image.open(io.BytesIO(raw)).mode == "CMYK"
    p = picture_from_bytes(raw, "print.jpg")
    r, g, b = Image.open(io.BytesIO(base64.b64decode(p["data"]))).convert("RGB").getpixel((5, 5))
    assert r > 230 and g < 25 and b < 25
    shown = _shown(_stored(raw, "image/jpeg", (40, 20)))
    assert shown.getpixel((5, 5))[0] > 230 and shown.getpixel((5, 5))[1] < 25
    assert stored_picture(_stored(raw, "image/jpeg", (40, 20)))[0].startswith(b"\x89PNG")   # not the CMYK bytes


def _turned_photo() -> bytes:
    """40 x 20 as stored, red left and blue right, with EXIF orientation 6: shown turned a quarter clockwise."""
    img = Image.new("RGB", (40, 20), (255, 0, 0))
    img.paste((0, 0, 255), (20, 0, 40, 20))
    exif = Image.Exif()
    exif[0x0112] = 6
    return _save(img, "JPEG", quality=95, exif=exif.tobytes())


def test_an_exif_turned_photo_comes_out_upright():
    p = picture_from_bytes(_turned_photo(), "phone.jpg")
    out = Image.open(io.BytesIO(base64.b64decode(p["data"]))).convert("RGB")
    assert (p["width"], p["height"]) == out.size == (20, 40)
    assert out.getpixel((10, 3))[0] > 200 and out.getpixel((10, 36))[2] > 200      # red on top, blue below
    for declared in ((40, 20), (20, 40)):                          # a hand-made file may give either size
        shown = _shown(_stored(_turned_photo(), "image/jpeg", declared))
        assert shown.size == (20, 40) and shown.getpixel((10, 3))[0] > 200 and shown.getpixel((10, 36))[2] > 200


def test_a_picture_starwright_wrote_is_handed_on_as_it_is():
    p = picture_from_bytes(_jpeg((300, 200)), "photo.jpg")
    assert stored_picture(p)[0] == base64.b64decode(p["data"])


def test_every_refusal_is_a_sentence_of_starwrights_own(tmp_path):
    """No library's words (Pillow's "decompression bomb DOS attack", its exception texts) nor a Python repr."""
    huge = _png((15000, 15000), "1", 0)           # past Pillow's own limit: it refuses on opening
    said = []
    for raw, name in ((huge, "huge.png"), (b"\x89PNG\r\n\x1a\n" + b"garbage" * 20, "bad.png"),
                      (_jpeg((800, 600))[:2000], "cut.jpg"), (_noisy_png()[:300], "cut.png")):
        with pytest.raises(PortraitError) as e:
            picture_from_bytes(raw, name)
        said.append(str(e.value))
    assert said[0] == "huge.png has more than 40 million pixels; a picture may have at most that many. Make it smaller first."
    f = tmp_path / "big.png"
    with open(f, "wb") as out:
        out.write(_png((10, 10)))
        out.truncate(portrait.MAX_FILE_BYTES + 1)
    with pytest.raises(PortraitError) as e:
        picture_from_file(f)
    said.append(str(e.value))
    assert said[-1] == "big.png: the file is 20.0 MB; a picture may be at most 20.0 MB"
    for text in said:
        low = text.lower()
        assert not any(w in low for w in ("dos attack", "decompression", "truncated", "identity", "0x", "error",
                                          "starwright file", "(")), text
        assert text.rstrip().endswith((".", "MB")) and text[0].isalnum()
