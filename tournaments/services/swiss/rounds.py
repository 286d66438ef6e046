"""A Swiss's rounds: the initial ranking, one round paired at a time by the engine, published,
deleted or paired again while nothing is played in it.

Each step is one transaction: a pairing the engine cannot make raises `PairingFailedError` before
anything is written, so a round is never half made. The engine sees plain data only, built by
`queries.swiss_trf.tournament_to_trf` exactly as the exported TRF file has it.
"""

from __future__ import annotations

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Game, GameResult, Round, Status, Tournament
from tournaments.pairing.swiss.dutch import RoundPairing
from tournaments.pairing.swiss.dutch_criteria import ForbiddenPairsBlock, NoValidPairing
from tournaments.pairing.swiss.state import PairingInput, from_trf
from tournaments.pairing.swiss.systems import get_system
from tournaments.queries import swiss_micro
from tournaments.queries.swiss_trf import tournament_to_trf
from tournaments.services.errors import TournamentError
from tournaments.services.tournament import _locked, announce
from tournaments.signals import ROUND_DELETED, ROUND_PAIRED, ROUND_PUBLISHED


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
    except ForbiddenPairsBlock as error:
        names = {e.number: e.player.name for e in tournament.entries.select_related("player")}
        pairs = "; ".join(f"{names.get(a, a)} – {names.get(b, b)}" for a, b in error.pairs)
        raise PairingFailedError(_(
            "Round %(number)d cannot be paired: no pairing keeps apart the players who must not "
            "meet (%(pairs)s), though the round pairs without that. Allow one of these pairs in "
            "this round, or check its byes and absences."
        ) % {"number": number, "pairs": pairs}) from error
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
