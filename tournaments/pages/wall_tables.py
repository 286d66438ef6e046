"""The tables of the lists a hall pins up (issue 27): the starting list, a round's alphabetical
pairing list and the rank after round N. Sortable, and downloadable as CSV and .xlsx through
context.table_page like every table of the site; their rows come from printing (wall_rows,
rank_rows), so the PDF and the page say the same."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.pages.tables import (
    NAME_ATTRS,
    RANK_ATTRS,
    SORT_BY_NAME,
    NumberColumn,
    PointsColumn,
    column_attrs,
    tiebreak_heading,
    tiebreak_label,
)
from tournaments.printing.wall_lists import round_heading

BOARD_HEADING = pgettext_lazy("the table a game is played at", "Board")
NUMBER_HEADING = pgettext_lazy("pairing number column heading", "No.")


class _LinkedName(tables.Table):
    def render_name(self, value: str, record: dict):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def value_name(self, value: str) -> str:
        return value


class StartingListTable(_LinkedName):
    """Every player by pairing number; the columns no player fills are left out."""

    number = NumberColumn(verbose_name=NUMBER_HEADING, default="–", attrs=RANK_ATTRS)
    name = tables.Column(verbose_name=_("Name"), order_by=SORT_BY_NAME, attrs=NAME_ATTRS)
    title = tables.Column(verbose_name=pgettext_lazy("a player's title: GMI, MI...", "Title"),
                          default="")
    club = tables.Column(verbose_name=_("Club or federation"), default="")
    state = tables.Column(verbose_name=pgettext_lazy("Brazilian state", "State"), default="")
    rating = NumberColumn(verbose_name=_("Rating"))
    fmjd_rating = NumberColumn(verbose_name=_("FMJD rating"))
    birth_year = NumberColumn(verbose_name=_("Birth year"))
    withdrawn = tables.Column(verbose_name=_("Withdrawn"), default="")

    class Meta:
        order_by = ("number",)
        empty_text = _("No players yet.")

    def __init__(self, data: list[dict], **kwargs):
        optional = ("title", "club", "state", "rating", "fmjd_rating", "birth_year", "withdrawn")
        exclude = [key for key in optional if not any(row[key] for row in data)]
        super().__init__(data, exclude=exclude, **kwargs)


class AlphabeticalListTable(tables.Table):
    """Each player of a round by name: board, colour, opponent (the bye, an absence)."""

    # On a phone the name stays put and the board, colour and opponent come first beside it:
    # what a player looks for; his number and points follow.
    name = tables.Column(verbose_name=_("Name"), order_by=SORT_BY_NAME, attrs=NAME_ATTRS)
    board = NumberColumn(verbose_name=BOARD_HEADING, attrs=column_attrs("number board"))
    colour = tables.Column(verbose_name=_("Colour"), default="", attrs=column_attrs("colour"))
    opponent = tables.Column(verbose_name=_("Opponent"), default="",
                             attrs=column_attrs("opponent"))
    number = NumberColumn(verbose_name=NUMBER_HEADING)
    points = NumberColumn(verbose_name=pgettext_lazy("points column heading", "Pts"))
    result = tables.Column(verbose_name=_("Result"), default="")
    opponent_number = NumberColumn(verbose_name=NUMBER_HEADING)

    class Meta:
        order_by = ("name",)
        empty_text = _("No games in this round.")

    def __init__(self, data: list[dict], *, exporting: bool = False, **kwargs):
        exclude = [] if any(row["result"] for row in data) else ["result"]
        if not exporting:  # the page writes the number after the opponent's name
            exclude.append("opponent_number")
        super().__init__(data, exclude=exclude, **kwargs)

    def render_board(self, value):
        return format_html("<strong>{}</strong>", value)

    def value_board(self, value):
        return value

    def value_opponent(self, value: str) -> str:
        return value

    def render_opponent(self, value: str, record: dict):
        if record["opponent_number"] is None:
            return format_html("<em>{}</em>", value)
        return format_html('{} <span class="muted">({})</span>', value,
                           record["opponent_number"])


class RankAfterRoundTable(_LinkedName):
    """The standings after round N with each round's rating change and their total."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=RANK_ATTRS)
    number = NumberColumn(verbose_name=NUMBER_HEADING, attrs=column_attrs("number fold"))
    name = tables.Column(verbose_name=_("Name"), order_by=SORT_BY_NAME, attrs=NAME_ATTRS)
    club = tables.Column(verbose_name=_("Club or federation"), default="",
                         attrs=column_attrs("fold club"))
    rating = NumberColumn(verbose_name=_("Rating"), attrs=column_attrs("number fold rating"))
    points = PointsColumn(verbose_name=_("Points"), attrs=column_attrs("number points"))

    class Meta:
        order_by = ("rank", "number")

    def __init__(self, data: list[dict], tiebreak_ids, rounds: list[int], *,
                 short_headings: bool = False, **kwargs):
        extra = [(f"tb_{index}", NumberColumn(
                     verbose_name=(tiebreak_heading(tiebreak_id) if short_headings
                                   else tiebreak_label(tiebreak_id)),
                     attrs=column_attrs("number fold tb")))
                 for index, tiebreak_id in enumerate(tiebreak_ids, start=1)]
        extra += [(f"r_{number}", NumberColumn(verbose_name=round_heading(number), signed=True,
                                               attrs=column_attrs("number change")))
                  for number in rounds]
        extra.append(("total", NumberColumn(verbose_name=_("Total"), signed=True,
                                            attrs=column_attrs("number change total"))))
        rows = [{**row,
                 **{f"tb_{index}": value for index, value in enumerate(row["tiebreaks"], 1)},
                 **{f"r_{number}": change
                    for number, change in zip(rounds, row["changes"], strict=True)}}
                for row in data]
        super().__init__(rows, extra_columns=extra, **kwargs)
