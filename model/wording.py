"""Small wording helpers for messages made from pack names (no rules here)."""

from __future__ import annotations


def count_word(n: int) -> str:
    """'one', 'two' ... 'ten', then the digits: a pack's small number as a message says it."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else str(n)


def a(noun: str, capital: bool = False) -> str:
    """'an assault scout', 'a frigate': the article that goes with how the name is written."""
    word = "an" if noun[:1].lower() in "aeiou" else "a"
    return f"{word.capitalize() if capital else word} {noun}"
