"""The standings' texts that the web pages and the printed documents share, so both say the same:
a score with the language's decimal sign, the direct encounter as the place it gives with the
sentence that explains it (issue 25), a row's tie-breaks as the crosstables print them, and the
legend that spells out the direct-encounter column.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.standings.ranking import DIRECT_ENCOUNTER, Encounter, StandingRow
from tournaments.standings.scoring import format_points
from tournaments.standings.tiebreak_names import tiebreak_abbreviation


def local_points(value: Fraction | int) -> str:
    """A score with the page's decimal sign ("2,5" in Portuguese, "2.5" in English); a value
    with no finite decimal stays a fraction ("7/3")."""
    text = format_points(value)
    return text if "/" in text else formats.number_format(Decimal(text))


NOT_MET_MARK = "*"  # the direct encounter not applied: the tied players have not all met


def encounter_text(encounter: Encounter) -> tuple[str, str]:
    """(what the direct-encounter cell shows, the sentence that explains it): the place inside
    the tied group, or * when C.07 6 does not place him (issue 25)."""
    numbers = {"place": encounter.place, "tied": encounter.tied,
               "points": local_points(encounter.points)}
    if encounter.all_met:
        return str(encounter.place), _(
            "Place %(place)s among the %(tied)s players tied on points, by the games among "
            "them (C.07 6.1), where he scored %(points)s.") % numbers
    if encounter.place is not None:
        return str(encounter.place), _(
            "Place %(place)s among the %(tied)s players tied on points: they have not all "
            "met, but the others could not reach his score in the games among them, "
            "%(points)s (C.07 6.2).") % numbers
    return NOT_MET_MARK, _(
        "Not applied: the %(tied)s players tied on points have not all met each other "
        "(C.07 6.2); his score in the games among them: %(points)s.") % numbers


def tiebreak_texts(row: StandingRow, empty: str = "–",
                   number: Callable[[Fraction], str] = local_points) -> tuple[str, ...]:
    """A standings row's tie-breaks as the crosstables (page and paper) print them: the
    direct encounter as the place it gives (encounter_text), `empty` where one did not apply,
    the others as numbers."""
    return tuple(encounter_text(row.encounter)[0]
                 if key == DIRECT_ENCOUNTER and row.encounter is not None
                 else empty if value is None else number(value)
                 for key, value in row.tiebreaks.items())


def encounter_legend(tiebreak_ids: list[str], *, on_page: bool = True) -> str:
    """The direct-encounter column's values spelt out under the table ("" without it); the
    page adds that each value explains itself on hover."""
    if DIRECT_ENCOUNTER not in tiebreak_ids:
        return ""
    text = _("%(code)s: the place inside a group of players tied on points that the games "
             "among them give (C.07 6); %(mark)s: not applied, the tied players have not all "
             "met.") % {"code": tiebreak_abbreviation(DIRECT_ENCOUNTER), "mark": NOT_MET_MARK}
    return f'{text} {_("Point at a value for its reckoning.")}' if on_page else text
