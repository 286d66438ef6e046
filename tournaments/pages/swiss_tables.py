"""A Swiss round's boards with each player's points before the round, as pairings are pinned;
the Swiss crosstable as its downloads hold it."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Entry, Game
from tournaments.pages.tables import (
    NumberColumn,
    PairingTable,
    PointsColumn,
    TieBreakColumn,
)
from tournaments.standings.tiebreak_names import tiebreak_abbreviation


class SwissPairingTable(PairingTable):
    """The round robin's pairing table, each name followed by his points before the round."""

    def __init__(self, data, *, points_before: dict[int, str], **kwargs):
        super().__init__(data, **kwargs)
        self.points_before = points_before

    def _with_points(self, html, entry: Entry):
        points = self.points_before.get(entry.pk)
        if points is None:
            return html
        return format_html('{} <span class="points-before">({})</span>', html, points)

    def render_white(self, value: Entry, record: Game):
        return self._with_points(super().render_white(value, record), value)

    def render_black(self, value: Entry, record: Game):
        return self._with_points(super().render_black(value, record), value)


class SwissCrosstableTable(tables.Table):
    """The Swiss crosstable's downloads (CSV, .xlsx): a row per player by rank, each round as
    the page prints it (opponent, colour, result; both games of a micro-match), the points and
    tie-breaks as numbers."""

    rank = tables.Column(verbose_name=gettext_lazy("Rank"))
    number = tables.Column(verbose_name=gettext_lazy("No."))
    name = tables.Column(verbose_name=gettext_lazy("Name"), accessor="entry__player__name")
    club = tables.Column(verbose_name=gettext_lazy("Club or federation"),
                         accessor="entry__player__club", default="")
    rating = NumberColumn(verbose_name=gettext_lazy("Rating"), accessor="entry__player__rating")
    points = PointsColumn(verbose_name=gettext_lazy("Points"), accessor="points_value")

    def __init__(self, rows: list[dict], round_numbers: list[int], tiebreak_ids, **kwargs):
        data = [{**row, **{f"r{index}": _round_text(games)
                           for index, games in enumerate(row["games"])},
                 **{f"tb_{index}": value
                    for index, value in enumerate(row["tiebreak_values"])}} for row in rows]
        rounds = [(f"r{index}", tables.Column(verbose_name=_("R%(number)s") % {"number": number},
                                              default=""))
                  for index, number in enumerate(round_numbers)]
        tiebreaks = [(f"tb_{index}", TieBreakColumn(verbose_name=tiebreak_abbreviation(key)))
                     for index, key in enumerate(tiebreak_ids)]
        sequence = ["rank", "number", "name", "club", "rating", *[name for name, _c in rounds],
                    "points", *[name for name, _c in tiebreaks]]
        super().__init__(data, extra_columns=rounds + tiebreaks, sequence=sequence,
                         orderable=False, **kwargs)


def _round_text(games) -> str:
    """ "12B 1", as the page's cell; a micro-match's two games joined by " / "."""
    return " / ".join(f"{cell.opponent}{cell.colour} {cell.result}".strip() for cell in games)
