"""A Swiss played as micro-matches (issue 17): what the engine and the tables see.

Each pairing plays two games in the round, colours reversed (stored on boards 2k-1 and 2k, as
tournaments/pairing/micro_match.py does for round robins). The engine pairs on the sum of both
games and sets the colour rules aside (`PairingInput.colour_rules`): every player has both
colours every round. A round's pairing is the odd boards; the even ones are its return games.

The tie-breaks and the standings count games as games: a round is two game rounds (2r-1, 2r), so
a pairing-allocated bye, a requested bye or an absence is one in each of them (a bye is worth
two games' points, as the regulation prices one game's).

TRF-16/2026 holds one game per player per round: a micro-match Swiss cannot be written in it
(`TRF_REFUSAL`); the JSON backup keeps everything.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from fractions import Fraction

from django.utils.translation import gettext_lazy

from tournaments.models import Absence, AbsenceKind, Game, GameResult, Tournament
from tournaments.pairing import micro_match
from tournaments.pairing.berger import PairedGame
from tournaments.pairing.swiss.state import PairingInput, PlayerState
from tournaments.standings.scoring import Result, points

__all__ = ["TRF_REFUSAL", "boards_of", "bye_points", "game_rounds", "position_before",
           "stored_games"]

TRF_REFUSAL = gettext_lazy(
    "This Swiss is played as micro-matches (two games per pairing in a round): a TRF file has "
    "one game per player per round and cannot hold it. Use the JSON backup instead.")

OVER_THE_BOARD = {GameResult.WHITE_WIN, GameResult.BLACK_WIN, GameResult.DRAW}
FORFEIT_WINS = {GameResult.WHITE_FORFEIT_WIN: "white", GameResult.BLACK_FORFEIT_WIN: "black"}


def bye_points(tournament: Tournament) -> Fraction:
    """What the pairing-allocated bye scores in a round: the regulation's price of one game,
    twice for a micro-match (it stands for both games)."""
    one = Fraction(str(tournament.pab_points))
    return micro_match.GAMES_PER_MATCH * one if tournament.micro_match else one


def game_rounds(round_number: int) -> tuple[int, ...]:
    """The game rounds a round's bye or absence counts in (2r-1 and 2r)."""
    last = micro_match.last_game_round(round_number)
    return tuple(range(last - micro_match.GAMES_PER_MATCH + 1, last + 1))


def boards_of(games: Iterable[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """(board, white, black) of a round's stored games -> the pairing: (white, black) of each
    first game (odd board), in board order."""
    return [(white, black) for board, white, black in sorted(games)
            if micro_match.leg_of(board) == 1]


def stored_games(pairing: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """A pairing's (white, black) per board -> (board, white, black) of both games to store."""
    return [(game.board, game.white, game.black) for game in micro_match.both_games(
        [PairedGame(board, white, black)
         for board, (white, black) in enumerate(pairing, start=1)])]


def _absence_points(kind: str, tournament: Tournament) -> Fraction:
    one = {AbsenceKind.FULL_BYE: tournament.scoring_win,
           AbsenceKind.HALF_BYE: tournament.scoring_draw}.get(kind, tournament.scoring_loss)
    return micro_match.GAMES_PER_MATCH * Fraction(str(one))


def position_before(tournament: Tournament, round_no: int) -> PairingInput:
    """What the engine knows before `round_no` of a micro-match Swiss: each player's points
    (both games of each match, a bye worth two games), opponents met over the board, floats and
    byes as the Dutch System counts them per round; no colours (`colour_rules=False`). Players
    with a bye asked for or an absence in `round_no`, withdrawn or not entered yet are left out.
    """
    scoring = tournament.scoring
    loss = Fraction(str(tournament.scoring_loss))
    pab = micro_match.GAMES_PER_MATCH * Fraction(str(tournament.pab_points))
    entries = list(tournament.entries.filter(number__isnull=False).order_by("number"))
    number_of = {entry.pk: entry.number for entry in entries}
    prior = list(tournament.rounds.filter(number__lt=round_no).order_by("number"))
    absences = {(entry_id, r): kind for entry_id, r, kind in Absence.objects.filter(
        entry__tournament=tournament).values_list("entry_id", "round_number", "kind")}
    # Per player per round: opponent, points, over the board, first-game colour, forfeit win.
    rounds: dict[int, dict[int, dict]] = defaultdict(dict)
    for round_number, board, white, black, result in Game.objects.filter(
            round__in=prior).values_list("round__number", "board", "white_id", "black_id",
                                         "result"):
        for me, other, colour in ((white, black, "white"), (black, white, "black")):
            seat = rounds[me].setdefault(round_number, {
                "opponent": number_of[other], "points": Fraction(0), "played": False,
                "colour": None, "forfeit_win": False})
            if micro_match.leg_of(board) == 1:
                seat["colour"] = "w" if colour == "white" else "b"
            if result:
                white_points, black_points = points(Result(result), scoring)
                seat["points"] += white_points if colour == "white" else black_points
                seat["played"] |= result in OVER_THE_BOARD
                seat["forfeit_win"] |= FORFEIT_WINS.get(result) == colour
    byes = {(r.bye_id, r.number) for r in prior if r.bye_id}
    total_before: dict[int, list[Fraction]] = {}
    for entry in entries:
        score, seq = Fraction(0), []
        for round_ in prior:
            seq.append(score)
            seat = rounds[entry.pk].get(round_.number)
            if seat is not None:
                score += seat["points"]
            elif (entry.pk, round_.number) in byes:
                score += pab
            elif (entry.pk, round_.number) in absences:
                score += _absence_points(absences[(entry.pk, round_.number)], tournament)
        seq.append(score)
        total_before[entry.pk] = seq
    by_number = {entry.number: entry for entry in entries}
    states = []
    for entry in entries:
        if ((entry.pk, round_no) in absences or entry.withdrawn
                or entry.first_round > round_no):
            continue
        state = PlayerState(entry.number, total_before[entry.pk][-1],
                            rating=entry.player.rating or 0)
        for index, round_ in enumerate(prior):
            seat = rounds[entry.pk].get(round_.number)
            mine = total_before[entry.pk][index]
            float_ = ""
            if seat is not None and seat["played"]:
                state.colours.append(seat["colour"] or "w")
                state.opponents.add(seat["opponent"])
                theirs = total_before[by_number[seat["opponent"]].pk][index]
                float_ = "d" if mine > theirs else "u" if mine < theirs else ""
            elif seat is not None:
                if seat["forfeit_win"]:
                    state.bye_ineligible = True
                if seat["points"] > micro_match.GAMES_PER_MATCH * loss:
                    float_ = "d"
            elif (entry.pk, round_.number) in byes:
                state.bye_ineligible = True
                float_ = "d" if pab > micro_match.GAMES_PER_MATCH * loss else ""
            elif (entry.pk, round_.number) in absences:
                # As from_trf: scoring more than a loss without playing is a downfloat.
                kind = absences[(entry.pk, round_.number)]
                if _absence_points(kind, tournament) > micro_match.GAMES_PER_MATCH * loss:
                    float_ = "d"
            state.floats.append(float_)
        states.append(state)
    return PairingInput(round_no, tournament.swiss_rounds, states, tournament.initial_colour,
                        micro_match.GAMES_PER_MATCH * Fraction(str(tournament.scoring_win)),
                        colour_rules=False)
