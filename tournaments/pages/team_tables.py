"""The tables of the team pages (issue 16): sortable, and exportable to CSV and .xlsx through
context.table_page, which neutralises formulas. Rows are plain dicts built by team_views."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.pages.tables import (
    FOLD_ATTRS,
    FOLD_NUMBER_ATTRS,
    NAME_ATTRS,
    NUMBER_ATTRS,
    RANK_ATTRS,
    NumberColumn,
    PointsColumn,
    block_attrs,
)

MATCH_HEADING = pgettext_lazy("a team match: two teams meet over several boards", "Match")
BOARD_HEADING = pgettext_lazy("the table a game is played at", "Board")

TEAM_TIEBREAK_NAMES = {
    "match_points": pgettext_lazy("team tie-break", "Match points"),
    "game_points": pgettext_lazy("team tie-break", "Game points"),
    "direct_encounter": pgettext_lazy("team tie-break", "Direct encounter"),
    "team_sb": pgettext_lazy("team tie-break", "Team Sonneborn-Berger"),
    "buchholz": pgettext_lazy("team tie-break", "Buchholz"),
    "game_wins": pgettext_lazy("team tie-break", "Games won"),
}


class LinkColumn(tables.Column):
    """A name linking to row["url"] on the page; the name alone in the CSV."""

    def render(self, value, record):
        url = record.get(f"{self.accessor}_url") or record.get("url")
        shown = format_html('<a href="{}">{}</a>', url, value) if url else value
        withdrawn = record.get("withdrawn_from_round")
        if withdrawn:  # on the page only; the CSV keeps the name alone
            shown = format_html('{} <span class="muted">({})</span>', shown, _(
                "withdrawn from round %(number)s") % {"number": withdrawn})
        return shown

    def value(self, value):
        return value


class TeamStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs=RANK_ATTRS)
    name = LinkColumn(verbose_name=_("Team"), attrs=NAME_ATTRS)
    # On a phone (issue 25) the club and the tie-breaks fold away behind the page's switch, as in
    # the players' standings, so rank, team, matches and points fit the screen.
    club = tables.Column(verbose_name=_("Club or city"), attrs=FOLD_ATTRS)
    matches = tables.Column(verbose_name=_("Matches"), attrs=NUMBER_ATTRS)
    primary = PointsColumn(verbose_name=_("Points"))

    def __init__(self, rows, tiebreak_ids: list[str], primary_label, **kwargs):
        extra = [(f"tb_{key}", PointsColumn(verbose_name=TEAM_TIEBREAK_NAMES[key],
                                            attrs=FOLD_NUMBER_ATTRS))
                 for key in tiebreak_ids]
        super().__init__(rows, extra_columns=extra, orderable=False, **kwargs)
        self.columns["primary"].column.verbose_name = primary_label


class TeamCrosstableTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs=NUMBER_ATTRS)
    name = LinkColumn(verbose_name=_("Team"), attrs=NAME_ATTRS)

    def __init__(self, rows, numbers: list[int], **kwargs):
        extra = [(f"c{number}", tables.Column(verbose_name=str(number), default="",
                                              attrs=NUMBER_ATTRS)) for number in numbers]
        extra += [("match_points", PointsColumn(verbose_name=_("Match points"))),
                  ("game_points", PointsColumn(verbose_name=_("Game points"))),
                  ("rank", tables.Column(verbose_name=_("Rank"), attrs=NUMBER_ATTRS))]
        super().__init__(rows, extra_columns=extra, orderable=False, **kwargs)


class MatchBoardsTable(tables.Table):
    """Every board of a round's matches, match by match."""

    # On a phone each board is one labelled block, read top to bottom as the row reads left to
    # right (site.css, .team-boards): match, board and result, then home team, White, Black and
    # away team, so each team's name stays beside its own player.
    match = tables.Column(verbose_name=MATCH_HEADING,
                          attrs=block_attrs("match", MATCH_HEADING, "number"))
    board = tables.Column(verbose_name=BOARD_HEADING,
                          attrs=block_attrs("board", BOARD_HEADING, "number"))
    home = tables.Column(verbose_name=_("Home team"), attrs=block_attrs("home", _("Home team")))
    white = tables.Column(verbose_name=_("White"), default="–",
                          attrs=block_attrs("white", _("White")))
    result = tables.Column(verbose_name=_("Result"), default="", attrs=block_attrs("result"))
    black = tables.Column(verbose_name=_("Black"), default="–",
                          attrs=block_attrs("black", _("Black")))
    away = tables.Column(verbose_name=_("Away team"), attrs=block_attrs("away", _("Away team")))

    class Meta:
        orderable = False
        attrs = {"class": "team-boards"}
        empty_text = _("This round has not started: its boards are set up from the line-ups.")


class RosterTable(tables.Table):
    position = tables.Column(verbose_name=_("No."), attrs=NUMBER_ATTRS)
    name = LinkColumn(verbose_name=_("Name"), attrs=NAME_ATTRS)
    role = tables.Column(verbose_name=pgettext_lazy("roster", "Role"))
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUMBER_ATTRS, default="")
    games = tables.Column(verbose_name=_("Games"), attrs=NUMBER_ATTRS)
    points = PointsColumn(verbose_name=_("Points"))
    percentage = NumberColumn(verbose_name=_("%"))

    class Meta:
        orderable = False


class BoardPrizeTable(tables.Table):
    board = tables.Column(verbose_name=BOARD_HEADING, attrs=NUMBER_ATTRS)
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER_ATTRS)
    name = LinkColumn(verbose_name=_("Name"), attrs=NAME_ATTRS)
    team = tables.Column(verbose_name=_("Team"))
    games = tables.Column(verbose_name=_("Games"), attrs=NUMBER_ATTRS)
    points = PointsColumn(verbose_name=_("Points"))
    percentage = NumberColumn(verbose_name=_("%"))

    class Meta:
        orderable = False
        empty_text = _("No player has played enough games on a board yet.")
