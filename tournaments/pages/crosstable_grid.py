"""The crosstable page's grid, built in one pass and small enough for a phone (issue 15).

django-tables2 rendered each of a 100-player crosstable's 10,000 cells through a column's
render() and a template call, with a title in every cell: about 1.5 s and 1.1 MiB of HTML. Here
each row's cells are joined once into one string (kept in the cache per tournament version and
language), and a plain template writes the rows: a 100-player round robin is about 200 KiB. The
CSV export keeps django-tables2 (tables.CrosstableTable), which does it well.

Only forfeits keep a title (what + and - mean, and when); every cell keeps the class names the
site's CSS and the phone layout use (`td.cross`, `.cell.forfeit`, `.self`). It shows what the
django-tables2 crosstable of issue 12 shows: rating, the cells in the tournament's units, games
played, the tie-breaks under their short codes, and the order by rank in both directions
(`?ordem=classificacao`) whose columns are numbered by place so each player's square falls on
the diagonal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.http import QueryDict
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import Tournament
from tournaments.printing.standings_texts import local_points, tiebreak_texts
from tournaments.queries import reports
from tournaments.queries.reports import CrossCell
from tournaments.standings.tiebreak_names import tiebreak_abbreviation, tiebreak_name

# The columns a reader may sort by (?sort=name, ?sort=-points), as the django-tables2 pages do.
SORTABLE = ("rank", "number", "name", "rating", "points", "games")
DEFAULT_ORDER = ("rank", "number")


@dataclass(frozen=True)
class GridRow:
    rank: int
    number: int
    name: str
    sort_name: str  # collation.fold of the name: a name sort reads as people read
    url: str
    rating: int | None
    points: Fraction
    points_text: str
    games: int
    tiebreaks: tuple[str, ...]  # each tie-break's value as the page shows it, in order
    cells: SafeString  # every opponent's cell of this row, already HTML


@dataclass(frozen=True)
class Grid:
    rows: list[GridRow]  # by rank
    columns: list[tuple[int, str]]  # (opponent's pairing number, heading) per column


def cell_html(cells: list[CrossCell] | None, own: bool) -> str:
    """One opponent's cell from the row player's side; the end tag is left out (HTML allows it
    for a table cell), which alone saves 50 KiB on a 100-player table."""
    if own:
        return '<td class="cross"><span class="self" aria-hidden="true">×</span>'
    if not cells:
        return '<td class="cross">'
    parts = []
    for cell in cells:
        if cell.forfeit:
            title = _("round %(round)d, %(colour)s%(forfeit)s") % {
                "round": cell.round, "colour": _("White") if cell.white else _("Black"),
                "forfeit": ", " + _("forfeit")}
            parts.append(f'<span class="cell forfeit" title="{escape(title)}">'
                         f"{escape(cell.text)}</span>")
        else:
            parts.append(escape(cell.text))
    return '<td class="cross">' + " ".join(parts)


def build(tournament: Tournament, by_rank: bool = False) -> Grid:
    """Every row by rank, its cells joined once: the piece the cache keeps per version,
    language (the colour initials and the decimal sign) and order of the columns."""
    entries = reports.numbered_entries(tournament)
    records = reports.game_records(tournament)
    cells = reports.crosstable_cells(records, tournament.scoring)
    ranked = reports.standings(tournament, records=records, entries=entries)
    if by_rank:
        # Swiss-Manager's order: columns in the rows' order, numbered 1..n (issue 12).
        columns = [(standing.entry.number, str(place))
                   for place, standing in enumerate(ranked, start=1)]
    else:
        columns = [(entry.number, str(entry.number)) for entry in entries]
    rows = []
    for standing in ranked:
        me = standing.entry.number
        rows.append(GridRow(
            rank=standing.rank, number=me, name=standing.entry.player.name,
            sort_name=standing.entry.player.sort_name,
            url=standing.entry.get_absolute_url(), rating=standing.rating,
            points=standing.points, points_text=local_points(standing.points),
            games=standing.games,
            tiebreaks=tiebreak_texts(standing.row),  # the direct encounter as a place
            cells=mark_safe("".join(cell_html(cells.get((me, number)), me == number)
                                    for number, _label in columns)),
        ))
    return Grid(rows, columns)


def order(rows: list[GridRow], sort: str | None) -> tuple[list[GridRow], str]:
    """The rows in the order asked for (?sort=), by rank when it is absent or unknown."""
    key = (sort or "").removeprefix("-")
    if key not in SORTABLE:
        return rows, ""
    descending = sort.startswith("-")
    if key == "name":
        ordered = sorted(rows, key=lambda row: (row.sort_name, row.name, row.number),
                         reverse=descending)
    elif key == "rank":
        ordered = sorted(rows, key=lambda row: (row.rank, row.number), reverse=descending)
    elif key == "rating":
        ordered = sorted(rows, key=lambda row: (row.rating is not None, row.rating or 0),
                         reverse=descending)
    else:
        ordered = sorted(rows, key=lambda row: getattr(row, key), reverse=descending)
    return ordered, sort


@dataclass(frozen=True)
class Heading:
    label: str
    css: str
    href: str = ""
    title: str = ""  # the full name behind a short code (a tie-break's)


def headings(columns: list[tuple[int, str]], tiebreak_ids: list[str], query: QueryDict,
             sort: str, *, orderable: bool = True) -> list[Heading]:
    """The header row: the sortable columns link to their next order, as django-tables2's do
    (not in the order by rank, where another order would move the rows off the diagonal); the
    class names are the ones the site's CSS pins, or folds away, on a phone."""

    def sortable(key: str, label: str, css: str) -> Heading:
        if not orderable:
            return Heading(label, css)
        state = "asc" if sort == key else "desc" if sort == f"-{key}" else ""
        following = query.copy()
        following["sort"] = f"-{key}" if sort == key else key
        classes = " ".join(part for part in (css, "orderable", state) if part)
        return Heading(label, classes, "?" + following.urlencode())

    return [
        sortable("rank", _("Rank"), "number pin-rank"),
        sortable("number", _("No."), "number pin-no"),
        sortable("name", _("Name"), "pin-name"),
        sortable("rating", _("Rating"), "number fold rating"),
        *[Heading(label, "number") for _number, label in columns],
        sortable("points", _("Points"), "number pin-end points"),
        sortable("games", pgettext("games played column heading", "G"), "number fold games"),
        *[Heading(tiebreak_abbreviation(key), "number fold tb", title=tiebreak_name(key))
          for key in tiebreak_ids],
    ]
