"""Hypothesis helpers shared by the fuzz tests: mutate a document at random pointers."""

import copy

from hypothesis import strategies as st

from model import pointer as jp


def pointers(data, ptr=""):
    yield ptr
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        yield from pointers(v, jp.child(ptr, k))


def mutate(draw, data, values, under: str = ""):
    """1 to 4 random edits (replace with a drawn value, delete, duplicate a list item) at pointers under `under`."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 4))):
        places = [p for p in pointers(data) if p and p.startswith(under)]
        if not places:
            break
        ptr = draw(st.sampled_from(places))
        container, key = jp.container_and_key(data, ptr)
        action = draw(st.sampled_from(["replace", "delete", "dup"]))
        if action == "replace":
            container[key] = draw(values)
        elif action == "delete":
            del container[key]
        elif isinstance(container, list):
            container.append(copy.deepcopy(container[key]))
    return data
