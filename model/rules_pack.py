"""Rules packs: the data of a game system's rules, checked against schemas/rules-pack.json on load.

The built-in packs live in resources/rules/<system>.json. A house-rule pack is an edited copy with its
own "id", kept in the user's rules folder (paths.user_rules_dir()) or named on the command line; a
document records the id of the pack it was built with, so it is checked the same way elsewhere.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from . import pointer as jp
from .paths import rules_dir, schemas_dir, user_data_dir, user_rules_dir
from .bounded import DocumentError, load_json, parse_json, peek_keys, read_bounded
from .validation import errors_to_issues, validator

PACK_SCHEMA = "rules-pack.json"  # the envelope; then rules-pack.<system>.json


class PackError(DocumentError):
    """A rules pack that cannot be used; the message names the entry at fault."""


@dataclass(frozen=True, eq=False)
class Pack:
    data: dict
    path: str
    builtin: bool
    filled: tuple[str, ...] = ()   # values an older house pack lacked, taken from the built-in pack (pack_upgrades)

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def system(self) -> str:
        return self.data["system"]

    @property
    def name(self) -> str:
        return self.data["name"]

    def describe(self) -> str:
        return f"{self.name} ({self.id} v{self.data['version']})"


def _entry_label(data: Any, pointer: str) -> str:
    """'power "Healing"' for /powers/26/activation: name the entry, not only its index."""
    tokens = jp.split(pointer)
    if len(tokens) >= 2 and tokens[1].isdigit():
        entry = jp.get(data, jp.join(*tokens[:2]))
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            word = tokens[0][:-1] if tokens[0].endswith("s") else tokens[0]
            return f'{word.replace("_", " ")} "{entry["name"]}"'
    return ""


def validate_pack_data(data: Any, path: str | None = None) -> None:
    if not isinstance(data, dict):
        raise PackError(path, "a rules pack is a JSON object")
    issues = errors_to_issues(validator(PACK_SCHEMA).iter_errors(data), rule="PACK")
    if not issues:
        system_schema = f"rules-pack.{data['system']}.json"
        try:
            checker = validator(system_schema)
        except Exception:
            raise PackError(path, f"rules pack is for an unknown game system \"{data['system']}\"", "/system") from None
        issues = errors_to_issues(checker.iter_errors(data), rule="PACK")
    if issues:
        first = issues[0]
        label = _entry_label(data, first.pointer)
        where = f"{label} ({first.pointer})" if label else first.pointer
        raise PackError(path, f"rules pack is broken: {first.message}", where)
    system = data["system"]
    from .kinds import KINDS
    for kind in KINDS.values():
        if kind.pack == system:
            problems = kind.system.pack_problems(data)
            if problems:
                ptr, msg = problems[0]
                label = _entry_label(data, ptr)
                where = f"{label} ({ptr})" if label else ptr
                raise PackError(path, f"rules pack is broken: {msg}", where)
            break


_cache: dict[tuple[str, float], Pack] = {}


def _upgraded(data: Any) -> tuple[Any, tuple[str, ...]]:
    """A house pack written for an earlier Starwright gets what it lacks from the built-in pack
    (model/pack_upgrades.py); anything else is left for the checks to judge."""
    from .pack_upgrades import lacks, upgrade
    system = data.get("system") if isinstance(data, dict) else None
    if not isinstance(system, str) or not lacks(data) or not (rules_dir() / f"{system}.json").is_file():
        return data, ()
    return upgrade(data, builtin_pack(system).data)


_REAL: dict[str, str] = {}   # a pack's path as given -> its real path (asked at every evaluation: 5 lstat calls)


def load_pack_file(path: str | os.PathLike, builtin: bool = False) -> Pack:
    p = Path(path)
    try:
        stamp = os.stat(path).st_mtime
    except OSError:
        stamp = -1.0
    real_path = str(p)
    if stamp >= 0:
        real = _REAL.get(str(path))
        if real is None:
            real = _REAL[str(path)] = os.path.realpath(p)
        real_path = real
    key = (real_path, stamp)
    if key in _cache:
        return _cache[key]
    try:
        raw = read_bounded(p)
        data = parse_json(raw, p)
    except PackError:
        raise
    except DocumentError as e:
        raise PackError(e.path, e.message, e.where) from None
    filled: tuple[str, ...] = ()
    if not builtin:
        data, filled = _upgraded(data)
    mark = _mark(raw)
    if mark not in _validated():
        validate_pack_data(data, str(p))
        _remember(mark)
    pack = Pack(data, str(p), builtin, filled)
    _cache[key] = pack
    return pack


# A large house pack takes seconds to check against its schema; the same bytes under the same schemas
# and program check the same, so a pack that passed once is remembered by a digest of its bytes (the
# digest list lives in the user's data folder) and only parsed next time.
_MARKS_KEPT = 200


def _marks_file() -> Path:
    return user_data_dir() / "cache" / "validated-packs.json"


class _Digest(Protocol):
    """What a SHA-256 object of _sha2, _sha256 or hashlib offers (they share no class)."""
    def update(self, data: bytes, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


def _sha256(data: bytes = b"") -> _Digest:
    # The built-in SHA-256, not hashlib's: hashlib loads OpenSSL's libcrypto (~3 MB of resident memory) into
    # a program that needs nothing else of it (tests/benchmarks/bench_gui.py, memory).
    # mypy checks for Python 3.11, whose typeshed knows neither private module (_sha2 is 3.12+, _sha256 is not
    # described at all): the ignores say only that, the fallbacks below cover a build without them.
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]        # Python 3.12+
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]  # Python 3.11
        except ImportError:               # a build without them
            from hashlib import sha256
    return sha256(data)


@cache
def _schemas_digest() -> bytes:
    from . import __version__
    h = _sha256(__version__.encode())
    for f in sorted(schemas_dir().glob("rules-pack*.json")):
        h.update(f.read_bytes())
    return h.digest()


def _mark(raw: bytes) -> str:
    return _sha256(_schemas_digest() + raw).hexdigest()


def _validated() -> list[str]:
    try:
        marks = load_json(_marks_file(), 65536)
    except DocumentError:
        return []
    return [m for m in marks if isinstance(m, str)] if isinstance(marks, list) else []


def _remember(mark: str) -> None:
    from .storage import SaveError, atomic_write
    marks = [m for m in _validated() if m != mark][-(_MARKS_KEPT - 1):] + [mark]
    try:
        _marks_file().parent.mkdir(parents=True, exist_ok=True)
        atomic_write(_marks_file(), json.dumps(marks).encode())
    except (OSError, SaveError):
        pass  # only a cache: the pack is checked again next time


def builtin_pack(system: str) -> Pack:
    return load_pack_file(_builtin_path(system, str(rules_dir())), builtin=True)


@cache
def _builtin_path(system: str, folder: str) -> str:
    return os.path.join(folder, f"{system}.json")


def user_packs(system: str) -> list[Pack]:
    """House-rule packs in the user's rules folder; broken ones are skipped here (reported when used)."""
    out = []
    folder = user_rules_dir()
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            try:
                pack = load_pack_file(path)
            except PackError:
                continue
            if pack.system == system:
                out.append(pack)
    return out


def find_pack(system: str, pack_id: str | None, extra: list[Pack] | None = None) -> Pack | None:
    """The pack a document names: given packs first, then the user's folder, then the built-in one."""
    builtin = builtin_pack(system)
    if not pack_id or pack_id == builtin.id:
        # A document that names no pack (or the built-in one) is checked with a pack the user gave for
        # this system (`--rules`), whatever its id: that is how a house rule is tried on old documents.
        for pack in extra or []:
            if pack.system == system:
                return pack
        return builtin
    for pack in extra or []:
        if pack.system == system and pack.id == pack_id:
            return pack
    return _user_pack(system, pack_id)


_heads: dict[tuple, dict] = {}


def _head(path: Path) -> dict:
    """The "system" and "id" a pack file says it has, from its first bytes (cached while unchanged)."""
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        return {}
    if key not in _heads:
        try:
            _heads[key] = peek_keys(path, {"system", "id"})
        except DocumentError:
            _heads[key] = {}
    return _heads[key]


def _user_pack(system: str, pack_id: str) -> Pack | None:
    """The house pack with this id in the user's rules folder. Only the file that says it has the id is
    loaded (and a file whose first bytes do not say): twenty large packs there cost no time at start."""
    folder = user_rules_dir()
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json")):
        head = _head(path)
        if head and (head.get("system") != system or head.get("id") != pack_id):
            continue
        try:
            pack = load_pack_file(path)
        except PackError as e:
            if head:   # the file says it is this pack: why it cannot be used is worth saying (refused())
                _refused[(system, pack_id)] = e
            continue
        if pack.system == system and pack.id == pack_id:
            _refused.pop((system, pack_id), None)
            return pack
    return None


_refused: dict[tuple[str, str], PackError] = {}


def refused(system: str, pack_id: str) -> PackError | None:
    """Why the house pack with this id in the user's rules folder could not be used, if it is there but
    broken (after find_pack found no usable one)."""
    return _refused.get((system, pack_id))
