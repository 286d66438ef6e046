"""Which documents can be printed for a tournament, shared by the download views and the
`print_pdf` command so both hand out the same bytes."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify
from django.utils.translation import pgettext

from tournaments.models import Tournament
from tournaments.printing import collect
from tournaments.printing.all_pairings import build_all_pairings_pdf
from tournaments.printing.crosstable import build_crosstable_pdf
from tournaments.printing.game_source import game_record_from_pdn
from tournaments.printing.gamerecord import build_game_record_pdf
from tournaments.printing.pairing_cards import build_pairing_cards_pdf
from tournaments.printing.pairings import build_pairings_pdf
from tournaments.printing.scoresheet import build_scoresheets_pdf
from tournaments.printing.slips import build_slips_pdf
from tournaments.printing.standings import build_standings_pdf
from tournaments.printing.wall_lists import (
    alphabetical_list_pdf,
    rank_after_round_pdf,
    starting_list_pdf,
)

CROSSTABLE = "crosstable"
STANDINGS = "standings"
PAIRINGS = "pairings"
SLIPS = "slips"
SCORESHEETS = "scoresheets"
ALL_PAIRINGS = "all-pairings"
CROSSTABLE_BY_RANK = "crosstable-by-rank"
# The lists a hall pins up (issue 27)
STARTING_LIST = "starting-list"
ALPHABETICAL_LIST = "alphabetical-list"
PAIRING_CARDS = "pairing-cards"
RANK_AFTER_ROUND = "rank-after-round"
GAME = "game"  # from a PDN file: the command prints it; games are not stored with moves yet
DOCUMENTS = (CROSSTABLE, STANDINGS, PAIRINGS, SLIPS, SCORESHEETS, ALL_PAIRINGS,
             CROSSTABLE_BY_RANK, STARTING_LIST, ALPHABETICAL_LIST, PAIRING_CARDS,
             RANK_AFTER_ROUND)
# Score sheets take a round optionally.
NEEDS_ROUND = frozenset({PAIRINGS, SLIPS, ALPHABETICAL_LIST, PAIRING_CARDS, RANK_AFTER_ROUND})


class RoundRequiredError(ValueError):
    def __init__(self, document: str) -> None:
        self.document = document
        super().__init__(f"the {document} document is printed for one round: give its number")


@dataclass(frozen=True)
class PrintedDocument:
    filename: str
    content: bytes


def _file_words(document: str) -> str:
    words = {
        CROSSTABLE: pgettext("file name", "crosstable"),
        STANDINGS: pgettext("file name", "standings"),
        PAIRINGS: pgettext("file name", "pairings"),
        SLIPS: pgettext("file name", "result slips"),
        SCORESHEETS: pgettext("file name", "score sheets"),
        ALL_PAIRINGS: pgettext("file name", "pairings of all rounds"),
        CROSSTABLE_BY_RANK: pgettext("file name", "crosstable by rank"),
        GAME: pgettext("file name", "game"),
        STARTING_LIST: pgettext("file name", "starting list"),
        ALPHABETICAL_LIST: pgettext("file name", "alphabetical list"),
        PAIRING_CARDS: pgettext("file name", "pairing cards"),
        RANK_AFTER_ROUND: pgettext("file name", "rank with rating changes"),
    }
    return words[document]


def filename(tournament: Tournament, document: str, round_number: int | None = None) -> str:
    """ASCII file name in the active language: "aberto-2026-emparceiramentos-rodada-3.pdf"."""
    parts = [tournament.slug, _file_words(document)]
    if round_number is not None:
        parts += [pgettext("file name", "round"), str(round_number)]
    return slugify(" ".join(parts)) + ".pdf"


def render(
    tournament: Tournament, document: str, round_number: int | None = None
) -> PrintedDocument:
    """Build one document of `tournament` in the active language.

    Raises `collect.RoundNotFoundError` for a round the tournament does not have and
    `RoundRequiredError` when a round document is asked for without a round.
    """
    if document not in DOCUMENTS:
        raise ValueError(f"unknown document {document!r}; known: {', '.join(DOCUMENTS)}")
    if document in NEEDS_ROUND and round_number is None:
        raise RoundRequiredError(document)
    if document in (CROSSTABLE, CROSSTABLE_BY_RANK):
        content = build_crosstable_pdf(collect.crosstable_data(
            tournament, by_rank=document == CROSSTABLE_BY_RANK))
        round_number = None
    elif document == ALL_PAIRINGS:
        content = build_all_pairings_pdf(collect.all_pairings_data(tournament))
        round_number = None
    elif document == STANDINGS:
        content = build_standings_pdf(collect.standings_data(tournament))
        round_number = None
    elif document == PAIRINGS:
        content = build_pairings_pdf(collect.pairings_data(tournament, round_number))
    elif document == SLIPS:
        content = build_slips_pdf(collect.pairings_data(tournament, round_number))
    elif document == STARTING_LIST:
        content = starting_list_pdf(tournament)
        round_number = None
    elif document == ALPHABETICAL_LIST:
        content = alphabetical_list_pdf(tournament, round_number)
    elif document == PAIRING_CARDS:
        content = build_pairing_cards_pdf(collect.pairings_data(tournament, round_number))
    elif document == RANK_AFTER_ROUND:
        content = rank_after_round_pdf(tournament, round_number)
    else:
        content = build_scoresheets_pdf(collect.scoresheet_data(tournament, round_number))
    return PrintedDocument(filename(tournament, document, round_number), content)


def render_game(
    tournament: Tournament, pdn: str, diagram_plies: list[int] | tuple[int, ...] = ()
) -> PrintedDocument:
    """A game record of `tournament` from one PDN game, with diagrams after `diagram_plies`
    half-moves. Raises `rules.pdn.PdnSyntaxError` or `game_source.GameReplayError`."""
    data = game_record_from_pdn(pdn, collect.tournament_header(tournament), diagram_plies,
                                squares=tournament.board)
    return PrintedDocument(filename(tournament, GAME, data.round),
                           build_game_record_pdf(data))
