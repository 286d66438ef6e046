"""From the stored tournament to the plain data the printed documents are built from.

Reads through `tournaments.queries.reports` (standings by the tournament's tie-breaks, crosstable
cells), so the paper and the web pages rank and mark games the same way. Every text is formatted
here, in the active language: dates, points with the local decimal sign, tie-break names.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import formats
from django.utils.translation import gettext

from tournaments.models import Entry, Game, Round, Tournament
from tournaments.models.collation import name_key
from tournaments.printing.counted_rounds import rounds_counted_note
from tournaments.printing.data import (
    AllPairingsData,
    CrosstableData,
    CrosstableRow,
    GameCell,
    PairingRow,
    PairingsData,
    PlayerEntry,
    ScoreSheetData,
    Side,
    StandingsData,
    StandingsRow,
    TiebreakLabel,
    TournamentHeader,
)
from tournaments.printing.standings_texts import encounter_legend, tiebreak_texts
from tournaments.printing.swiss_rows import crosstable_rows, round_absences
from tournaments.queries import reports
from tournaments.queries.reports import (
    cell_for,
    crosstable_cells,
    game_records,
    record_cycles,
    record_round,
    score_symbols,
    standings,
)
from tournaments.standings.games import Crosstable
from tournaments.standings.ranking import StandingRow
from tournaments.standings.scoring import format_points
from tournaments.standings.tiebreak_names import tiebreak_abbreviation, tiebreak_name

NOT_APPLICABLE = "–"  # a tie-break that does not apply to the player (e.g. direct encounter)


class RoundNotFoundError(LookupError):
    """The tournament has no round with that number (not generated yet, or out of range)."""

    def __init__(self, tournament: Tournament, number: int) -> None:
        self.tournament = tournament
        self.number = number
        rounds = tournament.rounds.count()
        if rounds:
            message = gettext(
                "%(tournament)s has no round %(round)s: its rounds are 1 to %(last)s."
            ) % {"tournament": tournament.name, "round": number, "last": rounds}
        else:
            message = gettext(
                "%(tournament)s has no round %(round)s: its rounds are not generated yet."
            ) % {"tournament": tournament.name, "round": number}
        super().__init__(message)


def tournament_header(tournament: Tournament) -> TournamentHeader:
    # The tournament's arbiters and, for a section of an event, the event's (issue 17), read
    # through the reverse relations so that tournaments does not import events.
    arbiters = get_user_model().objects.filter(
        Q(arbitrated_tournaments=tournament)
        | Q(arbitrated_events__sections__tournament=tournament)
    ).distinct().order_by("last_name", "first_name", "username")
    names = [user.get_full_name() or user.get_username() for user in arbiters]
    return TournamentHeader(
        name=tournament.name,
        place=tournament.place,
        dates=_dates(tournament),
        board=str(tournament.get_board_display()),
        time_control=str(tournament.get_time_control_display()),
        arbiters=tuple(sorted(names, key=name_key)),
    )


def _dates(tournament: Tournament) -> str:
    start, end = tournament.start_date, tournament.end_date
    if start is None and end is None:
        return ""
    if start is None or end is None or start == end:
        return formats.date_format(start or end, "SHORT_DATE_FORMAT")
    return (f"{formats.date_format(start, 'SHORT_DATE_FORMAT')} – "
            f"{formats.date_format(end, 'SHORT_DATE_FORMAT')}")


def points_text(value: Fraction | None) -> str:
    """ "2.5" or "2,5" as the language writes decimals; a value with no finite decimal stays
    a fraction ("7/3")."""
    if value is None:
        return NOT_APPLICABLE
    text = format_points(value)
    if "/" in text:
        return text
    return formats.number_format(Decimal(text))


def tiebreak_labels(tiebreak_ids: list[str]) -> list[TiebreakLabel]:
    """Column headings (FIDE C.07 codes in English) and full names, in the active language."""
    labels = []
    for tiebreak_id in tiebreak_ids:
        labels.append(TiebreakLabel(abbreviation=tiebreak_abbreviation(tiebreak_id),
                                    name=tiebreak_name(tiebreak_id)))
    return labels


def _after_round(tournament: Tournament) -> int | None:
    """The last round with a result, when later rounds are still to be played; for a Swiss the
    last complete round, the one its standings are after (reports.standings, issue 25)."""
    if tournament.is_swiss:
        complete = reports.complete_rounds(tournament)
        return complete if 0 < complete < (tournament.swiss_rounds or 0) else None
    rounds = tournament.rounds.count()
    played = (Game.objects.of_tournament(tournament).exclude(result="")
              .order_by("-round__number").values_list("round__number", flat=True).first())
    if played is None or played >= rounds:
        return None
    return played


def _tiebreak_texts(row: StandingRow) -> tuple[str, ...]:
    """A row's tie-breaks as printed: the direct encounter as the place it gives (the page's
    standings_texts.encounter_text), the others as numbers."""
    return tiebreak_texts(row, NOT_APPLICABLE, points_text)


def standings_data(tournament: Tournament) -> StandingsData:
    rows = [
        StandingsRow(
            rank=standing.rank,
            number=standing.entry.number,
            name=standing.entry.player.name,
            club=standing.entry.player.club,
            points=points_text(standing.points),
            tiebreaks=_tiebreak_texts(standing.row),
            rating=_rating(standing.rating), games=str(standing.games),
        )
        for standing in standings(tournament)
    ]
    notes = [encounter_legend(list(tournament.tiebreaks), on_page=False),
             rounds_counted_note(tournament)]
    return StandingsData(header=tournament_header(tournament), rows=rows,
                         tiebreak_labels=tiebreak_labels(tournament.tiebreaks),
                         after_round=_after_round(tournament),
                         notes=tuple(note for note in notes if note))


def _rating(value: int | None) -> str:
    return "" if value is None else str(value)


def crosstable_data(tournament: Tournament, *, by_rank: bool = False) -> CrosstableData:
    """The crosstable, cells in the tournament's units; `by_rank` orders the columns as the
    rows, headed by place, so the diagonal falls straight (as Swiss-Manager prints it)."""
    if tournament.is_swiss:
        return _swiss_crosstable_data(tournament)
    records = game_records(tournament)
    ranked = standings(tournament, records=records)
    cells: dict[int, dict[int, list[GameCell]]] = {}
    for (number, opponent), games in crosstable_cells(records, tournament.scoring).items():
        cells.setdefault(number, {})[opponent] = [
            GameCell(result=cell.score, side=Side.WHITE if cell.white else Side.BLACK)
            for cell in games
        ]
    rows = [
        CrosstableRow(
            rank=standing.rank,
            number=standing.entry.number,
            name=standing.entry.player.name,
            club=standing.entry.player.club,
            points=points_text(standing.points),
            tiebreaks=_tiebreak_texts(standing.row),
            cells=cells.get(standing.entry.number, {}),
            rating=_rating(standing.rating), games=str(standing.games),
        )
        for standing in ranked
    ]
    if by_rank:
        columns = [standing.entry.number for standing in ranked]
        labels = {number: str(place) for place, number in enumerate(columns, start=1)}
    else:
        columns, labels = sorted(standing.entry.number for standing in ranked), {}
    return CrosstableData(
        header=tournament_header(tournament),
        columns=columns,
        rows=rows,
        tiebreak_labels=tiebreak_labels(tournament.tiebreaks),
        after_round=_after_round(tournament),
        column_labels=labels,
        symbols=tuple(score_symbols(tournament.scoring)[key] for key in ("win", "draw", "loss")),
        notes=_encounter_notes(tournament),
    )


def _encounter_notes(tournament: Tournament) -> tuple[str, ...]:
    """The direct-encounter legend when the tie-breaks have it (issue 25)."""
    legend = encounter_legend(list(tournament.tiebreaks), on_page=False)
    return (legend,) if legend else ()


def _swiss_crosstable_data(tournament: Tournament) -> CrosstableData:
    """A Swiss as chess-results prints it: per round the opponent, the colour and the result."""
    rounds, rows = crosstable_rows(tournament)
    sides = {reports.colour_initial(True): Side.WHITE, reports.colour_initial(False): Side.BLACK}
    printed = [
        CrosstableRow(
            rank=row["rank"], number=row["number"], name=row["entry"].player.name,
            club=row["entry"].player.club, points=row["points"],
            rating=str(row["entry"].player.rating or ""),
            tiebreaks=tuple(value or NOT_APPLICABLE for value in row["tiebreaks"]),
            cells={number: [GameCell(result=cell.result, side=sides.get(cell.colour),
                                     opponent=cell.opponent if cell.colour else "")
                            for cell in games]  # both games of a micro-match
                   for number, games in zip(rounds, row["games"], strict=True)},
        )
        for row in rows
    ]
    return CrosstableData(header=tournament_header(tournament), columns=rounds, rows=printed,
                          tiebreak_labels=tiebreak_labels(tournament.tiebreaks),
                          after_round=_after_round(tournament), by_round=True,
                          notes=_encounter_notes(tournament))


def get_round(tournament: Tournament, number: int) -> Round:
    try:
        # A Swiss round the arbiter has not published is not printed for the wall either.
        return tournament.rounds.select_related("bye__player").get(number=number,
                                                                   published=True)
    except Round.DoesNotExist:
        raise RoundNotFoundError(tournament, number) from None


def _player(entry: Entry, points: dict[int, Fraction]) -> PlayerEntry:
    return PlayerEntry(number=entry.number, name=entry.player.name, club=entry.player.club,
                       points=points_text(points.get(entry.number, Fraction(0))),
                       rating=_rating(entry.player.rating))


def pairings_data(tournament: Tournament, round_number: int) -> PairingsData:
    """The round's games by board, each player with his points before the round."""
    round_ = get_round(tournament, round_number)
    numbers = list(tournament.entries.filter(number__isnull=False)
                   .values_list("number", flat=True))
    if tournament.is_swiss:
        from tournaments.queries.swiss_standings import swiss_table

        by_number = {entry.number: entry for entry in tournament.entries.filter(
            number__isnull=False).select_related("player")}
        before = swiss_table(tournament, game_records(tournament), by_number,
                             up_to_round=round_number - 1).total
    else:
        before = Crosstable(numbers, game_records(tournament), tournament.scoring,
                            cycles=record_cycles(tournament),
                            up_to_round=record_round(tournament, round_number - 1)).total
    rows = []
    symbols = score_symbols(tournament.scoring)
    for game in round_.games.with_players().order_by("board"):
        white_score = black_score = ""
        if game.result_value is not None:
            white_score = cell_for(game.result_value, True, symbols)[0]
            black_score = cell_for(game.result_value, False, symbols)[0]
        rows.append(PairingRow(board=game.board, white=_player(game.white, before),
                               black=_player(game.black, before),
                               white_score=white_score, black_score=black_score))
    byes = [_player(round_.bye, before)] if round_.bye is not None else []
    not_paired = [(_player(absence.entry, before), absence.get_kind_display())
                  for absence in round_absences(tournament, round_number)]
    return PairingsData(header=tournament_header(tournament), round=round_number, games=rows,
                        byes=byes, date=round_date_text(tournament, round_number),
                        not_paired=not_paired)


def round_date(tournament: Tournament, round_number: int) -> datetime.date | None:
    """The day a round is played, when the tournament's dates tell it: every round on the one
    day of a one-day tournament, or one round a day when the days and the rounds match."""
    start, end = tournament.start_date, tournament.end_date or tournament.start_date
    if start is None:
        return None
    days = (end - start).days + 1
    if days == 1:
        return start
    if days == tournament.rounds.count():
        return start + datetime.timedelta(days=round_number - 1)
    return None


def round_date_text(tournament: Tournament, round_number: int) -> str:
    day = round_date(tournament, round_number)
    return formats.date_format(day, "SHORT_DATE_FORMAT") if day is not None else ""


def all_pairings_data(tournament: Tournament) -> AllPairingsData:
    """Every round's pairings, with the results entered so far."""
    numbers = tournament.rounds.values_list("number", flat=True).order_by("number")
    return AllPairingsData(header=tournament_header(tournament),
                           rounds=[pairings_data(tournament, number) for number in numbers])


def scoresheet_data(tournament: Tournament, round_number: int | None = None,
                    copies: int = 1) -> ScoreSheetData:
    """Blank sheets for the tournament's board, or one filled in per game of a round."""
    games = pairings_data(tournament, round_number).games if round_number is not None else []
    date = round_date_text(tournament, round_number) if round_number is not None else ""
    return ScoreSheetData(header=tournament_header(tournament), squares=tournament.board,
                          games=games, round=round_number, copies=copies, date=date)
