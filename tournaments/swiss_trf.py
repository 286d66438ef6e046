"""A stored Swiss tournament as the engine's TRF data, and a TRF file stored as a tournament.

The site pairs through the same path as the command line: the tournament is turned into a
`TrfTournament` and `swiss.state.from_trf` builds the engine's position from it, so what the site
pairs is what `python -m tournaments.swiss --dutch` pairs on the exported file.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _

from .models import (
    Absence,
    AbsenceKind,
    Entry,
    Game,
    GameResult,
    PairingSystem,
    Player,
    Round,
    Status,
    Tournament,
)
from .swiss.checker import file_pairing
from .swiss.state import _initial_colour_from_round1
from .swiss.trf import RESULT_POINTS, RoundEntry, TrfPlayer, TrfTournament, parse_trf

__all__ = ["TrfImportError", "complete_rounds", "import_trf_text", "tournament_to_trf"]

#: (white code, black code) of each stored result; an unplayed game has none.
RESULT_CODES: dict[str, tuple[str, str]] = {
    GameResult.WHITE_WIN: ("1", "0"),
    GameResult.BLACK_WIN: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.WHITE_FORFEIT_WIN: ("+", "-"),
    GameResult.BLACK_FORFEIT_WIN: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
}
_RESULT_OF_CODES = {codes: result for result, codes in RESULT_CODES.items()}
_RESULT_OF_CODES.update({("W", "L"): GameResult.WHITE_WIN, ("L", "W"): GameResult.BLACK_WIN,
                         ("D", "D"): GameResult.DRAW})
ABSENT = RoundEntry(0, "-", "-")


class TrfImportError(ValueError):
    """A TRF file the site cannot store; the message names the player, round and line."""


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
    entries = list(tournament.entries.select_related("player").order_by("number"))
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
        if round_.bye_id:
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
        while row and row[-1] == ABSENT and next_round is None and entry.withdrawn:
            row.pop()  # a withdrawn player's line stops at his last round, as exporters write it
        points = sum((scoring[e.result] for e in row if e.result in scoring), Fraction(0))
        players[entry.number] = TrfPlayer(entry.number, entry.player.name, entry.player.rating or 0,
                                          points, 0, row, entry.number)
    header = [f"012 {tournament.name}"]
    if tournament.place:
        header.append(f"022 {tournament.place}")
    if tournament.start_date:
        header.append(f"042 {tournament.start_date:%Y/%m/%d}")
    if tournament.end_date:
        header.append(f"052 {tournament.end_date:%Y/%m/%d}")
    header.append("092 FIDE_DUTCH_2025")
    return TrfTournament(players, tournament.swiss_rounds, tournament.initial_colour,
                         header + lines, scoring)


def _header(t: TrfTournament, tag: str) -> str:
    for line in t.other_lines:
        if line.startswith(tag):
            return line[4:].strip()
    return ""


@transaction.atomic
def import_trf_text(text: str, *, slug: str = "", created_by=None) -> Tournament:
    """A Swiss tournament with the file's players (numbers as in the file), rounds and results.

    Raises `TrfImportError` (or the reader's `TrfError`, naming line and column) and stores
    nothing when the file is wrong.
    """
    from .services import create_tournament

    t = parse_trf(text)
    total = t.total_rounds or t.rounds_in_file
    if not total:
        raise TrfImportError(_("The file has no rounds and no XXR line: how many rounds?"))
    numbers = sorted(t.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise TrfImportError(_("The players must be numbered 1 to %(count)d.") % {
            "count": len(numbers)})
    win = t.scoring["1"]
    fields = {"name": _header(t, "012") or _("Imported Swiss"), "place": _header(t, "022"),
              "system": PairingSystem.SWISS, "swiss_rounds": total,
              "scoring_win": Decimal(str(float(win))),
              "scoring_draw": Decimal(str(float(t.scoring["="]))),
              "scoring_loss": Decimal(str(float(t.scoring["0"]))),
              "initial_colour": t.initial_colour or _initial_colour_from_round1(t)}
    if t.scoring["U"] != win:
        fields["bye_points"] = Decimal(str(float(t.scoring["U"])))
    if slug:
        fields["slug"] = slug
    tournament = create_tournament(created_by=created_by, **fields)
    entries = {}
    for p in sorted(t.players.values(), key=lambda p: p.number):
        player = Player.objects.create(name=p.name or f"#{p.number}", rating=p.rating or None)
        entries[p.number] = Entry.objects.create(tournament=tournament, player=player,
                                                 number=p.number)
    paired = 0
    for r in range(1, t.rounds_in_file + 1):
        pairing = file_pairing(t, r)
        if not pairing.boards and pairing.bye is None:
            break  # requested byes of a round not paired yet
        paired = r
        round_ = Round.objects.create(tournament=tournament, number=r,
                                      bye=entries[pairing.bye] if pairing.bye else None)
        for board, (white, black) in enumerate(pairing.boards, start=1):
            w = t.players[white].rounds[r - 1]
            b = t.players[black].rounds[r - 1]
            result = _RESULT_OF_CODES.get((w.result, b.result))
            if result is None:
                raise TrfImportError(_(
                    "Round %(round)d, line %(line)d: player %(player)d's result %(result)s "
                    "cannot be stored."
                ) % {"round": r, "line": t.players[white].line, "player": white,
                     "result": w.result})
            Game.objects.create(round=round_, board=board, white=entries[white],
                                black=entries[black], result=result)
    absences = []
    for p in t.players.values():
        entry = entries[p.number]
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent == 0 and e.result != "U":
                absences.append(Absence(entry=entry, round_number=r, kind=e.result))
        if paired and len(p.rounds) < paired:
            entry.withdrawn = True  # his line stops before the last paired round
            entry.save(update_fields=["withdrawn"])
    Absence.objects.bulk_create(absences)
    if paired:
        finished = paired == total and not Game.objects.of_tournament(tournament).filter(
            result=GameResult.NOT_PLAYED).exists()
        tournament.status = Status.FINISHED if finished else Status.ONGOING
        tournament.save(update_fields=["status"])
    return tournament


def complete_rounds(tournament: Tournament) -> int:
    """How many rounds, from the first, are published with every result in: what TRF carries."""
    count = 0
    for round_ in tournament.rounds.order_by("number"):
        if not round_.published or round_.games.filter(result=GameResult.NOT_PLAYED).exists():
            break
        count = round_.number
    return count
