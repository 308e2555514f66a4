"""From a file's bytes to plain data, whatever the wrapping: JSON, XML, or a zip holding XML.

The format is found from the content, never from the file name (a `.rosz` may be plain XML; a
Labernator `.sg` is JSON). XML is read by a parser that refuses any document type declaration, and with
it every entity definition and external reference (the "billion laughs" and XXE attacks need one), so no
entity is ever expanded. Zip entries are checked for count, name and unpacked size before one is read.

A roster, whether XML or New Recruit's JSON, becomes the same tree: `{"roster": {...}}` where attributes
are keys, every child list (`costs`, `forces`, `selections`, ...) is a list, and element text is "$text".
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from typing import NoReturn
from xml.parsers import expat

from ..bounded import DocumentError, parse_json as _parse_json
from .bounded import MAX_MEMBER_BYTES, MAX_ZIP_MEMBERS, ImportRefused

ZIP_MAGIC = b"PK\x03\x04"
MAX_DEPTH = 64            # BattleScribe nests selections a few levels deep; 64 is far past any real roster
MAX_ELEMENTS = 200_000    # a roster of a skirmish crew has a few hundred elements


def _text(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise ImportRefused("the file is neither UTF-8 text nor a zip archive, so it is not a crew or roster",
                            f"line {line}") from None
    return text[1:] if text.startswith("\ufeff") else text


def parse_json(text: str):
    """The JSON of a file to import, read by the model's one bounded parser (no NUL, lone surrogates,
    NaN/Infinity, numbers beyond range, duplicate keys or excess depth), refusals said as ImportRefused."""
    try:
        return _parse_json(text)
    except DocumentError as e:
        raise ImportRefused(e.message, e.where) from None


# expat's own words for the usual faults, in the program's (the library's wording never reaches a player)
_XML_WORDS = {"mismatched tag": "a closing tag does not match the tag it closes",
              "unclosed token": "the file ends inside a tag or text (is it cut short?)",
              "no element found": "the file ends before its root element is closed (is it cut short?)",
              "not well-formed (invalid token)": "a character here cannot stand in XML (an unescaped & or <, or "
                                                 "an attribute value without quotes)",
              "junk after document element": "something follows the end of the root element",
              "syntax error": "the XML cannot be read from here",
              "undefined entity": "an entity is used that the XML never defines",
              "unclosed CDATA section": "a CDATA section is never closed",
              "duplicate attribute": "a tag gives the same attribute twice"}


def _xml_words(code: int) -> str:
    return _XML_WORDS.get(expat.ErrorString(code) or "", "the XML is broken here")


class _Builder:
    """Expat callbacks building the tree; any DOCTYPE, entity or external reference is refused."""

    def __init__(self):
        self.stack: list[tuple[str, dict]] = [("", {})]
        self.count = 0

    def start(self, tag: str, attrs: dict) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise ImportRefused(f"the XML has more than {MAX_ELEMENTS} elements; a roster is far smaller")
        if len(self.stack) > MAX_DEPTH:
            raise ImportRefused(f"the XML is nested more than {MAX_DEPTH} levels deep; a roster is not")
        self.stack.append((tag.rsplit(" ", 1)[-1], dict(attrs)))

    def end(self, _tag: str) -> None:
        tag, node = self.stack.pop()
        text = "".join(node.pop("\0text", ())).strip()
        if text:
            node["$text"] = text
        _fold_children(node)
        self.stack[-1][1].setdefault("\0kids", []).append((tag, node))

    def chars(self, data: str) -> None:
        # expat hands text over in pieces (one per line, one per character reference): kept as a list and joined
        # once at the element's end, so a text of n pieces costs n, not n^2 (a 4 MB text of newlines or "&#65;")
        self.stack[-1][1].setdefault("\0text", []).append(data)


def _fold_children(node: dict) -> None:
    """Children become keys. A container (no attributes, no text, children of one name, as
    <costs><cost/>...</costs>) becomes {"\0items": [...]}, which its parent stores as a list."""
    kids = node.pop("\0kids", [])
    if kids and not node and len({t for t, _ in kids}) == 1:
        node["\0items"] = [_value(c) for _, c in kids]
        return
    for tag, child in kids:
        node[tag] = _value(child)


def _value(node: dict):
    return node["\0items"] if "\0items" in node else node


def _refuse_doctype(*_args) -> None:
    raise ImportRefused("the XML declares a document type (DTD); rosters never do, and a DTD can hide entity "
                        "expansions or references to other files, so it is refused")


def _refuse_entity(*_args: object) -> NoReturn:
    raise ImportRefused("the XML defines or references an entity; rosters never do, so it is refused")


_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")


def _declared_encoding(raw: bytes) -> str:
    found = _ENCODING.match(raw[:200])
    return found.group(1).decode("ascii") if found else "declared"


def parse_xml(raw: bytes) -> dict:
    """The XML as a tree (see the module docstring), or ImportRefused with the line at fault."""
    b = _Builder()
    p = expat.ParserCreate(namespace_separator=" ")
    p.StartElementHandler = b.start
    p.EndElementHandler = b.end
    p.buffer_text = True   # contiguous text in one call where expat can (fewer pieces to join)
    p.CharacterDataHandler = b.chars
    p.StartDoctypeDeclHandler = _refuse_doctype
    p.EntityDeclHandler = _refuse_entity
    p.UnparsedEntityDeclHandler = _refuse_entity
    p.ExternalEntityRefHandler = _refuse_entity
    p.SkippedEntityHandler = _refuse_entity
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        p.Parse(raw, True)
    except ImportRefused as e:
        e.where = e.where or f"line {p.CurrentLineNumber}"
        raise
    except expat.ExpatError as e:
        raise ImportRefused(f"this is not well-formed XML: {_xml_words(e.code)}",
                            f"line {e.lineno}, column {e.offset + 1}") from None
    except ValueError:   # the parser cannot read the declared encoding (UTF-7, Shift_JIS, ...: several bytes a letter)
        raise ImportRefused(f"the XML says its text is in the {_declared_encoding(raw)} encoding, which Starwright "
                            "cannot read; BattleScribe writes rosters in UTF-8, so save or export the roster again "
                            "as UTF-8", "line 1") from None
    top = b.stack[0][1].get("\0kids", [])
    if len(top) != 1:
        raise ImportRefused("the XML has no root element")
    tag, node = top[0]
    return {tag: _value(node)}


def unzip_single(raw: bytes) -> tuple[str, bytes]:
    """The one roster inside a .rosz: (entry name, bytes), after checking count, names and sizes."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
        infos = zf.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        raise ImportRefused("the zip archive is damaged or cut short (its table of contents cannot be read); save the "
                            "roster again or export it as .ros") from None
    if len(infos) > MAX_ZIP_MEMBERS:
        raise ImportRefused(f"the zip archive holds {len(infos)} entries; a .rosz holds one roster")
    rosters = []
    for info in infos:
        name = info.filename
        if name.startswith(("/", "\\")) or ".." in name.replace("\\", "/").split("/") or ":" in name:
            raise ImportRefused(f"the zip entry \"{name}\" names a path outside the archive; refused", name)
        if info.is_dir():
            continue
        if info.file_size > MAX_MEMBER_BYTES:
            raise ImportRefused(f"the zip entry unpacks to {info.file_size / 1048576:.1f} MB; a roster is at most "
                                f"{MAX_MEMBER_BYTES / 1048576:.0f} MB", name)
        if info.flag_bits & 0x1:
            raise ImportRefused("the zip entry is encrypted", name)
        rosters.append(info)
    wanted = [i for i in rosters if i.filename.lower().endswith(".ros")] or rosters
    if not wanted:
        raise ImportRefused("the zip archive holds no roster")
    info = wanted[0]
    try:
        with zf.open(info) as fh:
            data = fh.read(MAX_MEMBER_BYTES + 1)  # the header may lie about the size: never read past it
    except NotImplementedError:
        raise ImportRefused("the zip entry is packed in a way Starwright cannot unpack (BattleScribe uses the usual "
                            "one, deflate); save the roster again or export it as .ros", info.filename) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):
        raise ImportRefused("the zip entry cannot be unpacked: the archive is damaged or cut short", info.filename) from None
    if len(data) > MAX_MEMBER_BYTES:
        raise ImportRefused(f"the zip entry unpacks to more than {MAX_MEMBER_BYTES / 1048576:.0f} MB", info.filename)
    return info.filename, data


def unwrap(raw: bytes) -> tuple[str, object]:
    """("json" | "xml" | "zip", data): JSON as parsed, XML as the tree, a zip's roster as the tree."""
    if raw.startswith((ZIP_MAGIC, b"PK\x05\x06")):
        name, inner = unzip_single(raw)
        kind, data = unwrap_plain(inner, where=name)
        return "zip", data
    return unwrap_plain(raw)


def unwrap_plain(raw: bytes, where: str = "") -> tuple[str, object]:
    if raw.startswith(ZIP_MAGIC):
        raise ImportRefused("a zip archive inside a zip archive is not a roster", where)
    head = raw.lstrip()[:1]
    if head in (b"<", b"\xef"):
        stripped = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
        if stripped.lstrip()[:1] == b"<":
            try:
                return "xml", parse_xml(stripped)
            except ImportRefused as e:
                if where:
                    e.where = f"{where}, {e.where}" if e.where else where
                raise
    text = _text(raw)
    if not text.strip():
        raise ImportRefused("the file is empty")
    if text.lstrip()[:1] not in ("{", "["):
        raise ImportRefused("this is neither JSON, XML nor a zip archive, so it is not a crew or roster file")
    return "json", parse_json(text)
