"""Every table of the tournament pages: sortable, exportable to CSV and Excel
(`?_export=csv`, `?_export=xlsx`, files/table_export.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import django_tables2 as tables
from django.urls import reverse
from django.utils import formats
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from tournaments.models import Entry, Game, Tournament
from tournaments.printing.standings_texts import encounter_text, local_points
from tournaments.queries.reports import CrossCell
from tournaments.standings.scoring import format_points
from tournaments.standings.tiebreak_names import tiebreak_abbreviation, tiebreak_name

NUMBER_ATTRS = {"th": {"class": "number"}, "td": {"class": "number"}}
# Phone layout (site.css): the rank and the name stay in place while the table scrolls sideways;
# "fold" columns hide behind the "more columns" switch on a narrow screen.
RANK_ATTRS = {"th": {"class": "number pin-rank"}, "td": {"class": "number pin-rank"}}
NAME_ATTRS = {"th": {"class": "pin-name"}, "td": {"class": "pin-name"}}
FOLD_ATTRS = {"th": {"class": "fold"}, "td": {"class": "fold"}}
FOLD_NUMBER_ATTRS = {"th": {"class": "number fold"}, "td": {"class": "number fold"}}


def column_attrs(css: str) -> dict:
    """The same classes on a column's heading and cells, so pages, styles and tests find a
    column by what it is (points, rating, tb) rather than by its position."""
    return {"th": {"class": css}, "td": {"class": css}}


# The crosstable pins the pairing number too (its columns are headed by it) and the points at
# the right edge, so a phone shows who, against whom and how many points at once.
PIN_NUMBER_ATTRS = {"th": {"class": "number pin-no"}, "td": {"class": "number pin-no"}}
PIN_END_ATTRS = {"th": {"class": "number pin-end"}, "td": {"class": "number pin-end"}}
ACTIONS_ATTRS = {"th": {"class": "no-print"}, "td": {"class": "no-print actions"}}
# Rows carry the player's sort_name (collation.fold): a name column sorts as people read.
SORT_BY_NAME = ("sort_name", "name")


def export_number(value: Fraction | int) -> int | Decimal | float:
    """A score as the downloads hold it (files/table_export.py): 3, Decimal("2.5"); a value with no
    finite decimal (7/3) as the nearest float, since a spreadsheet has no fractions."""
    text = format_points(value)
    if "/" in text:
        return float(Fraction(value))
    number = Decimal(text)
    return int(number) if number == number.to_integral_value() else number


def local_number(value, *, signed: bool = False) -> str:
    """Any number as the page writes it, with the language's decimal sign; "" for none."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        text = local_points(value)
    elif isinstance(value, Decimal | float):
        text = formats.number_format(value)
    else:
        text = str(value)
    return f"+{text}" if signed and not isinstance(value, str) and value > 0 else text


def printed(value) -> str:
    """A cell of a table's export as a printed page shows it: numbers in the language's way."""
    if isinstance(value, Decimal | float):
        return local_number(value)
    return "" if value is None else str(value)


def tiebreak_label(tiebreak_id: str) -> str:
    """The tie-break's name in the page's language, from the catalogue."""
    return tiebreak_name(tiebreak_id)


def tiebreak_heading(tiebreak_id: str):
    """The short code a page's column shows ("SB"), its full name on hover and for screen
    readers; the legend under the table spells every code out."""
    return format_html('<abbr title="{}">{}</abbr>', tiebreak_name(tiebreak_id),
                       tiebreak_abbreviation(tiebreak_id))


def games_heading():
    """The games-played column's short heading ("J"/"G"), its meaning on hover."""
    return format_html('<abbr title="{}">{}</abbr>', _("Games played"),
                       pgettext("games played column heading", "G"))


def tiebreak_legend(tiebreak_ids: list[str]) -> list[str]:
    """ "SB = Sonneborn-Berger" for each tie-break, in the tournament's order."""
    return [f"{tiebreak_abbreviation(key)} = {tiebreak_name(key)}" for key in tiebreak_ids]


class NumberColumn(tables.Column):
    """A number aligned as one and written with the page's decimal sign (2,5 or 2.5); its
    downloads get the number itself (files/table_export.py writes it for the reader's spreadsheet).
    `signed` writes a plus before a positive number (a rating change)."""

    def __init__(self, *args, signed: bool = False, **kwargs):
        kwargs.setdefault("attrs", NUMBER_ATTRS)
        kwargs.setdefault("default", "")
        self.signed = signed
        super().__init__(*args, **kwargs)

    def render(self, value) -> str:
        return local_number(value, signed=self.signed)

    def value(self, value):
        return export_number(value) if isinstance(value, Fraction) else value


class PointsColumn(NumberColumn):
    """An exact score shown as people write it: 2,5 (2.5 in English), 3, 0,75; exported as
    the number (½ is 0.5)."""

    def render(self, value: Fraction) -> str:
        return local_points(value)

    def value(self, value: Fraction) -> int | Decimal | float:
        return export_number(value)


class TournamentTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=_("Tournament"))
    start_date = tables.DateColumn(short=True)

    class Meta:
        model = Tournament
        fields = ["name", "place", "start_date", "board", "time_control", "status"]
        empty_text = _("No tournament yet.")

    def value_start_date(self, value):
        """The date itself in the downloads: a date cell in .xlsx, 2026-03-14 in the CSV."""
        return value


class EntryTable(tables.Table):
    """The players of a tournament, by pairing number."""

    number = tables.Column(verbose_name=_("No."), attrs=NUMBER_ATTRS, default="–")
    name = tables.Column(accessor="player__name", verbose_name=_("Name"), linkify=True,
                         order_by=("player__sort_name", "player__name"))
    club = tables.Column(accessor="player__club", verbose_name=_("Club or federation"))
    rating = tables.Column(accessor="player__rating", verbose_name=_("Rating"),
                           attrs=NUMBER_ATTRS)
    # Issue 12: a ✘ on every active player read as an error; only a withdrawal is marked.
    withdrawn = tables.BooleanColumn(verbose_name=_("Withdrawn"), yesno=(_("withdrawn"), ""))
    actions = tables.TemplateColumn(
        template_name="tournaments/_entry_actions.html", verbose_name=_("Actions"),
        orderable=False, exclude_from_export=True, attrs=ACTIONS_ATTRS,
    )

    class Meta:
        model = Entry
        fields = ["number", "name", "club", "rating", "withdrawn"]
        order_by = ("number",)
        empty_text = _(
            "No players yet: add players or import a spreadsheet (CSV, Excel or LibreOffice).")


def entry_label(entry: Entry) -> str:
    return f"{entry.number}. {entry.player.name}" if entry.number else entry.player.name


def player_link(game: Game, entry: Entry):
    """A link to the player's page, built from the game's round so no query is needed."""
    url = reverse("tournaments:player", args=[game.round.tournament.slug, entry.pk])
    return format_html('<a href="{}">{}</a>', url, entry_label(entry))


def block_attrs(part: str, label=None, css: str = "") -> dict:
    """A round table's cell as a part of its board's block on a phone (site.css stacks the row:
    board and result, then White, then Black); `label` is shown before the cell there, where
    the column headings are hidden."""
    td = {"class": f"{css} p-{part}".strip()}
    if label is not None:
        td["data-label"] = label
    return {"th": {"class": css} if css else {}, "td": td}


class PairingTable(tables.Table):
    """One round's boards with the colours as played and the results.

    `short_headings` heads the colours column with its sign (⇄, explained by the legend) so the
    page fits the arbiter's buttons at 1280 px; the CSV export keeps the full heading."""

    board = tables.Column(verbose_name=pgettext_lazy("the table a game is played at", "Board"),
                          attrs=block_attrs("board", pgettext_lazy("the table a game is played at",
                                                                   "Board"), "number"))
    white = tables.Column(verbose_name=_("White"), order_by=("white__number",),
                          attrs=block_attrs("white", _("White")))
    result = tables.Column(verbose_name=_("Result"), default="", attrs=block_attrs("result"))
    black = tables.Column(verbose_name=_("Black"), order_by=("black__number",),
                          attrs=block_attrs("black", _("Black")))
    colours_swapped = tables.BooleanColumn(verbose_name=_("Colours swapped (Art. 10)"),
                                           yesno=("⇄", ""), attrs=block_attrs("swapped"))
    game = tables.Column(verbose_name=_("Game"), empty_values=(), orderable=False,
                         exclude_from_export=True, attrs=block_attrs("game"))
    edit = tables.Column(verbose_name=pgettext_lazy("column of the arbiter's links", "Arbiter"),
                         empty_values=(), orderable=False, exclude_from_export=True,
                         attrs=block_attrs("edit", css="no-print actions"))

    def __init__(self, data, *, short_headings: bool = False, **kwargs):
        super().__init__(data, **kwargs)
        if short_headings:
            self.columns["colours_swapped"].column.verbose_name = format_html(
                '<abbr title="{}">⇄</abbr>', _("Colours swapped (Art. 10)"))

    class Meta:
        model = Game
        fields = ["board", "white", "result", "black", "colours_swapped"]
        order_by = ("board",)
        empty_text = _("Rounds not generated yet: draw numbers then generate.")

    def render_white(self, value: Entry, record: Game):
        return player_link(record, value)

    def value_white(self, value: Entry) -> str:
        return entry_label(value)

    def render_black(self, value: Entry, record: Game):
        return player_link(record, value)

    def value_black(self, value: Entry) -> str:
        return entry_label(value)

    def render_result(self, record: Game):
        forfeit = record.result_value is not None and record.result_value.is_forfeit
        css = "result forfeit" if forfeit else "result"
        return format_html('<span class="{}" title="{}">{}</span>', css,
                           record.get_result_display(), record.result)

    def value_result(self, record: Game) -> str:
        return record.result

    def render_game(self, record: Game):
        """The game's public page: its score sheet, the viewer and the claims (arbitration)."""
        url = reverse("arbitration:game", args=[record.round.tournament.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, _("Moves and claims"))

    def render_edit(self, record: Game):
        url = reverse("tournaments:game_result",
                      args=[record.round.tournament.slug, record.pk])
        label = _("Change result") if record.result else _("Enter result")
        return format_html('<a class="button" href="{}">{}</a>', url, label)


class StandingsTable(tables.Table):
    """Rank, points, then one column per tie-break in the tournament's order (Art. 4).

    `short_headings` heads the tie-break columns with their codes (the page, with a legend);
    without it they carry the full names (the CSV export)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=RANK_ATTRS)
    number = tables.Column(verbose_name=_("No."), attrs=FOLD_NUMBER_ATTRS)
    name = tables.Column(verbose_name=_("Name"), attrs=NAME_ATTRS, order_by=SORT_BY_NAME)
    club = tables.Column(verbose_name=_("Club or federation"), attrs=column_attrs("fold club"))
    rating = tables.Column(verbose_name=_("Rating"), attrs=column_attrs("number fold rating"),
                           default="")
    points = PointsColumn(verbose_name=_("Points"), attrs=column_attrs("number points"))
    games = tables.Column(verbose_name=_("Games played"), attrs=column_attrs("number games"))

    class Meta:
        order_by = ("rank", "number")
        empty_text = _("No players with pairing numbers yet: add players and draw numbers.")

    def __init__(self, data, tiebreak_ids, *, short_headings: bool = False, **kwargs):
        extra = [(f"tb_{index}", (EncounterColumn if tiebreak_id == "direct-encounter"
                                  else TieBreakColumn)(
                     verbose_name=(tiebreak_heading(tiebreak_id) if short_headings
                                   else tiebreak_label(tiebreak_id)),
                     attrs=column_attrs("number fold tb")))
                 for index, tiebreak_id in enumerate(tiebreak_ids, start=1)]
        super().__init__(data, extra_columns=extra, **kwargs)
        if short_headings:
            # "J" as the crosstable and the PDFs head it, spelt out on hover and in the legend:
            # the full heading alone was wider than three tie-break columns.
            self.columns["games"].column.verbose_name = games_heading()

    def render_name(self, value: str, record: dict):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def value_name(self, value: str) -> str:
        return value

    def render_rank(self, value: int, record: dict):
        if record["shared"]:
            return format_html('<span title="{}">{}</span>', _("shared place"), value)
        return value

    def value_rank(self, value: int) -> int:
        return value


class CategoryStandingsTable(StandingsTable):
    """A category's standings (prizes): the place inside the category first, the overall
    rank beside it, then every column of the standings (issue 25)."""

    category_rank = tables.Column(verbose_name=pgettext_lazy("place inside a category", "Place"),
                                  attrs=RANK_ATTRS)

    class Meta(StandingsTable.Meta):
        sequence = ("category_rank", "rank", "...")
        order_by = ("category_rank", "number")

    def __init__(self, data, tiebreak_ids, **kwargs):
        super().__init__(data, tiebreak_ids, **kwargs)
        self.columns["rank"].column.verbose_name = pgettext_lazy(
            "rank in the whole tournament, beside a category's", "Overall")
        self.columns["rank"].column.attrs = FOLD_NUMBER_ATTRS

    def render_category_rank(self, value: int, record: dict):
        if record["category_shared"]:
            return format_html('<span title="{}">{}</span>', _("shared place"), value)
        return value

    def render_rank(self, value: int, record: dict):
        return value

    def value_category_rank(self, value: int) -> int:
        return value


class TieBreakColumn(PointsColumn):
    """A tie-break's value; "–" where it does not apply (None from the standings module)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("empty_values", ())
        super().__init__(*args, **kwargs)

    def render(self, value: Fraction | None) -> str:
        return "–" if value is None else local_points(value)

    def value(self, value: Fraction | None) -> int | Decimal | float | str:
        return "–" if value is None else export_number(value)


class EncounterColumn(TieBreakColumn):
    """The direct encounter as the place it gives inside the tied group, or * (issue 25), as
    the standings page shows it (standings_texts.encounter_text); its reckoning on hover."""

    def render(self, value: Fraction | None, record: dict) -> str:
        encounter = record.get("encounter")
        if encounter is None:
            return super().render(value)
        shown, title = encounter_text(encounter)
        return format_html('<span title="{}">{}</span>', title, shown)

    def value(self, value: Fraction | None, record: dict) -> int | Decimal | float | str:
        encounter = record.get("encounter")
        if encounter is None:
            return super().value(value)
        shown = encounter_text(encounter)[0]
        return int(shown) if shown.isdigit() else shown


class CrossColumn(tables.Column):
    """One opponent's column: each game's score from the row player's side and his colour.
    Headed by his pairing number, or by his place when the table is ordered by rank."""

    def __init__(self, number: int, label: str | None = None, **kwargs):
        self.opponent = number
        super().__init__(verbose_name=label or str(number), orderable=False, empty_values=(),
                         attrs={"th": {"class": "number"}, "td": {"class": "cross"}}, **kwargs)

    def render(self, value: list[CrossCell] | None, record: dict):
        if record["number"] == self.opponent:
            return format_html('<span class="self" aria-hidden="true">{}</span>', "×")
        if not value:
            return ""
        return format_html_join(
            " ", '<span class="{}" title="{}">{}</span>',
            ((("cell forfeit" if cell.forfeit else "cell"),
              _("round %(round)d, %(colour)s%(forfeit)s") % {
                  "round": cell.round,
                  "colour": _("White") if cell.white else _("Black"),
                  "forfeit": (", " + str(_("forfeit"))) if cell.forfeit else ""},
              cell.text) for cell in value),
        )

    def value(self, value: list[CrossCell] | None, record: dict) -> str:
        if record["number"] == self.opponent:
            return "×"
        return " ".join(cell.text for cell in value or [])


class CrosstableTable(tables.Table):
    """Rows by rank, one column per opponent (Art. 2: everyone meets everyone): by pairing
    number, or by rank in both directions so the diagonal falls straight (`by_rank`); then the
    points, games played and the tie-breaks, as the printed crosstable has them."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=RANK_ATTRS)
    number = tables.Column(verbose_name=_("No."), attrs=PIN_NUMBER_ATTRS)
    name = tables.Column(verbose_name=_("Name"), attrs=NAME_ATTRS, order_by=SORT_BY_NAME)
    # Rating, games and tie-breaks fold away on a phone (site.css), so the opponents' columns
    # keep the room beside the pinned names.
    rating = tables.Column(verbose_name=_("Rating"), attrs=column_attrs("number fold rating"),
                           default="")
    points = PointsColumn(verbose_name=_("Points"), attrs=column_attrs("number pin-end points"))
    # Short headings, as on paper, so the opponents' columns keep the room; the page's legend
    # spells them out.
    games = tables.Column(verbose_name=pgettext_lazy("games played column heading", "G"),
                          attrs=column_attrs("number fold games"))

    class Meta:
        order_by = ("rank", "number")
        empty_text = _("No players with pairing numbers yet: add players and draw numbers.")

    def __init__(self, data, columns, tiebreak_ids=(), *, by_rank: bool = False, **kwargs):
        """`columns`: (pairing number, heading) per opponent column, in order."""
        extra = [(f"c{number}", CrossColumn(number, label, accessor=f"cells__{number}"))
                 for number, label in columns]
        tiebreaks = [(f"tb_{index}",
                      TieBreakColumn(verbose_name=tiebreak_abbreviation(tiebreak_id),
                                     attrs=column_attrs("number fold tb")))
                     for index, tiebreak_id in enumerate(tiebreak_ids, start=1)]
        # Points after the opponents' columns, as on a printed crosstable.
        sequence = ["rank", "number", "name", "rating", *[name for name, _column in extra],
                    "points", "games", *[name for name, _column in tiebreaks]]
        if by_rank:
            # Sorting by another column would move the rows off the diagonal.
            kwargs.setdefault("orderable", False)
        super().__init__(data, extra_columns=extra + tiebreaks, sequence=sequence, **kwargs)

    def render_name(self, value: str, record: dict):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def value_name(self, value: str) -> str:
        return value


class PlayerGamesTable(tables.Table):
    """A player's games in one tournament, with the colour he played."""

    round = tables.Column(verbose_name=_("Round"), attrs=NUMBER_ATTRS)
    colour = tables.Column(verbose_name=_("Colour"))
    opponent = tables.Column(verbose_name=_("Opponent"))
    result = tables.Column(verbose_name=_("Result"), default="")
    points = NumberColumn(verbose_name=_("Points"))

    class Meta:
        order_by = ("round",)
        empty_text = _("Rounds not generated yet: draw numbers then generate.")

    def render_opponent(self, value: str, record: dict):
        if not record.get("opponent_url"):
            return value
        return format_html('<a href="{}">{}</a>', record["opponent_url"], value)

    def value_opponent(self, value: str) -> str:
        return value
