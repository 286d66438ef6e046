"""A stored Swiss tournament as the engine's TRF data, and a TRF file stored as a tournament.

The site pairs through the same path as the command line: the tournament is turned into a
`TrfTournament` and `swiss.state.from_trf` builds the engine's position from it, so what the site
pairs is what `python -m tournaments.pairing.swiss --dutch` pairs on the exported file.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import (
    Absence,
    AbsenceKind,
    Entry,
    Game,
    GameResult,
    PairingSystem,
    Player,
    Round,
    Sex,
    Status,
    Tournament,
)
from tournaments.pairing.swiss.checker import file_pairing
from tournaments.pairing.swiss.state import _initial_colour_from_round1
from tournaments.pairing.swiss.trf import (
    RESULT_POINTS,
    RoundEntry,
    TrfPlayer,
    TrfReading,
    TrfTournament,
    parse_trf,
    write_trf,
)

__all__ = ["TrfImport", "TrfImportError", "complete_rounds", "export_trf_text", "import_trf",
           "import_trf_text", "read_trf_date", "tournament_to_trf"]

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
#: The tournament type (092) of a round robin, as Swiss-Manager writes it; read back as one.
ROUND_ROBIN_092 = "Individual: Round-Robin"
_ROUND_ROBIN = re.compile(r"round.?robin|berger", re.IGNORECASE)
_TRF_OF_SEX = {Sex.MALE: "m", Sex.FEMALE: "w"}
_SEX_OF_TRF = {"m": Sex.MALE, "w": Sex.FEMALE}
#: The federation column (54-56) holds a FIDE/FMJD country code; the site keeps it as the club.
_FEDERATION = re.compile(r"[A-Z]{3}")


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
    return TrfTournament(players, total, tournament.initial_colour,
                         header + lines, scoring)


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


def _header(t: TrfTournament, tag: str) -> str:
    for line in t.other_lines:
        if line.startswith(tag):
            return line[4:].strip()
    return ""


#: Dates as the programs that write TRF files write them: year first (the format's YYYY/MM/DD,
#: lichess' ISO YYYY-MM-DD) or day first (Swiss-Manager in Europe and Brazil: DD.MM.YYYY,
#: DD/MM/YYYY). A two-digit year is not read: 05/06/07 has three readings.
_YEAR_FIRST = re.compile(r"(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})")
_DAY_FIRST = re.compile(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})")


def read_trf_date(text: str) -> datetime.date | None:
    """The date a TRF field holds, in any of the forms programs write; None if it is not one."""
    text = text.strip()
    if match := _YEAR_FIRST.fullmatch(text):
        year, month, day = (int(g) for g in match.groups())
    elif match := _DAY_FIRST.fullmatch(text):
        day, month, year = (int(g) for g in match.groups())
    else:
        return None
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


@dataclass
class TrfImport:
    """The stored tournament and what the arbiter should check: every entry of the file read by
    interpretation (blank rounds, a forfeit win without opponent), withdrawals inferred, dates
    or birth dates not understood."""

    tournament: Tournament
    notes: list[str] = field(default_factory=list)


def _read_as(code: str) -> str:
    return {
        "-": _("an absence (not paired, no points)"),
        "H": _("a half-point bye (H)"),
        "U": _("the pairing-allocated bye (U)"),
        "F": _("a full-point bye (F)"),
    }[code]


def _reading_note(t: TrfTournament, reading: TrfReading) -> str:
    values = {"line": reading.line, "player": reading.player, "round": reading.round,
              "name": t.players[reading.player].name, "what": _read_as(reading.read_as)}
    if reading.found == "blank":
        return _("Line %(line)d, player %(player)d (%(name)s), round %(round)d: a blank round, "
                 "read as %(what)s.") % values
    return _("Line %(line)d, player %(player)d (%(name)s), round %(round)d: \"0000 - +\", a "
             "forfeit win without an opponent, read as %(what)s.") % values


def _player_of(p: TrfPlayer, notes: list[str]) -> Player:
    """The player of a 001 line, with the sex, federation and birth date the line gives."""
    player = Player(name=p.name or f"#{p.number}", rating=p.rating or None,
                    sex=_SEX_OF_TRF.get(p.sex, ""), club=p.federation)
    if p.birth_date:
        born = read_trf_date(p.birth_date)
        if born is not None and born <= datetime.date.today():
            player.birth_date = born
        elif re.fullmatch(r"\d{4}(/00/00)?", p.birth_date) and int(p.birth_date[:4]) > 1900:
            player.birth_year = int(p.birth_date[:4])  # FIDE's lists often have the year only
        else:
            notes.append(_("Line %(line)d, player %(player)d (%(name)s): the birth date "
                           "\"%(text)s\" is not a date; left out.") % {
                "line": p.line, "player": p.number, "name": p.name, "text": p.birth_date})
    player.save()
    return player


def _header_date(t: TrfTournament, tag: str, what: str, notes: list[str]) -> datetime.date | None:
    text = _header(t, tag)
    if not text:
        return None
    value = read_trf_date(text)
    if value is None:
        notes.append(_("The %(what)s (%(tag)s) \"%(text)s\" is not a date this import reads "
                       "(YYYY/MM/DD, YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY): the tournament has "
                       "none.") % {"what": what, "tag": tag, "text": text})
    return value


def _withdrawn_from(p: TrfPlayer, paired: int) -> int | None:
    """The round from which the player was not paired through the last paired round (``0000 -
    -`` or his line stopping early), when that is how his line ends: he had withdrawn."""
    if paired == 0 or (len(p.rounds) > paired and p.rounds[paired].result != "-"):
        return None  # a bye asked for the round to come: he is still in
    first = min(len(p.rounds), paired) + 1
    while first > 1 and p.rounds[first - 2] == ABSENT:
        first -= 1
    return first if first <= paired else None


def _round_robin_fields(t: TrfTournament, total: int) -> dict:
    """A round robin's settings from its file: one or two cycles of the Berger tables."""
    players = len(t.players)
    per_cycle = players - 1 if players % 2 == 0 else players
    if total not in (per_cycle, 2 * per_cycle):
        raise TrfImportError(_(
            "A round robin of %(players)d players has %(cycle)d rounds a cycle, but the file "
            "has %(rounds)d rounds."
        ) % {"players": players, "cycle": per_cycle, "rounds": total})
    return {"system": PairingSystem.ROUND_ROBIN, "cycles": total // per_cycle}


def _round_robin_rest(t: TrfTournament, round_no: int) -> int | None:
    """The player without a game in a round robin's round: the bye of an odd number."""
    resting = [p for p in sorted(t.players.values(), key=lambda p: p.number)
               if round_no > len(p.rounds) or p.rounds[round_no - 1].opponent == 0]
    if len(resting) > 1:
        raise TrfImportError(_(
            "Round %(round)d: players %(players)s have no game, but a round robin's round "
            "leaves out one player at most (lines %(lines)s)."
        ) % {"round": round_no, "players": ", ".join(str(p.number) for p in resting),
             "lines": ", ".join(str(p.line) for p in resting)})
    return resting[0].number if resting else None


def import_trf_text(text: str, *, slug: str = "", created_by=None) -> Tournament:
    """A Swiss tournament with the file's players (numbers as in the file), rounds and results
    (see `import_trf`, which also says how unusual entries were read)."""
    return import_trf(text, slug=slug, created_by=created_by).tournament


@transaction.atomic
def import_trf(text: str, *, slug: str = "", created_by=None) -> TrfImport:
    """A Swiss tournament with the file's players (numbers as in the file), rounds and results,
    the dates (042, 052: the C.07 text in force follows the start) and each player's sex,
    federation and birth date; requested byes for the round not paired yet are kept.

    Raises `TrfImportError` (or the reader's `TrfError`, naming line and column) and stores
    nothing when the file is wrong.
    """
    from tournaments.services import create_tournament

    t = parse_trf(text)
    notes = [_reading_note(t, reading) for reading in t.readings]
    total = t.total_rounds or t.rounds_in_file
    if not total:
        raise TrfImportError(_("The file has no rounds and no XXR line: how many rounds?"))
    numbers = sorted(t.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise TrfImportError(_("The players must be numbered 1 to %(count)d.") % {
            "count": len(numbers)})
    win = t.scoring["1"]
    start = _header_date(t, "042", _("start date"), notes)
    end = _header_date(t, "052", _("end date"), notes)
    if start and end and end < start:
        notes.append(_("The end date (052) is before the start date (042): the end date is "
                       "left out."))
        end = None
    round_robin = bool(_ROUND_ROBIN.search(_header(t, "092")))
    fields = {"name": _header(t, "012") or _("Imported Swiss"), "place": _header(t, "022"),
              "start_date": start, "end_date": end,
              **(_round_robin_fields(t, total) if round_robin else
                 {"system": PairingSystem.SWISS, "swiss_rounds": total}),
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
        entries[p.number] = Entry.objects.create(tournament=tournament,
                                                 player=_player_of(p, notes), number=p.number)
    paired = 0
    for r in range(1, t.rounds_in_file + 1):
        pairing = file_pairing(t, r)
        if not pairing.boards and pairing.bye is None:
            break  # requested byes of a round not paired yet
        paired = r
        bye = _round_robin_rest(t, r) if round_robin else pairing.bye
        round_ = Round.objects.create(tournament=tournament, number=r,
                                      bye=entries[bye] if bye else None)
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
    for p in sorted(t.players.values(), key=lambda p: p.number) if not round_robin else ():
        entry = entries[p.number]
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent == 0 and e.result != "U":
                absences.append(Absence(entry=entry, round_number=r, kind=e.result))
        since = _withdrawn_from(p, paired)
        if since is not None:
            entry.withdrawn = True  # not paired from that round to the last one paired
            entry.save(update_fields=["withdrawn"])
            notes.append(_("Player %(player)d (%(name)s): not paired from round %(round)d to "
                           "the last round paired (%(last)d), read as withdrawn.") % {
                "player": p.number, "name": p.name, "round": since, "last": paired})
    Absence.objects.bulk_create(absences)
    if paired:
        finished = paired == total and not Game.objects.of_tournament(tournament).filter(
            result=GameResult.NOT_PLAYED).exists()
        tournament.status = Status.FINISHED if finished else Status.ONGOING
        tournament.save(update_fields=["status"])
    return TrfImport(tournament, notes)


def complete_rounds(tournament: Tournament) -> int:
    """How many rounds, from the first, are published with every result in: what TRF carries."""
    count = 0
    for round_ in tournament.rounds.order_by("number"):
        if not round_.published or round_.games.filter(result=GameResult.NOT_PLAYED).exists():
            break
        count = round_.number
    return count
