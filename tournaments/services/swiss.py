"""Running a Swiss event: initial ranking, one round paired at a time, edits, byes, late entries.

Each step is one transaction: a pairing the engine cannot make raises `PairingFailedError` before
anything is written, so a round is never half made. The engine sees plain data only, built by
`swiss_trf.tournament_to_trf` exactly as the exported TRF file has it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import models, transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.cache import versions as page_version
from tournaments.files.swiss_trf import tournament_to_trf
from tournaments.models import (
    REQUESTED_BYES,
    Absence,
    AbsenceKind,
    Entry,
    Game,
    GameResult,
    Player,
    Round,
    Status,
    Tournament,
)
from tournaments.pairing import micro_match
from tournaments.pairing.swiss.dutch import RoundPairing, allocate_colours
from tournaments.pairing.swiss.dutch_criteria import NoValidPairing
from tournaments.pairing.swiss.state import PairingInput, PlayerState, from_trf
from tournaments.pairing.swiss.systems import get_system
from tournaments.queries import swiss_micro
from tournaments.services.core import (
    DuplicatePlayerError,
    TournamentError,
    _locked,
    announce,
    withdrawal_state,
)
from tournaments.signals import PAIRING_EDITED, ROUND_DELETED, ROUND_PAIRED, ROUND_PUBLISHED

__all__ = [
    "Breach", "PairingFailedError", "SwissError", "breach_lines", "come_back", "draft_breaches",
    "edit_warnings", "enter_late",
    "exchange_opponents",
    "delete_last_round", "pair_next_round", "position_before", "publish_round", "rank_by_rating",
    "repair_round", "round_has_records",
    "request_absence", "cancel_absence", "swap_colours",
]


class SwissError(TournamentError):
    """A Swiss step that is not allowed now; the message says why."""


class PairingFailedError(SwissError):
    """The engine found no pairing that keeps the absolute criteria: the round stays unpaired."""


def _refuse_unless_swiss(tournament: Tournament) -> None:
    if not tournament.is_swiss:
        raise SwissError(_("This tournament is a round robin, not a Swiss."))
    if not tournament.is_individual_swiss:
        raise SwissError(team_competition_refusal())


def team_competition_refusal() -> str:
    """Why a team competition has no individual Swiss pairing (issue 25)."""
    return _("This is a team competition: its rounds are paired team against team on the "
             "Teams page, not player by player.")


def _last_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


@transaction.atomic
def rank_by_rating(tournament: Tournament) -> None:
    """The default initial ranking (C.04.2): rating, highest first, then name; numbers 1..n.

    The organiser may set another order by hand (services.set_numbers) before round 1.
    """
    page_version.bump(tournament.pk)  # what the public pages show changes
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    if tournament.rounds.exists():
        raise SwissError(_("Round 1 is paired: the initial ranking can no longer change."))
    _renumber(list(tournament.entries.select_related("player")))


def _rating_order(entry: Entry) -> tuple:
    return (-(entry.player.rating or 0), entry.player.name.casefold(), entry.pk)


def _renumber(entries: list[Entry]) -> None:
    entries.sort(key=_rating_order)
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(number=None)
    for number, entry in enumerate(entries, start=1):
        entry.number = number
    Entry.objects.bulk_update(entries, ["number"])


def position_before(tournament: Tournament, round_no: int) -> PairingInput:
    """What the engine knows before `round_no`: rounds 1..round_no-1 and that round's byes
    (a micro-match Swiss: on the sum of both games, without colour rules; swiss_micro)."""
    if tournament.micro_match:
        return swiss_micro.position_before(tournament, round_no)
    trf = tournament_to_trf(tournament, rounds=round_no - 1, next_round=round_no)
    return from_trf(trf, round_no, tournament.swiss_rounds)


@transaction.atomic
def pair_next_round(tournament: Tournament, *, user=None) -> Round:
    """Pair the next round by the Dutch System (C.04.3), unpublished until the arbiter says so."""
    page_version.bump(tournament.pk)  # what the public pages show changes
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    entries = list(tournament.entries.select_related("player"))
    if any(entry.number is None for entry in entries):
        _renumber(entries)  # C.04.2: rating then name, unless the organiser numbered them
    last = _last_round(tournament)
    if last is not None:
        _refuse_incomplete(last)
    number = last.number + 1 if last else 1
    if number > tournament.swiss_rounds:
        raise SwissError(_("All %(count)d rounds are already paired.") % {
            "count": tournament.swiss_rounds})
    return _pair(tournament, number, user)


def _refuse_incomplete(round_: Round) -> None:
    if not round_.published:
        raise SwissError(_("Round %(number)d is paired but not published yet.") % {
            "number": round_.number})
    if round_.games.filter(result=GameResult.NOT_PLAYED).exists():
        raise SwissError(_(
            "Round %(number)d still has games without a result: the next round is paired when "
            "it is complete."
        ) % {"number": round_.number})


def _pair(tournament: Tournament, number: int, user) -> Round:
    position = position_before(tournament, number)
    if len(position.players) < 2:
        raise PairingFailedError(_(
            "Round %(number)d: fewer than two players are available to pair."
        ) % {"number": number})
    try:
        pairing: RoundPairing = get_system("dutch").pair(position)
    except NoValidPairing as error:
        raise PairingFailedError(_(
            "Round %(number)d cannot be paired: no pairing keeps the absolute criteria "
            "(C.04.3 C1-C3: no rematch, no second bye, no clash of absolute colour "
            "preferences). Check the byes and absences of this round. (%(detail)s)"
        ) % {"number": number, "detail": error}) from error
    by_number = {e.number: e for e in tournament.entries.all()}
    round_ = Round.objects.create(tournament=tournament, number=number, published=False,
                                  bye=by_number[pairing.bye] if pairing.bye else None)
    if tournament.micro_match:
        _store_micro(round_, [(by_number[w].pk, by_number[b].pk) for w, b in pairing.boards])
    else:
        Game.objects.bulk_create([
            Game(round=round_, board=board, white=by_number[white], black=by_number[black])
            for board, (white, black) in enumerate(pairing.boards, start=1)
        ])
    if tournament.status != Status.ONGOING:
        tournament.status = Status.ONGOING
        tournament.save(update_fields=["status"])
    announce(tournament, ROUND_PAIRED, user=user, after=_pairing_state(round_))
    return round_


def _store_micro(round_: Round, pairing: list[tuple[int, int]]) -> None:
    """A micro-match round's games from its pairing (entry ids, White of the first game first):
    both games of each board, colours reversed. Only an unpublished round is rebuilt, so no game
    thrown away has a result, a score sheet or a claim."""
    round_.games.all().delete()
    Game.objects.bulk_create([Game(round=round_, board=board, white_id=white, black_id=black)
                              for board, white, black in swiss_micro.stored_games(pairing)])


def _micro_pairing(round_: Round) -> list[tuple[int, int]]:
    """A micro-match round's pairing as entry ids (first game's White, Black), board order."""
    return swiss_micro.boards_of(round_.games.values_list("board", "white_id", "black_id"))


def _round_boards(round_: Round) -> list[tuple[int, int]]:
    """The pairing's boards by pairing numbers: a micro-match's first games only."""
    games = round_.games.order_by("board").values_list("board", "white__number",
                                                       "black__number")
    if round_.tournament.micro_match:
        return swiss_micro.boards_of(games)
    return [(white, black) for _board, white, black in games]


def _pairing_state(round_: Round) -> dict:
    return {"round": round_.number, "boards": [list(g) for g in _round_boards(round_)],
            "bye": round_.bye.number if round_.bye_id else None}


def _unpublished(round_: Round) -> Round:
    round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
    _locked(round_.tournament)
    if round_.published:
        raise SwissError(_("Round %(number)d is published: its pairing can no longer change.") % {
            "number": round_.number})
    return round_


def round_has_records(round_: Round) -> bool:
    """Whether anything was played or written in the round: a result, or a record another app
    keeps on one of its games (a score sheet, a claim), which deleting the round would lose.
    The audit log's entries only point at a game, so they do not count."""
    games = Game.objects.filter(round=round_)
    if games.exclude(result=GameResult.NOT_PLAYED).exists():
        return True
    for relation in Game._meta.related_objects:
        if relation.related_model._meta.app_label == Game._meta.app_label:
            continue  # the tournaments app's own rows go with the round
        if relation.on_delete is models.SET_NULL:
            continue
        if relation.related_model._base_manager.filter(
                **{f"{relation.field.name}__in": games}).exists():
            return True
    return False


def _deletable_last_round(round_: Round) -> Round:
    """The round, locked with its tournament, if it may be thrown away: the last one, with
    nothing played or written in it (issue 25: a published round paired by mistake)."""
    round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
    tournament = _locked(round_.tournament)
    round_.tournament = tournament
    _refuse_unless_swiss(tournament)
    last = _last_round(tournament)
    if last is None or last.pk != round_.pk:
        raise SwissError(_("Only the last round (%(last)d) can be deleted or paired again.") % {
            "last": last.number if last else 0})
    if round_has_records(round_):
        raise SwissError(_(
            "Round %(number)d has results or score sheets: it can no longer be deleted or "
            "paired again.") % {"number": round_.number})
    return round_


def _delete(round_: Round, user) -> None:
    """Delete the round and log what it was."""
    before = _pairing_state(round_)
    before["published"] = round_.published
    tournament = round_.tournament
    round_.games.all().delete()
    round_.delete()
    if not tournament.rounds.exists() and tournament.status == Status.ONGOING:
        tournament.status = Status.REGISTRATION
        tournament.save(update_fields=["status"])
    announce(tournament, ROUND_DELETED, user=user, before=before)


@transaction.atomic
def delete_last_round(round_: Round, *, user=None) -> int:
    """Throw away the last round, published or not, while nothing is played in it; its number
    is returned."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _deletable_last_round(round_)
    number = round_.number
    _delete(round_, user)
    return number


@transaction.atomic
def repair_round(round_: Round, *, user=None) -> Round:
    """Throw the last round's pairing away and pair it again (after byes changed, or a round
    published by mistake), while nothing is played in it."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _deletable_last_round(round_)
    tournament, number = round_.tournament, round_.number
    _delete(round_, user)
    return _pair(tournament, number, user)


@transaction.atomic
def publish_round(round_: Round, *, user=None) -> Round:
    """Make the pairing public: players see it, results can be entered."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _unpublished(round_)
    round_.published = True
    round_.save(update_fields=["published"])
    announce(round_.tournament, ROUND_PUBLISHED, user=user, after=_pairing_state(round_))
    return round_


@dataclass(frozen=True)
class _Seat:
    game: Game | None  # None: the pairing-allocated bye
    white: bool


@transaction.atomic
def swap_colours(round_: Round, board: int, *, user=None) -> list[str]:
    """Give White to Black and Black to White on `board`; returns the criteria this breaks."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _unpublished(round_)
    if round_.tournament.micro_match:
        # Each player has both colours anyway: who has White in the first game changes.
        pairing = _micro_pairing(round_)
        match = micro_match.match_of(board)
        if not 1 <= match <= len(pairing):
            raise SwissError(_("Round %(number)d has no board %(board)d.") % {
                "number": round_.number, "board": board})
        white, black = pairing[match - 1]
        pairing[match - 1] = (black, white)
        _store_micro(round_, pairing)
        return _after_edit(round_, user)
    game = round_.games.get(board=board)
    Game.objects.filter(pk=game.pk).update(white=game.black_id, black=game.white_id)
    return _after_edit(round_, user)


@transaction.atomic
def exchange_opponents(round_: Round, first: Entry, second: Entry, *, user=None) -> list[str]:
    """Put `first` where `second` sits and back (another board, or the bye); returns the
    criteria this breaks."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _unpublished(round_)
    if round_.tournament.micro_match:
        return _exchange_micro(round_, first, second, user)
    seat_a, seat_b = _seat(round_, first), _seat(round_, second)
    if seat_a.game and seat_b.game and seat_a.game.pk == seat_b.game.pk:
        raise SwissError(_("They already play each other: swap their colours instead."))
    # Clear both seats first: a player may sit once per round (database constraints).
    games = [s.game for s in (seat_a, seat_b) if s.game]
    placed = {first.pk: seat_b, second.pk: seat_a}
    for game in games:
        game.delete()
    for entry_id, seat in placed.items():
        if seat.game is None:
            round_.bye_id = entry_id
        else:
            if seat.white:
                seat.game.white_id = entry_id
            else:
                seat.game.black_id = entry_id
    round_.save(update_fields=["bye"])
    for game in games:
        game.pk = None
        game.save()
    return _after_edit(round_, user)


def _exchange_micro(round_: Round, first: Entry, second: Entry, user) -> list[str]:
    pairing = _micro_pairing(round_)
    seats = [entry for pair in pairing for entry in pair] + [round_.bye_id]
    for entry in (first, second):
        if entry.pk not in seats:
            raise SwissError(_("%(name)s is not paired in round %(number)d.") % {
                "name": entry.player.name, "number": round_.number})
    if any({first.pk, second.pk} == set(pair) for pair in pairing):
        raise SwissError(_("They already play each other: swap their colours instead."))
    swap = {first.pk: second.pk, second.pk: first.pk}
    pairing = [(swap.get(white, white), swap.get(black, black)) for white, black in pairing]
    round_.bye_id = swap.get(round_.bye_id, round_.bye_id)
    round_.save(update_fields=["bye"])
    _store_micro(round_, pairing)
    return _after_edit(round_, user)


def _seat(round_: Round, entry: Entry) -> _Seat:
    if round_.bye_id == entry.pk:
        return _Seat(None, False)
    game = round_.games.filter(white=entry).first()
    if game:
        return _Seat(game, True)
    game = round_.games.filter(black=entry).first()
    if game:
        return _Seat(game, False)
    raise SwissError(_("%(name)s is not paired in round %(number)d.") % {
        "name": entry.player.name, "number": round_.number})


def _after_edit(round_: Round, user) -> list[str]:
    """Every criterion the whole draft breaks after the edit, not only what the edit changed:
    an earlier edit's fault still stands until it is undone (issue 25)."""
    announce(round_.tournament, PAIRING_EDITED, user=user, after=_pairing_state(round_))
    return draft_warnings(round_)


def draft_warnings(round_: Round) -> list[str]:
    """One line per criterion the draft of `round_` breaks, with its boards (and the bye)."""
    position = position_before(round_.tournament, round_.number)
    return breach_lines(draft_breaches(position, _round_boards(round_),
                                       round_.bye.number if round_.bye_id else None))


def _absolute(state: PlayerState) -> str | None:
    """The colour a player must get (C.04.3 1.7.1): colour difference beyond ±1, or the same
    colour in his two latest games."""
    cd = state.colour_difference
    if cd > 1:
        return "b"
    if cd < -1:
        return "w"
    if len(state.colours) >= 2 and state.colours[-1] == state.colours[-2]:
        return "b" if state.colours[-1] == "w" else "w"
    return None


def _preference(state: PlayerState) -> str | None:
    """The colour a player would rather have (C.04.3 1.7): the absolute one, else the one he
    had less, else the other of his last game."""
    absolute = _absolute(state)
    if absolute:
        return absolute
    if state.colour_difference:
        return "b" if state.colour_difference > 0 else "w"
    if state.colours:
        return "b" if state.colours[-1] == "w" else "w"
    return None


def edit_warnings(position: PairingInput, boards: Iterable[tuple[int, int]], bye: int | None,
                  *, names: dict[int, str] | None = None,
                  engine: RoundPairing | None = None) -> list[str]:
    """Each FIDE criterion a pairing breaks, in plain words (C.04.3, as of 2025); with the
    engine's own pairing, also a pair whose colours differ from the allocation rules (5.2)."""
    names = names or {}
    reversed_pairs = {(b, w) for w, b in engine.boards} if engine else set()
    states = {p.number: p for p in position.players}

    def who(number: int) -> str:
        return f"{number}. {names.get(number, '')}".strip()

    warnings = []
    last = position.round_no == position.total_rounds
    for white, black in boards:
        w, b = states.get(white), states.get(black)
        if w is None or b is None:
            continue
        if black in w.opponents:
            warnings.append(_("C1: %(a)s and %(b)s have already played each other.") % {
                "a": who(white), "b": who(black)})
        # Micro-matches give both colours every round: no colour criterion applies.
        if position.colour_rules and _absolute(w) and _absolute(w) == _absolute(b) and not last:
            warnings.append(_(
                "C3: %(a)s and %(b)s both have an absolute colour preference for the same "
                "colour."
            ) % {"a": who(white), "b": who(black)})
        for state, got in ((w, "w"), (b, "b")) if position.colour_rules else ():
            wanted = _preference(state)
            if wanted and wanted != got:
                message = (_("C10: %(a)s does not get his absolute colour preference "
                             "(%(colour)s).") if _absolute(state)
                           else _("C10: %(a)s does not get his colour preference (%(colour)s)."))
                warnings.append(message % {"a": who(state.number),
                                           "colour": _("White") if wanted == "w" else _("Black")})
        if (white, black) in reversed_pairs and position.colour_rules:
            warnings.append(_(
                "5.2: %(a)s should have White against %(b)s by the colour allocation rules."
            ) % {"a": who(black), "b": who(white)})
        if w.score != b.score:
            warnings.append(_(
                "C6: %(a)s (%(pa)s) and %(b)s (%(pb)s) have different scores."
            ) % {"a": who(white), "pa": _points(w), "b": who(black), "pb": _points(b)})
    if bye is not None and bye in states:
        state = states[bye]
        if state.bye_ineligible:
            warnings.append(_(
                "C2: %(a)s has already had a pairing-allocated bye or a win without playing."
            ) % {"a": who(bye)})
        lowest = min(p.score for p in position.players)
        if state.score > lowest:
            warnings.append(_(
                "C5: the bye should go to a player of the lowest score, not %(a)s (%(pa)s)."
            ) % {"a": who(bye), "pa": _points(state)})
    return warnings


@dataclass(frozen=True)
class Breach:
    """A criterion the draft breaks: where (board numbers, from 1, and/or the bye)."""

    criterion: str
    boards: tuple[int, ...]
    bye: bool = False


#: The criteria a draft is judged on, in the order the page lists them, with what each means.
DRAFT_CRITERIA = {
    "C1": gettext_lazy("players who have already met"),
    "C2": gettext_lazy("a second pairing-allocated bye, or one after a win without playing"),
    "C3": gettext_lazy("both players have an absolute preference for the same colour"),
    "C5": gettext_lazy("the bye is not at the lowest score"),
    "C6": gettext_lazy("players of different scores"),
    "C10": gettext_lazy("a player does not get his colour preference"),
    "5.2": gettext_lazy("colours other than the allocation rules give"),
    "C12": gettext_lazy("a player floats down again, as in the previous round"),
    "C13": gettext_lazy("a player floats up again, as in the previous round"),
    "C14": gettext_lazy("a player floats down as he did two rounds before"),
    "C15": gettext_lazy("a player floats up as he did two rounds before"),
}


def draft_breaches(position: PairingInput, boards: Sequence[tuple[int, int]],
                   bye: int | None) -> list[Breach]:
    """Each criterion of `DRAFT_CRITERIA` the whole pairing breaks, board by board (C.04.3,
    2025). `boards` are (White, Black) pairing numbers in board order; a micro-match's first
    games. Floats: the higher score of a pair floats down, the lower up, the PAB is a downfloat
    (1.4); C12-C15 count those repeated from the previous round or two rounds before."""
    states = {p.number: p for p in position.players}
    where: dict[str, list[int]] = {key: [] for key in DRAFT_CRITERIA}
    colours = position.colour_rules
    last = position.round_no == position.total_rounds
    pairs = [(w, b) for w, b in boards if w in states and b in states]
    allocated = dict(zip(pairs, allocate_colours(position, pairs), strict=True)) if colours \
        else {}

    def mark(criterion: str, board: int) -> None:
        if board not in where[criterion]:
            where[criterion].append(board)

    def floats(state: PlayerState, now: str, board: int) -> None:
        if state.floats and state.floats[-1] == now:
            mark("C12" if now == "d" else "C13", board)
        if len(state.floats) >= 2 and state.floats[-2] == now:
            mark("C14" if now == "d" else "C15", board)

    for board, (white, black) in enumerate(boards, start=1):
        w, b = states.get(white), states.get(black)
        if w is None or b is None:
            continue
        if black in w.opponents:
            mark("C1", board)
        if colours:
            if _absolute(w) and _absolute(w) == _absolute(b) and not last:
                mark("C3", board)
            if any(_preference(s) not in (None, got) for s, got in ((w, "w"), (b, "b"))):
                mark("C10", board)
            if allocated[(white, black)] != (white, black):
                mark("5.2", board)
        if w.score != b.score:
            mark("C6", board)
            high, low = (w, b) if w.score > b.score else (b, w)
            floats(high, "d", board)
            floats(low, "u", board)
    out = [Breach(key, tuple(found)) for key, found in where.items() if found]
    if bye is not None and bye in states:
        state = states[bye]
        # C5 weighs the players who may have the bye: the lowest score among them.
        lowest = min((p.score for p in position.players if not p.bye_ineligible),
                     default=state.score)
        on_bye = {"C2": state.bye_ineligible, "C5": state.score > lowest,
                  "C12": bool(state.floats) and state.floats[-1] == "d",
                  "C14": len(state.floats) >= 2 and state.floats[-2] == "d"}
        keys = [key for key in DRAFT_CRITERIA if on_bye.get(key)]
        found = {b.criterion: b for b in out}
        for key in keys:
            found[key] = Breach(key, found[key].boards if key in found else (), True)
        out = [found[key] for key in DRAFT_CRITERIA if key in found]
    return out


def breach_lines(breaches: Iterable[Breach]) -> list[str]:
    """"C12: boards 3, 7 (what C12 means)", in the user's language."""
    lines = []
    for breach in breaches:
        parts = []
        if breach.boards:
            parts.append(ngettext("board %(boards)s", "boards %(boards)s", len(breach.boards))
                         % {"boards": ", ".join(map(str, breach.boards))})
        if breach.bye:
            parts.append(pgettext("a round without a game for one player", "bye"))
        lines.append(_("%(criterion)s: %(where)s (%(meaning)s)") % {
            "criterion": breach.criterion, "where": ", ".join(parts),
            "meaning": DRAFT_CRITERIA[breach.criterion]})
    return lines


def _points(state: PlayerState) -> str:
    return f"{float(state.score):g}"


@transaction.atomic
def request_absence(entry: Entry, round_number: int, kind: str) -> Absence:
    """A half- or zero-point bye asked for, or an absence, before the round is paired (C.04.2);
    the player is left out of that round's pairing."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    if kind not in AbsenceKind.values:
        raise SwissError(_("\"%(kind)s\" is not a kind of bye.") % {"kind": kind})
    if not 1 <= round_number <= tournament.swiss_rounds:
        raise SwissError(_("The tournament has rounds 1 to %(count)d.") % {
            "count": tournament.swiss_rounds})
    # An unpublished pairing is not yet the round's: the arbiter re-pairs it with the request.
    if tournament.rounds.filter(number__gte=round_number, published=True).exists():
        raise SwissError(_(
            "Round %(number)d is already paired: a bye is asked for before the pairing."
        ) % {"number": round_number})
    if kind in REQUESTED_BYES:
        taken = entry.absences.filter(kind__in=REQUESTED_BYES).exclude(
            round_number=round_number).count()
        if taken >= tournament.max_requested_byes:
            raise SwissError(_(
                "%(name)s has already had the %(count)d bye(s) the regulation allows."
            ) % {"name": entry.player.name, "count": tournament.max_requested_byes})
    absence, _created = Absence.objects.update_or_create(
        entry=entry, round_number=round_number, defaults={"kind": kind})
    return absence


@transaction.atomic
def cancel_absence(entry: Entry, round_number: int) -> None:
    """The player will play that round after all (before it is paired)."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    if tournament.rounds.filter(number__gte=round_number, published=True).exists():
        raise SwissError(_("Round %(number)d is already paired.") % {"number": round_number})
    entry.absences.filter(round_number=round_number).delete()


@transaction.atomic
def enter_late(tournament: Tournament, *, name: str, club: str = "", rating: int | None = None,
               federation_id: str = "") -> Entry:
    """A late entry (C.04.2): paired from the next round on, his missed rounds unplayed with
    no points; pairing numbers are given again by the initial-ranking order (rating, then name),
    the newcomer taking his place among the others."""
    page_version.bump(tournament.pk)  # what the public pages show changes
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    first_round = last + 1
    if first_round > tournament.swiss_rounds:
        raise SwissError(_("Every round is paired: it is too late to enter."))
    player = Player.objects.filter(federation_id=federation_id).first() if federation_id else None
    if player is None:
        player = Player(name=name, club=club, rating=rating, federation_id=federation_id)
        player.full_clean()
        player.save()
    elif tournament.entries.filter(player=player).exists():
        raise DuplicatePlayerError(_(
            "%(name)s (federation id %(id)s) is already in this tournament."
        ) % {"name": player.name, "id": federation_id})
    entry = Entry.objects.create(tournament=tournament, player=player, first_round=first_round)
    _renumber(list(tournament.entries.select_related("player")))
    entry.refresh_from_db()
    return entry


@transaction.atomic
def come_back(entry: Entry, *, user=None) -> Entry:
    """A Swiss player who had withdrawn plays again from the next round paired (his rounds away
    stay unplayed, no points); only a Swiss can take him back, a round robin's games are gone."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.withdrawn:
        raise SwissError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    if last >= tournament.swiss_rounds:
        raise SwissError(_("Every round is paired: it is too late to come back."))
    entry.withdrawn = False
    entry.save(update_fields=["withdrawn"])
    announce(tournament, "withdrawal-undone", user=user, before=withdrawal_state(entry, True),
             after=withdrawal_state(entry, False))
    return entry
