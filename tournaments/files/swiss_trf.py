"""A TRF file stored as a tournament: its players, rounds, results, byes and withdrawals.

What the file says and how unusual entries were read goes to the arbiter as notes. The other
way, a stored tournament as TRF data and the exported file, is tournaments/queries/swiss_trf.py.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Absence,
    Entry,
    ForbiddenPair,
    Game,
    GameResult,
    PairingSystem,
    Player,
    Round,
    Sex,
    Status,
    Tournament,
)
from tournaments.pairing.swiss.acceleration import baku
from tournaments.pairing.swiss.checker import file_pairing
from tournaments.pairing.swiss.state import _initial_colour_from_round1
from tournaments.pairing.swiss.trf import (
    TrfPlayer,
    TrfReading,
    TrfTournament,
    parse_trf,
)
from tournaments.queries.swiss_trf import ABSENT, RESULT_CODES

__all__ = ["TrfImport", "TrfImportError", "import_trf", "import_trf_text", "read_trf_date"]

_RESULT_OF_CODES = {codes: result for result, codes in RESULT_CODES.items()}
_RESULT_OF_CODES.update({("W", "L"): GameResult.WHITE_WIN, ("L", "W"): GameResult.BLACK_WIN,
                         ("D", "D"): GameResult.DRAW})
_ROUND_ROBIN = re.compile(r"round.?robin|berger", re.IGNORECASE)
_SEX_OF_TRF = {"m": Sex.MALE, "w": Sex.FEMALE}


class TrfImportError(ValueError):
    """A TRF file the site cannot store; the message names the player, round and line."""


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


def _trimmed(points) -> list[Fraction]:
    values = [Fraction(value) for value in points]
    while values and not values[-1]:
        values.pop()
    return values


def _pairing_options(t: TrfTournament, tournament: Tournament, entries: dict[int, Entry],
                     notes: list[str]) -> None:
    """The file's XXA and XXP lines as the tournament's pairing options (issue 27), and a note
    for each: accelerations that are FIDE's Baku method switch it on, others are not kept (the
    site computes only Baku); XXP pairs are kept as pairs for every round, which the organiser
    can limit on the pairing options page, and 260 pairs from their first round to their last."""
    given = {number: values for number, points in t.accelerations.items()
             if (values := _trimmed(points))}
    if given:
        expected = {number: values for number, points in baku(
            sorted(t.players), tournament.swiss_rounds, Fraction(str(tournament.scoring_win)))
            .items() if (values := _trimmed(points))}
        if given == expected:
            tournament.baku_acceleration = True
            tournament.save(update_fields=["baku_acceleration"])
            notes.append(_("The accelerations (XXA) are FIDE's Baku method (C.04.5.1): the "
                           "tournament is paired with Baku acceleration."))
        else:
            notes.append(_("The accelerations (XXA) of players %(players)s are not FIDE's Baku "
                           "method, the only one this site computes: they were left out, and "
                           "the tournament is paired without acceleration.") % {
                "players": ", ".join(str(number) for number in sorted(given))})
    pairs = sorted({tuple(sorted(pair)) for pair in t.forbidden_pairs
                    if len(pair) == 2 and pair <= entries.keys()})
    # TRF-2026 260 lines bind a pair to rounds F..L: the pair's first round and its last (none
    # when L is the tournament's last round).
    total = tournament.swiss_rounds
    bound = {}
    for pair in pairs:
        if (limits := t.forbidden_rounds.get(frozenset(pair))) is not None:
            bound[pair] = (min(limits[0], total), limits[1])
    ForbiddenPair.objects.bulk_create([
        ForbiddenPair(tournament=tournament, first=low, second=high,
                      from_round=bound[(a, b)][0] if (a, b) in bound else 1,
                      rounds=(bound[(a, b)][1] if bound[(a, b)][1] < total else None)
                      if (a, b) in bound else None,
                      note="260" if (a, b) in bound else "XXP")
        for a, b in pairs
        for low, high in [sorted((entries[a], entries[b]), key=lambda entry: entry.pk)]])
    unbound = len(pairs) - len(bound)
    if unbound:
        notes.append(ngettext(
            "The file forbids %(count)d pair (XXP) in the round to be paired: it is kept as a "
            "pair that does not meet in any round; limit it on the pairing options page if it "
            "held for that round only.",
            "The file forbids %(count)d pairs (XXP) in the round to be paired: they are kept as "
            "pairs that do not meet in any round; limit them on the pairing options page if they "
            "held for that round only.", unbound) % {"count": unbound})


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
    if not round_robin:
        _pairing_options(t, tournament, entries, notes)
    if paired:
        finished = paired == total and not Game.objects.of_tournament(tournament).filter(
            result=GameResult.NOT_PLAYED).exists()
        tournament.status = Status.FINISHED if finished else Status.ONGOING
        tournament.save(update_fields=["status"])
    return TrfImport(tournament, notes)
