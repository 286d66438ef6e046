"""Issue 12: one English word, two meanings, one catalogue entry. The button that draws the
pairing numbers by lot read "Empate" (a drawn game) because "Draw" was a single msgid.

Every use of a word known to carry two meanings in this domain must say which one with a
context (pgettext, {% translate ... context ... %}); the catalogue then holds one entry per
meaning. The other short words were reviewed and have one meaning here.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.utils import translation
from test_translations import ENGLISH, PORTUGUESE, messages

ROOT = Path(settings.BASE_DIR)
SOURCES = ("tournaments", "arbitration", "config", "templates", "rules", "events", "prizes")

# English words with two meanings in a draughts tournament: a drawn game or drawing lots (or
# a draw claim); the board played on, its kind (64 or 100 squares) or the table number; a
# match as a game or as a pairing; a bye as a free round or a farewell; correct as a verb or
# an adjective; set as a verb or a noun; a place as a venue or a prize position; registration
# as a tournament's status or one person's request to enter (issue 17); a state as a Brazilian
# state (UF) or as the state of a sending (issue 27).
AMBIGUOUS = {"Draw", "draw", "Draws", "draws", "Board", "board", "Match", "match", "Bye", "bye",
             "Byes", "byes", "Correct", "correct", "Set", "set", "Place", "place",
             "registration", "State"}
# Sentences whose Portuguese agrees with the person's sex (inscrito, inscrita), one context for
# each (issue 25).
GENDERED = {"%(name)s is entered in %(section)s."}
# Reviewed, one meaning in this catalogue: Round (of a tournament), Result (of a game), Game.

PYTHON_CALL = re.compile(
    r"\b(?:_|gettext|gettext_lazy|ngettext|ngettext_lazy|gettext_noop)\(\s*[\"']([^\"']+)[\"']")
TEMPLATE_TAG = re.compile(r"{%\s*(?:translate|trans)\s+[\"']([^\"']+)[\"']([^%]*)%}")


def context_free_uses() -> list[tuple[str, str]]:
    """(file, msgid) for every ambiguous word translated without a context."""
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix == ".py" and "migrations" not in path.parts:
                for msgid in PYTHON_CALL.findall(path.read_text(encoding="utf-8")):
                    if msgid in AMBIGUOUS:
                        found.append((str(path.relative_to(ROOT)), msgid))
            elif path.suffix in (".html", ".txt"):
                for msgid, rest in TEMPLATE_TAG.findall(path.read_text(encoding="utf-8")):
                    if msgid in AMBIGUOUS and "context" not in rest:
                        found.append((str(path.relative_to(ROOT)), msgid))
    return found


def test_ambiguous_words_are_always_translated_with_a_context():
    assert context_free_uses() == []


def test_the_catalogues_hold_no_context_free_entry_for_an_ambiguous_word():
    for catalogue in (PORTUGUESE, ENGLISH):
        bare = [entry["msgid"] for entry in messages(catalogue)
                if entry["msgid"] in AMBIGUOUS and not entry["msgctxt"]]
        assert bare == [], catalogue


def msgids_with_two_meanings() -> dict[str, dict[str, str]]:
    """{msgid: {context: Portuguese}} for every msgid the catalogue translates differently
    under different contexts: the list a translator reviews."""
    meanings: dict[str, dict[str, str]] = {}
    for entry in messages(PORTUGUESE):
        meanings.setdefault(entry["msgid"], {})[entry["msgctxt"] or ""] = entry["msgstr"][0]
    return {msgid: found for msgid, found in meanings.items()
            if len(set(found.values())) > 1}


def test_msgids_with_two_meanings_are_listed():
    """Each is a known ambiguous word, and none has a context-free entry left."""
    several = msgids_with_two_meanings()
    assert {"Draw", "Board"} <= set(several), several
    assert set(several) <= AMBIGUOUS | GENDERED, several
    assert [msgid for msgid, found in several.items() if "" in found] == []


def test_drawing_lots_is_not_a_drawn_game():
    with translation.override("pt-br"):
        lot = translation.pgettext("draw the pairing numbers by lot: a button", "Draw")
        game = translation.pgettext("the result of a game", "Draw")
        table = translation.pgettext("the table a game is played at", "Board")
        kind = translation.pgettext("kind of board: 64 or 100 squares", "board")
    assert (lot, game) == ("Sortear", "Empate")
    assert (table, kind) == ("Mesa", "tabuleiro")
