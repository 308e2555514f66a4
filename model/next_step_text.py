"""Small wording helpers shared by the systems' "what to do next" lines (model/systems/*/next_step.py): no
rule is decided here, only how a count or an issue already found is said to a player."""

from __future__ import annotations

from collections.abc import Callable

from model.issues import WARNING, Issue


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


def to_finish(issues: list[Issue], prefixes: tuple[str, ...]) -> str:
    """The first warning under these pointers (a value left unset, say) as the line: a page with one is not done."""
    for i in issues:
        if i.severity == WARNING and any(i.pointer == p or i.pointer.startswith(p + "/") for p in prefixes):
            return f"To finish: {i.message}"
    return ""


def finished(issues: list[Issue], what: str) -> str:
    """The last page's line: ready to save and print, or, while any page still has errors, fix those first."""
    errors = sum(1 for i in issues if i.is_error)
    if errors:
        return f"Next: fix the {plural(errors, 'error')} listed below (the page names show where)."
    return f"The {what} is ready. Next: save it or print its sheet."


def on_page(page: str, line: str) -> str:
    """Another page's line, said from this one: "Next, on the Weapons page: add weapons (6 hard points free)."."""
    for head in ("Next: ", "To fix: ", "To finish: "):
        if line.startswith(head):
            return f"{head[:-2]}, on the {page} page: {line[len(head):]}"
    return line


def page_line(here: str, pages: list[tuple[str, Callable[[], str]]], done: Callable[[], str]) -> str:
    """The line of page `here` among a document's `pages` (title, the page's open step or "" when nothing is left
    there), in order: what is left on this page; else the first thing left on a later page, then on an earlier one
    (so a line never asks for what is done); else `done()`."""
    at = next(i for i, (name, _) in enumerate(pages) if name == here)
    own = pages[at][1]()
    if own:
        return own
    for name, step in pages[at + 1:] + pages[:at]:
        line = step()
        if line:
            return on_page(name, line)
    return done()
