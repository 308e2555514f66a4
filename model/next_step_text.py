"""Small wording helpers shared by the systems' "what to do next" lines (model/systems/*/next_step.py): no
rule is decided here, only how a count or an issue already found is said to a player."""

from __future__ import annotations

from model.issues import Issue


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def first_error(issues: list[Issue], prefixes: tuple[str, ...]) -> str:
    """The message of the first error found under any of these pointers ("" when there is none)."""
    for i in issues:
        if i.is_error and any(i.pointer == p or i.pointer.startswith(p + "/") for p in prefixes):
            return i.message
    return ""


def to_fix(issues: list[Issue], prefixes: tuple[str, ...]) -> str:
    error = first_error(issues, prefixes)
    return f"To fix: {error}" if error else ""


def finished(issues: list[Issue], what: str) -> str:
    """The last page's line: ready to save and print, or, while any page still has errors, fix those first."""
    errors = sum(1 for i in issues if i.is_error)
    if errors:
        return f"Next: fix the {plural(errors, 'error')} listed below (the page names show where)."
    return f"The {what} is ready. Next: save it or print its sheet."
