"""Hypothesis strategies that damage valid inputs the way people and programs do: a character
inserted, deleted or replaced, a slice repeated or lost, a file cut short, a number grown huge.

Random text alone rarely gets past a parser's first check; a real file with one thing wrong
reaches the code behind it, which is where an unexpected exception hides.
"""

from __future__ import annotations

import math

from hypothesis import strategies as st

# Characters that mean something to one of the parsers, and some that look like they might.
SIGNIFICANT = list(
    "0123456789-x:X.,;{}[]()\"\\$%*?!/ \t\r\n"
    "WBKwbkabcdefghijABCDEFGHIJ"
    "…½×²٣５\x00\x0b\ufeff\u2028é"
)

NOISE = st.one_of(
    st.text(alphabet=st.sampled_from(SIGNIFICANT), max_size=8),
    st.text(max_size=6),
    # a number far longer than any square, move number or NAG (Python refuses to read an int
    # of more than 4300 digits with a ValueError of its own)
    st.sampled_from([3, 5, 40, 4301]).map(lambda digits: "9" * digits),
)


@st.composite
def mutated_text(draw, seeds: list[str], max_edits: int = 4) -> str:
    """One of `seeds` with up to `max_edits` edits."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, max_edits))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 24)))
        edit = draw(st.sampled_from(
            ["insert", "delete", "replace", "repeat", "cut", "swapcase"]))
        if edit == "insert":
            text = text[:start] + draw(NOISE) + text[start:]
        elif edit == "delete":
            text = text[:start] + text[end:]
        elif edit == "replace":
            text = text[:start] + draw(NOISE) + text[end:]
        elif edit == "repeat":
            text = text[:end] + text[start:end] + text[end:]
        elif edit == "cut":
            text = text[:start]
        else:
            text = text[:start] + text[start:end].swapcase() + text[end:]
    return text


def text_or_mutation(seeds: list[str]):
    """Mostly damaged real inputs, sometimes text from nowhere."""
    return st.one_of(mutated_text(seeds), mutated_text(seeds), st.text(max_size=80))


# ------------------------------------------------------------------------- JSON documents

ODD_VALUES = st.sampled_from([
    None, True, False, 0, -1, 1, 2, 64, 100, 32767, 32768, 3501, 2**31, 2**63, -(2**63) - 1,
    10**40, 0.5, -0.5, 1e308, 0.001, math.nan, math.inf, -math.inf,
    "", " ", "\x00", "1/2", "1-0", "x" * 201, "x" * 100_000, "2026-02-30", "2026-13-01",
    "9999-12-31", "0001-01-01", "threefold", "sonneborn_berger", [], {}, [1, 2], {"win": 1},
])

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | ODD_VALUES,
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _parent(document, path):
    node = document
    for step in path[:-1]:
        node = node[step]
    return node


@st.composite
def mutated_document(draw, document, max_edits: int = 3):
    """A deep copy of a JSON document with values replaced, keys removed or added, list items
    dropped or repeated."""
    import copy

    document = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, max_edits))):
        paths = [path for path in _paths(document) if path]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(document, path)
        key = path[-1]
        edit = draw(st.sampled_from(["replace", "replace", "drop", "add", "repeat"]))
        if edit == "replace":
            parent[key] = draw(JSON_VALUES)
        elif edit == "drop":
            del parent[key]
        elif edit == "add" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = draw(JSON_VALUES)
        elif edit == "repeat" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    return document


def examples(default: int) -> int:
    """How many examples a property tries: `default`, or ROBUSTNESS_EXAMPLES for a deeper
    search (`ROBUSTNESS_EXAMPLES=5000 pytest tests/robustness`)."""
    import os

    return int(os.environ.get("ROBUSTNESS_EXAMPLES", default))
