"""The standings page's table in one pass over the cached rows (issue 15).

django-tables2 rendered each of a 100-player standings table's 1,100 cells through a bound
column, its render() and a template call: about 100 ms of a page whose rows come ready from the
cache (page_pieces.standings_rows), so the first reader after a result waited up to 280 ms. Here
each row is written once with an f-string and a plain template writes the heading and the rows:
the same columns, headings, class names (the phone layout pins the rank and the name, folds
club, rating and tie-breaks away; numbers are right-aligned), links to the players, and the same
sortable headings (`?sort=`, as django-tables2 reads and writes them, the other parameters kept,
`?rodada=` among them). The CSV and Excel downloads keep django-tables2 (tables.StandingsTable),
which does them well.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django_tables2.utils import OrderBy, OrderByTuple

from tournaments.pages.tables import games_heading, tiebreak_heading
from tournaments.printing.standings_texts import encounter_text, local_points
from tournaments.standings.ranking import DIRECT_ENCOUNTER

DEFAULT_ORDER = ("rank", "number")  # tables.StandingsTable.Meta.order_by
# A column sorted by other fields than its own (tables.SORT_BY_NAME: as people read names).
SORTED_BY = {"name": ("sort_name", "name")}
EMPTY_CLUB = "—"  # django-tables2's mark of an empty cell, which the page showed


@dataclass(frozen=True)
class Heading:
    label: str  # may be HTML (the short codes with their full names on hover)
    css: str
    href: str


@dataclass(frozen=True)
class Table:
    headings: list[Heading]
    rows: list[SafeString]  # each row's <tr>, already HTML
    # Which rounds the rows count, said under the table (redrawn with it by the live updates)
    note: str = ""


def columns(tiebreak_ids: list[str]) -> list[tuple[str, object, str]]:
    """(key, heading, class names) of each column, in the page's order: the tie-breaks in the
    tournament's, under their short codes (the legend under the table spells them out)."""
    return [
        ("rank", _("Rank"), "number pin-rank"),
        ("number", _("No."), "number fold"),
        ("name", _("Name"), "pin-name"),
        ("club", _("Club or federation"), "fold club"),
        ("rating", _("Rating"), "number fold rating"),
        ("points", _("Points"), "number points"),
        ("games", games_heading(), "number games"),
        *[(f"tb_{index}", tiebreak_heading(tiebreak_id), "number fold tb")
          for index, tiebreak_id in enumerate(tiebreak_ids, start=1)],
    ]


def requested_order(query: QueryDict, keys: list[str]) -> tuple[str, ...]:
    """The order asked for, as django-tables2 reads `?sort=`: the tournament's order when it is
    absent; an unknown column is dropped (none left: the rows as ranked, no heading marked)."""
    asked = query.getlist("sort")
    if not asked:
        return DEFAULT_ORDER
    return tuple(alias for alias in asked if OrderBy(alias).bare in keys)


def ordered(rows: list[dict], order: tuple[str, ...]) -> list[dict]:
    """The cached rows sorted as django-tables2 sorts a list (its comparison, None first, the
    ranking kept among equals); a new list, the cached one untouched."""
    if not order:
        return list(rows)
    accessors = []
    for alias in order:
        spec = OrderBy(alias)
        fields = SORTED_BY.get(spec.bare, (spec.bare,))
        accessors += [f"-{field}" if spec.is_descending else field for field in fields]
    return sorted(rows, key=OrderByTuple(accessors).key)


def headings(keys: list[tuple[str, object, str]], query: QueryDict,
             order: tuple[str, ...]) -> list[Heading]:
    """Each heading links to its column's next order, the other parameters kept; the sorted
    ones carry asc or desc, as django-tables2's did (class names in its alphabetical order)."""
    current = {OrderBy(alias).bare: OrderBy(alias) for alias in order}
    result = []
    for key, label, css in keys:
        classes = set(css.split()) | {"orderable"}
        following = query.copy()
        if key in current:
            classes.add("desc" if current[key].is_descending else "asc")
            following["sort"] = str(current[key].opposite)
        else:
            following["sort"] = key
        result.append(Heading(label, " ".join(sorted(classes)), "?" + following.urlencode()))
    return result


def tiebreak_cell(row: dict, index: int, tiebreak_id: str) -> str:
    """A tie-break's cell: its value, or – where it did not apply; the direct encounter as
    the place it gives, with its reckoning on hover (encounter_text)."""
    value = row[f"tb_{index}"]
    encounter = row.get("encounter")
    if tiebreak_id == DIRECT_ENCOUNTER and encounter is not None:
        shown, title = encounter_text(encounter)
        return (f'<td class="fold number tb"><span title="{escape(title)}">{shown}</span>'
                "</td>")
    return '<td class="fold number tb">' + ("–" if value is None else local_points(value)) \
        + "</td>"


def row_html(row: dict, tiebreak_ids: list[str], parity: str, shared_title: str) -> str:
    rank = (f'<span title="{shared_title}">{row["rank"]}</span>' if row["shared"]
            else str(row["rank"]))
    club = escape(row["club"]) if row["club"] else EMPTY_CLUB
    rating = "" if row["rating"] is None else str(row["rating"])
    tiebreaks = "".join(tiebreak_cell(row, index, tiebreak_id)
                        for index, tiebreak_id in enumerate(tiebreak_ids, start=1))
    return (f'<tr class="{parity}"><td class="number pin-rank">{rank}</td>'
            f'<td class="fold number">{row["number"]}</td>'
            f'<td class="pin-name"><a href="{escape(row["url"])}">{escape(row["name"])}</a></td>'
            f'<td class="club fold">{club}</td><td class="fold number rating">{rating}</td>'
            f'<td class="number points">{local_points(row["points"])}</td>'
            f'<td class="games number">{row["games"]}</td>{tiebreaks}</tr>')


def build(rows: list[dict], tiebreak_ids: list[str], query: QueryDict, note: str = "") -> Table:
    """The table as the page shows it, in the order `query` asks for; `note` says which rounds
    it counts."""
    keys = columns(tiebreak_ids)
    order = requested_order(query, [key for key, _label, _css in keys])
    shared_title = escape(_("shared place"))
    html = [mark_safe(row_html(row, tiebreak_ids, "odd" if index % 2 else "even", shared_title))
            for index, row in enumerate(ordered(rows, order))]
    return Table(headings(keys, query, order), html, note)
