"""A stored tournament (a Swiss or a round robin) as the engine's TRF data, and as the TRF file
the site exports.

The site pairs through the same path as the command line: the tournament is turned into a
`TrfTournament` and `swiss.state.from_trf` builds the engine's position from it, so what the site
pairs is what `python -m tournaments.pairing.swiss --dutch` pairs on the exported file. A TRF
file is stored as a tournament by tournaments/files/swiss_trf.py.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from tournaments.models import Absence, AbsenceKind, Game, GameResult, Sex, Tournament
from tournaments.pairing.swiss.trf import (
    RESULT_POINTS,
    RoundEntry,
    TrfPlayer,
    TrfTournament,
    write_trf,
)
from tournaments.queries import pairing_options

__all__ = ["complete_rounds", "export_trf_text", "tournament_to_trf"]

#: (white code, black code) of each stored result; an unplayed game has none.
RESULT_CODES: dict[str, tuple[str, str]] = {
    GameResult.WHITE_WIN: ("1", "0"),
    GameResult.BLACK_WIN: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.WHITE_FORFEIT_WIN: ("+", "-"),
    GameResult.BLACK_FORFEIT_WIN: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
}
ABSENT = RoundEntry(0, "-", "-")
#: The tournament type (092) of a round robin, as Swiss-Manager writes it; read back as one.
ROUND_ROBIN_092 = "Individual: Round-Robin"
_TRF_OF_SEX = {Sex.MALE: "m", Sex.FEMALE: "w"}
#: The federation column (54-56) holds a FIDE/FMJD country code; the site keeps it as the club.
_FEDERATION = re.compile(r"[A-Z]{3}")


def _fraction(value: Decimal) -> Fraction:
    return Fraction(str(value))


def _scoring(tournament: Tournament) -> tuple[dict[str, Fraction], list[str]]:
    """The TRF result prices of the tournament, and the bbpPairings lines that say them."""
    win, draw, loss = (_fraction(v) for v in (tournament.scoring_win, tournament.scoring_draw,
                                              tournament.scoring_loss))
    pab = _fraction(tournament.pab_points)
    scoring = dict(RESULT_POINTS)
    for code in "1W+F":
        scoring[code] = win
    for code in "=DH":
        scoring[code] = draw
    for code in "0LZ-":
        scoring[code] = loss
    scoring["U"] = pab
    lines = []
    if (win, draw, loss) != (1, Fraction(1, 2), 0):
        lines += [f"BBW {float(win):4.1f}", f"BBD {float(draw):4.1f}", f"BBL {float(loss):4.1f}",
                  f"BBZ {float(loss):4.1f}", f"BBF {float(loss):4.1f}"]
    if pab != win:
        lines.append(f"BBU {float(pab):4.1f}")
    return scoring, lines


def tournament_to_trf(tournament: Tournament, *, rounds: int | None = None,
                      next_round: int | None = None) -> TrfTournament:
    """Rounds 1..`rounds` (every stored round by default) as TRF data; with `next_round`, that
    round's requested byes and absences too (`0000 - H/Z/F/-`), players not entered yet or
    withdrawn marked absent, so `from_trf` leaves them out of its pairing."""
    # Players without a pairing number yet (registration) have no line: TRF numbers them.
    entries = list(tournament.entries.filter(number__isnull=False).select_related("player")
                   .order_by("number"))
    stored = list(tournament.rounds.order_by("number"))
    if rounds is not None:
        stored = [r for r in stored if r.number <= rounds]
    games = list(Game.objects.filter(round__in=stored).values_list(
        "round__number", "white_id", "black_id", "result", "colours_swapped"))
    absences = {(a.entry_id, a.round_number): a.kind
                for a in Absence.objects.filter(entry__tournament=tournament)}
    number = {e.pk: e.number for e in entries}
    blocks: dict[int, dict[int, RoundEntry]] = {e.pk: {} for e in entries}
    for round_no, white, black, result, _swapped in games:
        w_code, b_code = RESULT_CODES.get(result, (" ", " "))
        blocks[white][round_no] = RoundEntry(number[black], "w", w_code)
        blocks[black][round_no] = RoundEntry(number[white], "b", b_code)
    for round_ in stored:
        # A round robin's bye is the Berger table's rest: no game, no points, an absence.
        if round_.bye_id and tournament.is_swiss:
            blocks[round_.bye_id][round_.number] = RoundEntry(0, "-", "U")
    scoring, lines = _scoring(tournament)
    players = {}
    last = max((r.number for r in stored), default=0)
    for entry in entries:
        own = blocks[entry.pk]
        row = []
        for r in range(1, last + 1):
            kind = absences.get((entry.pk, r), AbsenceKind.ABSENT)
            row.append(own.get(r) or RoundEntry(0, "-", str(kind)))
        if next_round is not None:
            kind = absences.get((entry.pk, next_round))
            if kind is None and (entry.withdrawn or entry.first_round > next_round):
                kind = AbsenceKind.ABSENT
            if kind is not None:
                row += [ABSENT] * (next_round - 1 - len(row)) + [RoundEntry(0, "-", str(kind))]
        # A withdrawn player's rounds after his withdrawal are absences (`0000 - -`), as a late
        # entrant's rounds before his entry are: the rating office and chess-results read them.
        points = sum((scoring[e.result] for e in row if e.result in scoring), Fraction(0))
        player = entry.player
        born = f"{player.birth_date:%Y/%m/%d}" if player.birth_date else (
            f"{player.birth_year}/00/00" if player.birth_year else "")
        players[entry.number] = TrfPlayer(
            entry.number, player.name, player.rating or 0, points, 0, row, entry.number,
            sex=_TRF_OF_SEX.get(player.sex, ""),
            federation=player.club if _FEDERATION.fullmatch(player.club) else "",
            birth_date=born)
    header = [f"012 {tournament.name}"]
    if tournament.place:
        header.append(f"022 {tournament.place}")
    if tournament.start_date:
        header.append(f"042 {tournament.start_date:%Y/%m/%d}")
    if tournament.end_date:
        header.append(f"052 {tournament.end_date:%Y/%m/%d}")
    header.append("092 FIDE_DUTCH_2025" if tournament.is_swiss else f"092 {ROUND_ROBIN_092}")
    total = tournament.swiss_rounds if tournament.is_swiss else tournament.rounds.count()
    t = TrfTournament(players, total, tournament.initial_colour, header + lines, scoring)
    if tournament.is_swiss:
        _pairing_options(tournament, t, number, next_round if next_round is not None else last + 1)
    return t


def _pairing_options(tournament: Tournament, t: TrfTournament, number: dict[int, int],
                     round_no: int) -> None:
    """The forbidden pairs and Baku's virtual points (`XXA`), by pairing number (issue 27).

    The pairs the arbiter named are all written: for every round as `XXP`, bound to some rounds
    (a later first round, or a last round before the end) as TRF-2026 `260` records, so
    `forbidden_in` gives each round its own. Players of one club are kept apart as `XXP` in the
    round to be paired, when the rule applies to it."""
    last_round = tournament.swiss_rounds
    options = pairing_options.options_of(tournament)
    found: dict[frozenset[int], tuple[int, int] | None] = {}
    for named in options.named:
        pair = frozenset((named.first, named.second))
        if not pair <= number.keys():
            continue
        last = last_round if named.rounds is None else min(named.rounds, last_round)
        found[frozenset(number[pk] for pk in pair)] = (
            None if (named.from_round, last) == (1, last_round) else (named.from_round, last)
        )
    if round_no <= last_round:
        for pair in pairing_options.forbidden_in_round(tournament, round_no).pairs():
            if pair <= number.keys():
                key = frozenset(number[pk] for pk in pair)
                limits = found.get(key)
                if limits is not None and not limits[0] <= round_no <= limits[1]:
                    found[key] = None  # a club pair this round, whatever the named pair's rounds
                found.setdefault(key, None)
    t.forbidden_pairs = sorted(found, key=sorted)
    t.forbidden_rounds = {pair: limits for pair, limits in found.items() if limits is not None}
    t.accelerations = {number[pk]: points for pk, points in
                       sorted(pairing_options.accelerations(tournament).items(),
                              key=lambda item: number.get(item[0], 0)) if pk in number}


def export_trf_text(tournament: Tournament) -> str:
    """The TRF file of a Swiss or a round robin for the rating office and other programs
    (`export_trf`, the tournament page's download): its complete rounds,
    each player's rank after the last of them (the standings' order, tie-breaks included), his
    points after it, and the byes and absences already asked for the round to be paired next
    (`0000 - H/Z/F/-`, as JaVaFo and bbpPairings read them)."""
    from tournaments.queries.reports import standings

    rounds = complete_rounds(tournament)
    upcoming = rounds + 1
    asked = tournament.is_swiss and upcoming <= tournament.swiss_rounds and Absence.objects.filter(
        entry__tournament=tournament, round_number=upcoming).exists()
    t = tournament_to_trf(tournament, rounds=rounds, next_round=upcoming if asked else None)
    if rounds:
        rank = {row.entry.number: row.rank for row in standings(tournament, up_to_round=rounds)}
        for p in t.players.values():
            p.rank = rank.get(p.number, 0)
    return write_trf(t, scored_rounds=rounds)


def complete_rounds(tournament: Tournament) -> int:
    """How many rounds, from the first, are published with every result in: what TRF carries."""
    count = 0
    for round_ in tournament.rounds.order_by("number"):
        if not round_.published or round_.games.filter(result=GameResult.NOT_PLAYED).exists():
            break
        count = round_.number
    return count
