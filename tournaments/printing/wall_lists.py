"""The lists a hall pins up (issue 27) as PDF: the starting list, a round's alphabetical pairing
list and the rank after round N, each a plain table under the tournament's title block
(plain_table.py fits it to a portrait or a landscape page). Their rows are wall_rows.py's and
rank_rows.py's, the same as the pages and downloads show.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext, pgettext

from tournaments.models import Tournament
from tournaments.printing.collect import pairings_data, points_text, round_date_text
from tournaments.printing.pairings import round_title
from tournaments.printing.plain_table import plain_table_pdf
from tournaments.printing.rank_rows import rank_after_round
from tournaments.printing.tables import translated_headings
from tournaments.printing.wall_rows import alphabetical_rows, starting_rows
from tournaments.standings.tiebreak_names import tiebreak_abbreviation


def _text(value: object) -> str:
    return "" if value is None else str(value)


def signed(value: Decimal | None) -> str:
    """+4,8 / −3,1 / 0,0 with the language's decimal sign; "" for no change."""
    if value is None:
        return ""
    text = formats.number_format(abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def starting_list_pdf(tournament: Tournament) -> bytes:
    """Every player by pairing number, with the columns some player fills."""
    rows = starting_rows(tournament)
    columns = [
        ("number", pgettext("pairing number column heading", "No.")),
        ("name", gettext("Name")),
        ("title", pgettext("a player's title: GMI, MI...", "Title")),
        ("club", gettext("Club or federation")),
        ("state", pgettext("Brazilian state", "State")),
        ("rating", gettext("Rating")),
        ("fmjd_rating", gettext("FMJD rating")),
        ("birth_year", gettext("Birth year")),
        ("withdrawn", gettext("Withdrawn")),
    ]
    columns = [(key, heading) for key, heading in columns
               if key in ("number", "name") or any(row[key] for row in rows)]
    return plain_table_pdf(
        tournament, gettext("Starting list"), [heading for _key, heading in columns],
        [[_text(row[key]) if key != "number" else _text(row[key]) or "–"
          for key, _heading in columns] for row in rows],
        empty=gettext("No players yet."),
        left_columns=[index for index, (key, _heading) in enumerate(columns) if key == "club"])


def alphabetical_list_pdf(tournament: Tournament, round_number: int) -> bytes:
    """Each player of the round by name: his board, colour and opponent."""
    data = pairings_data(tournament, round_number)
    rows = alphabetical_rows(data)
    numbers = pgettext("pairing number column heading", "No.")
    headings = [gettext("Name"), numbers, pgettext("points column heading", "Pts"),
                pgettext("the table a game is played at", "Board"), gettext("Colour"),
                gettext("Opponent"), numbers]
    with_results = any(row["result"] for row in rows)
    if with_results:
        headings.append(gettext("Result"))
    cells = []
    for row in rows:
        line = [row["name"], str(row["number"]), row["points"], _text(row["board"]),
                row["colour"], row["opponent"], _text(row["opponent_number"])]
        if with_results:
            line.append(row["result"])
        cells.append(line)
    subtitle = round_title(round_number)
    date = round_date_text(tournament, round_number)
    return plain_table_pdf(tournament, gettext("Alphabetical pairing list"), headings, cells,
                           subtitle=f"{subtitle} · {date}" if date else subtitle,
                           wide_column=0, left_columns=(5,),
                           empty=gettext("No games in this round."))


def rank_after_round_pdf(tournament: Tournament, round_number: int) -> bytes:
    """The standings after the round with each game's rating change and the total."""
    report = rank_after_round(tournament, round_number)
    names = translated_headings()
    headings = [names["rank"], names["number"], names["name"], names["rating"],
                names["points"], *(tiebreak_abbreviation(key) for key in tournament.tiebreaks),
                *(round_heading(number) for number in report.rounds), gettext("Total")]
    cells = [[str(row["rank"]), str(row["number"]), row["name"], _text(row["rating"]),
              points_text(row["points"]), *row["tiebreaks"],
              *(signed(change) for change in row["changes"]), signed(row["total"])]
             for row in report.rows]
    subtitle = gettext("after round %(round)s") % {"round": round_number}
    notes = [rating_changes_legend(tournament.rating_k), report.note]
    return plain_table_pdf(tournament, gettext("Rank with rating changes"), headings, cells,
                           subtitle=subtitle, wide_column=2,
                           notes=[note for note in notes if note])


def rating_changes_legend(k: int) -> str:
    """What the round columns hold, under the table on the page and on paper."""
    return gettext("R1, R2...: each game's rating change, K × (score − expected score) with "
                   "K = %(k)s, as in the rating report; Total: their sum. Unrated players, games "
                   "against unrated players and forfeits show no change.") % {"k": k}


def round_heading(number: int) -> str:
    """ "R3" ("R3" in Portuguese too: rodada): a round's column of rating changes."""
    return pgettext("a round's column heading", "R%(round)s") % {"round": number}
