"""Domain steps on stored tournaments, each one transaction that either happens whole or not at all.

Views, management commands and the demo loader call these; each raises a `TournamentError`
subclass with a message for people when the step is not allowed, and views turn it into a message.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.player_list import PlayerRow, parse_players_csv
from tournaments.models import (
    Entry,
    Game,
    GameResult,
    PairingSystem,
    Player,
    Round,
    Status,
    TeamCompetition,
    TeamMatch,
    TeamSystem,
    Tournament,
)
from tournaments.pairing import berger as pairing
from tournaments.pairing import micro_match
from tournaments.services.people import Match, find_person
from tournaments.signals import PLAYER_WITHDRAWN, result_changed, tournament_changed

SLUG_MAX = 70
RESERVED_SLUGS = {"novo"}  # taken by the page that creates a tournament

# A round robin of n players plays n(n-1)/2 games a cycle: 100 players already play 4,950 in 99
# rounds, as far as its crosstable, pages and files stay quick; 300 would play 44,850. Larger
# fields belong to the Swiss system (issue 13; see the README).
MAX_ROUND_ROBIN_PLAYERS = 100


class TournamentError(Exception):
    """A domain step that is not allowed now; the message says why and what to do instead."""


class PairingsExistError(TournamentError):
    """The rounds are generated: the field and the numbers are fixed."""


class NotPairedError(TournamentError):
    """The step needs the rounds, which are not generated yet."""


class NumbersNotDrawnError(TournamentError):
    pass


class InvalidNumbersError(TournamentError):
    pass


class NotEnoughPlayersError(TournamentError):
    pass


class DuplicatePlayerError(TournamentError):
    pass


class TooManyPlayersError(TournamentError):
    """More players than a round robin takes (MAX_ROUND_ROBIN_PLAYERS)."""


class InvalidResultError(TournamentError):
    pass


class AlreadyWithdrawnError(TournamentError):
    pass


class StaleResultError(TournamentError):
    """Someone saved the game since the form was shown; `current` is the game as it is now."""

    def __init__(self, current: Game):
        self.current = current
        shown = current.get_result_display() if current.result else _("not played yet")
        super().__init__(_(
            "This game was changed by someone else while you were editing it. Its result is now "
            "%(result)s (%(white)s with White, %(black)s with Black). Nothing was overwritten: "
            "check it and save again if it must change."
        ) % {"result": shown, "white": current.white.player.name,
             "black": current.black.player.name})


# The settings the audit log keeps, as the tournament form edits them.
SETTINGS_FIELDS = ("name", "place", "start_date", "end_date", "board", "time_control",
                   "draw_profile", "notation", "cycles", "swap_last_two", "scoring_win",
                   "scoring_draw", "scoring_loss", "tiebreaks", "annul_early_withdrawals")


def settings_of(tournament: Tournament) -> dict:
    """The tournament's settings as JSON data (dates as ISO text, points as text)."""
    values = {}
    for name in SETTINGS_FIELDS:
        value = getattr(tournament, name)
        if hasattr(value, "isoformat"):
            value = value.isoformat()
        elif not isinstance(value, str | int | bool | list | type(None)):
            value = str(value.normalize()) if hasattr(value, "normalize") else str(value)
        values[name] = value
    return values


def announce(tournament: Tournament, action: str, *, user=None, before=None, after=None) -> None:
    """Tell the audit log (arbitration) about an organiser's step, inside its transaction."""
    tournament_changed.send(sender=Tournament, tournament=tournament, action=action, user=user,
                            before=before, after=after)


def numbers_list(tournament: Tournament) -> list[str]:
    """ "1. Ana Beatriz" per player, by pairing number: what a draw or a setting gave."""
    return [f"{entry.number}. {entry.player.name}"
            for entry in tournament.entries.by_number() if entry.number is not None]


def unique_slug(name: str) -> str:
    """A slug from the name, with -2, -3... when it is taken."""
    base = slugify(name)[:SLUG_MAX].strip("-") or "torneio"
    slug, suffix = base, 2
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        slug = f"{base[: SLUG_MAX - 4]}-{suffix}"
        suffix += 1
    return slug


@transaction.atomic
def create_tournament(*, created_by=None, organisers: Iterable = (), arbiters: Iterable = (),
                      **fields) -> Tournament:
    """Save a new tournament; whoever creates it becomes one of its organisers. A Swiss gets
    the Swiss tie-breaks unless an order is given."""
    if fields.get("system") == PairingSystem.SWISS and "tiebreaks" not in fields:
        from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER

        fields["tiebreaks"] = list(DEFAULT_SWISS_ORDER)
    tournament = Tournament(**fields)
    if not tournament.slug:
        tournament.slug = unique_slug(tournament.name)
    tournament.full_clean()
    tournament.save()
    if created_by is not None:
        tournament.organisers.add(created_by)
    tournament.organisers.add(*organisers)
    tournament.arbiters.add(*arbiters)
    announce(tournament, "tournament-created", user=created_by, after=settings_of(tournament))
    return tournament


@transaction.atomic
def update_tournament(tournament: Tournament, *, user=None) -> Tournament:
    """Save changed settings; the schedule (cycles, swap) is fixed once the rounds exist.
    The fields that changed are logged, before and after."""
    stored = _locked(tournament)
    schedule_changed = (stored.cycles, stored.swap_last_two, stored.system) != (
        tournament.cycles, tournament.swap_last_two, tournament.system)
    if schedule_changed and stored.rounds.exists():
        raise PairingsExistError(_(
            "The rounds are already generated: single or double round robin can no longer change."
        ))
    if stored.micro_match != tournament.micro_match and stored.rounds.exists():
        raise PairingsExistError(_(
            "The rounds are already generated: micro-matches can no longer be switched on or off."
        ))
    tournament.full_clean()
    tournament.save()
    page_version.bump(tournament.pk)
    old, new = settings_of(stored), settings_of(tournament)
    changed = [name for name in SETTINGS_FIELDS if old[name] != new[name]]
    if changed:
        announce(tournament, "settings-edited", user=user,
                 before={name: old[name] for name in changed},
                 after={name: new[name] for name in changed})
    return tournament


def _refuse_if_paired(tournament: Tournament, message: str) -> None:
    if tournament.rounds.exists():
        raise PairingsExistError(message)


def round_robin_games(players: int, cycles: int = 1) -> int:
    """How many games a round robin of `players` plays: n(n-1)/2 a cycle."""
    return players * (players - 1) // 2 * cycles


def refuse_too_many_players(tournament: Tournament, players: int) -> None:
    """TooManyPlayersError when a round robin would have more than MAX_ROUND_ROBIN_PLAYERS."""
    if players > MAX_ROUND_ROBIN_PLAYERS:
        raise TooManyPlayersError(_(
            "A round robin takes at most %(limit)d players (%(limit_games)d games); this one "
            "would have %(count)d players and %(games)d games. For a larger field, use the Swiss "
            "system."
        ) % {"limit": MAX_ROUND_ROBIN_PLAYERS,
             "limit_games": round_robin_games(MAX_ROUND_ROBIN_PLAYERS, tournament.cycles),
             "count": players, "games": round_robin_games(players, tournament.cycles)})


# Facts of a person the registry keeps besides his name (tournaments/people.py, issue 17).
PERSON_DETAILS = ("club", "rating", "federation_id", "sex", "birth_date", "birth_year", "state",
                  "fmjd_id", "fmjd_rating")


@transaction.atomic
def add_player(tournament: Tournament, *, name: str, club: str = "", rating: int | None = None,
               federation_id: str = "", user=None, **details) -> Entry:
    """Enter a player (logged); one already known (federation id, FMJD id, or name and birth
    date) is reused, not duplicated."""
    entry, _match = enter_person(tournament, name=name, club=club, rating=rating,
                                 federation_id=federation_id, **details)
    announce(tournament, "player-added", user=user, after={"player": entry.player.name})
    return entry


@transaction.atomic
def enter_person(tournament: Tournament, *, name: str, **details) -> tuple[Entry, Match | None]:
    """Enter the registry's person these facts describe, or a new one; say which was found."""
    _refuse_if_paired(tournament, _(
        "The rounds are already generated: no player can be added to a round robin in progress."
    ) if not tournament.is_swiss else _(
        "Round 1 is paired: enter the player as a late entry."
    ))
    if not tournament.is_swiss:
        refuse_too_many_players(tournament, tournament.entries.count() + 1)
    unknown = set(details) - set(PERSON_DETAILS)
    if unknown:
        raise TypeError(f"unknown player details: {sorted(unknown)}")
    match = find_person(name=name, federation_id=details.get("federation_id") or "",
                        fmjd_id=details.get("fmjd_id") or "",
                        birth_date=details.get("birth_date"))
    if match is None:
        player = Player(name=name, **{key: value for key, value in details.items()
                                      if value is not None})
        player.full_clean()
        player.save()
    else:
        player = match.player
        if tournament.entries.filter(player=player).exists():
            raise DuplicatePlayerError(_(
                "%(name)s (%(how)s) is already in this tournament."
            ) % {"name": player.name, "how": match.reason})
        _fill_blanks(player, details)
    entry = Entry.objects.create(tournament=tournament, player=player)
    page_version.bump(tournament.pk)
    return entry, match


def _fill_blanks(player: Player, details: Mapping) -> None:
    """What the registry did not know yet is learnt; what it knew is kept."""
    changed = [key for key, value in details.items()
               if value not in (None, "") and getattr(player, key) in (None, "")]
    if not changed:
        return
    for key in changed:
        setattr(player, key, details[key])
    try:
        player.full_clean()
    except ValidationError as error:  # an id of his that belongs to someone else
        raise DuplicatePlayerError(_(
            "%(name)s is already registered, and %(problems)s: check the ids before "
            "entering this person."
        ) % {"name": player.name, "problems": "; ".join(
            message for messages in error.message_dict.values() for message in messages)}
        ) from error
    player.save()


@dataclass(frozen=True)
class ImportReport:
    """What a CSV import entered, and which lines were matched to a known person (and why)."""

    entries: list[Entry]
    merged: list[tuple[int, Match]]


@transaction.atomic
def import_players(tournament: Tournament, data: bytes, *, user=None) -> list[Entry]:
    """Add every player of a CSV file, or none if any line is wrong (CsvImportError); the log
    says how many."""
    return import_people(tournament, data, user=user).entries


@transaction.atomic
def import_people(tournament: Tournament, data: bytes, *, user=None) -> ImportReport:
    """import_players, saying which lines were merged with a person already registered."""
    rows: list[PlayerRow] = parse_players_csv(data)
    if not tournament.is_swiss:
        refuse_too_many_players(tournament, tournament.entries.count() + len(rows))
    entries, merged = [], []
    for row in rows:
        try:
            entry, match = enter_person(tournament, name=row.name, **row.details())
        except DuplicatePlayerError as error:
            raise CsvImportError([CsvProblem(row.line, "federation_id", str(error))]) from error
        except ValidationError as error:
            raise CsvImportError([
                CsvProblem(row.line, field, " ".join(messages))
                for field, messages in error.message_dict.items()
            ]) from error
        entries.append(entry)
        if match is not None:
            merged.append((row.line, match))
    announce(tournament, "players-imported", user=user, after={"players": len(entries)})
    return ImportReport(entries, merged)


@transaction.atomic
def remove_entry(entry: Entry, *, user=None) -> None:
    """Take a player off the list before pairing (after it, withdraw him instead)."""
    _refuse_if_paired(entry.tournament, _(
        "The rounds are already generated: withdraw the player instead; his remaining games "
        "become forfeits."
    ))
    announce(entry.tournament, "player-removed", user=user,
             before={"player": entry.player.name})
    entry.delete()
    page_version.bump(entry.tournament_id)


def _locked(tournament: Tournament) -> Tournament:
    """The tournament row locked until the transaction ends, so two clicks cannot both pair."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def draw_numbers(tournament: Tournament, seed: int | None = None, *,
                 user=None) -> dict[Entry, int]:
    """Pairing numbers by lot; the seed is recorded so the same draw can be replayed (Art. 10)."""
    tournament = _locked(tournament)
    _refuse_if_paired(tournament, _(
        "The rounds are already generated: pairing numbers can no longer be drawn."
    ))
    entries = list(tournament.entries.order_by("pk"))
    if len(entries) < 2:
        raise NotEnoughPlayersError(_("A round robin needs at least two players (Art. 2)."))
    if seed is None:
        seed = secrets.randbelow(2**31)
    by_id = {entry.pk: entry for entry in entries}
    numbers = pairing.draw_pairing_numbers(list(by_id), seed)
    _store_numbers(tournament, {by_id[pk]: number for pk, number in numbers.items()})
    tournament.pairing_seed = seed
    tournament.save(update_fields=["pairing_seed"])
    page_version.bump(tournament.pk)
    announce(tournament, "numbers-drawn", user=user,
             after={"seed": seed, "numbers": numbers_list(tournament)})
    return {by_id[pk]: number for pk, number in numbers.items()}


@transaction.atomic
def set_numbers(tournament: Tournament, numbers: Mapping[int, int], *, user=None) -> None:
    """Pairing numbers chosen by the organiser: {entry id: number}, exactly 1..n."""
    tournament = _locked(tournament)
    _refuse_if_paired(tournament, _(
        "The rounds are already generated: pairing numbers can no longer be changed."
    ))
    entries = {entry.pk: entry for entry in tournament.entries.all()}
    if set(numbers) != set(entries):
        raise InvalidNumbersError(_("Give every player of the tournament a number."))
    if sorted(numbers.values()) != list(range(1, len(entries) + 1)):
        raise InvalidNumbersError(_(
            "The numbers must be 1 to %(count)d, each used once."
        ) % {"count": len(entries)})
    _store_numbers(tournament, {entries[pk]: number for pk, number in numbers.items()})
    tournament.pairing_seed = None
    tournament.save(update_fields=["pairing_seed"])
    page_version.bump(tournament.pk)
    announce(tournament, "numbers-set", user=user, after={"numbers": numbers_list(tournament)})


def _store_numbers(tournament: Tournament, numbers: Mapping[Entry, int]) -> None:
    # Clear first: the numbers are unique per tournament and a permutation would clash midway.
    tournament.entries.update(number=None)
    for entry, number in numbers.items():
        entry.number = number
    Entry.objects.bulk_update(list(numbers), ["number"])


@transaction.atomic
def generate_rounds(tournament: Tournament, *, user=None) -> list[Round]:
    """Every round of the round robin from the Berger tables (Art. 2), byes included."""
    tournament = _locked(tournament)
    if tournament.is_swiss:
        raise PairingsExistError(_("A Swiss is paired one round at a time, not generated whole."))
    _refuse_if_paired(tournament, _(
        "The rounds are already generated. They cannot be generated twice."
    ))
    if hasattr(tournament, "team_competition"):
        raise TournamentError(_(
            "This is a team competition: its rounds pair teams, from the teams page."
        ))
    entries = list(tournament.entries.all())
    if len(entries) < 2:
        raise NotEnoughPlayersError(_("A round robin needs at least two players (Art. 2)."))
    refuse_too_many_players(tournament, len(entries))
    by_number = {entry.number: entry for entry in entries}
    if None in by_number or set(by_number) != set(range(1, len(entries) + 1)):
        raise NumbersNotDrawnError(_(
            "Every player needs a pairing number first: draw them by lot or set them."
        ))
    schedule = pairing.round_robin_schedule(
        len(entries), cycles=tournament.cycles, swap_last_two=tournament.swap_last_two
    )
    rounds = Round.objects.bulk_create([
        Round(tournament=tournament, number=planned.number,
              bye=by_number[planned.bye] if planned.bye else None)
        for planned in schedule
    ])
    Game.objects.bulk_create([
        Game(round=round_, board=game.board, white=by_number[game.white],
             black=by_number[game.black])
        for round_, planned in zip(rounds, schedule, strict=True)
        for game in (micro_match.both_games(planned.games) if tournament.micro_match
                     else planned.games)
    ])
    tournament.status = Status.ONGOING
    tournament.save(update_fields=["status"])
    page_version.bump(tournament.pk)
    announce(tournament, "rounds-generated", user=user, after={
        "rounds": len(rounds), "games": sum(len(planned.games) for planned in schedule)})
    return rounds


def rounds_to_come(tournament: Tournament) -> bool:
    """Whether a Swiss has rounds still to pair or publish: it is paired round by round, so
    every game having a result only finishes it after its last declared round (issue 25: it
    read "finished" after each round)."""
    if not tournament.is_swiss:
        return False
    published = tournament.rounds.filter(published=True).count()
    return published < (tournament.swiss_rounds or 0)


def _refresh_status(tournament: Tournament) -> None:
    """Finished when every game has a result, in progress otherwise (once paired)."""
    if not tournament.rounds.exists():
        return
    unplayed = Game.objects.of_tournament(tournament).filter(result=GameResult.NOT_PLAYED)
    # A team match's games exist only once its round starts (issue 16): one not started yet
    # keeps the competition in progress.
    unstarted = TeamMatch.objects.filter(round__tournament=tournament, away__isnull=False,
                                         boards__isnull=True)
    # A team Swiss pairs round by round: it goes on until its last round is paired.
    swiss_to_come = TeamCompetition.objects.filter(
        tournament=tournament, system=TeamSystem.SWISS,
        swiss_rounds__gt=tournament.rounds.count())
    status = (Status.ONGOING if unplayed.exists() or unstarted.exists()
              or swiss_to_come.exists() or rounds_to_come(tournament) else Status.FINISHED)
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


@transaction.atomic
def record_result(game: Game, *, result: str, expected_version: int, user=None,
                  colours_swapped: bool | None = None) -> Game:
    """Enter or correct a result, refusing a form that saw an older version of the game.

    `colours_swapped` says whether the colours played differ from the Berger table's (Art. 10);
    the result is read with the colours as given. Sends `result_changed` when anything changed.
    """
    if result not in GameResult.values:
        raise InvalidResultError(_("\"%(result)s\" is not a result.") % {"result": result})
    lock_tournament_of(game)
    current = _game_for_update(game.pk)
    if not current.round.published:
        raise NotPairedError(_(
            "Round %(number)d is not published yet: publish its pairing before its results."
        ) % {"number": current.round.number})
    if current.version != expected_version:
        if _already_recorded(current, result, colours_swapped):
            return current  # a double click, or two arbiters agreeing: nothing to overwrite
        raise StaleResultError(current)
    if colours_swapped is None:
        colours_swapped = current.colours_swapped
    swap = colours_swapped != current.colours_swapped
    if not swap and result == current.result:
        return current
    changes = {"result": result, "version": F("version") + 1}
    if swap:
        changes.update(white_id=current.black_id, black_id=current.white_id,
                       colours_swapped=colours_swapped)
    # The version in the WHERE makes the check and the write one step, even without row locks.
    if not Game.objects.filter(pk=current.pk, version=expected_version).update(**changes):
        raise StaleResultError(_game_for_update(game.pk))
    saved = _game_for_update(game.pk)
    page_version.bump(saved.round.tournament_id)
    result_changed.send(sender=Game, game=saved, before=current.result_value,
                        after=saved.result_value, user=user)
    _refresh_status(saved.round.tournament)
    return saved


def _already_recorded(current: Game, result: str, colours_swapped: bool | None) -> bool:
    """Whether a form from an older version asks for what the game already holds: the second
    post of a double click is not a conflict, only a different result is."""
    same_colours = colours_swapped is None or colours_swapped == current.colours_swapped
    return same_colours and result == current.result


def lock_tournament_of(game: Game) -> None:
    """Lock the game's tournament row until the transaction ends. Results saved at the same
    time then refresh the tournament's status one after the other, and the last sees every game
    played; unlocked, each could see the other's game still unplayed and leave a finished
    tournament "in progress". Every step that writes a result takes this lock before the game's
    row, so two steps never wait for each other in a cycle."""
    rounds = Round.objects.filter(pk=game.round_id).values("tournament_id")
    list(Tournament.objects.select_for_update().filter(pk__in=rounds).values_list("pk"))


def _game_for_update(pk: int) -> Game:
    return (Game.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "white__player", "black__player").get(pk=pk))


@transaction.atomic
def withdraw_player(entry: Entry, *, user=None) -> list[Game]:
    """Withdraw a player: each of his games not yet played becomes a forfeit (Art. 28).

    His opponent, present, wins. The withdrawal takes effect from the current round, the first
    one with a game still to play; from that round on, a game he was to win by forfeit because his
    opponent had already withdrawn becomes a double forfeit, since neither of them will be there.
    Results already entered over the board never change.
    """
    tournament = entry.tournament
    if not tournament.rounds.exists():
        raise NotPairedError(_(
            "The rounds are not generated yet: remove the player from the list instead."
        ))
    # Locked before his games are read (see lock_tournament_of): a result saved meanwhile is
    # then seen and kept, instead of refusing the whole withdrawal as stale.
    tournament = _locked(tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if entry.withdrawn:
        raise AlreadyWithdrawnError(_("%(name)s has already withdrawn.") % {
            "name": entry.player.name})
    entry.withdrawn = True
    entry.withdrawal_games = []
    entry.save(update_fields=["withdrawn", "withdrawal_games"])
    page_version.bump(tournament.pk)
    # A Swiss pairing not yet published is re-paired without him, not forfeited.
    current_round = (Game.objects.of_tournament(tournament)
                     .filter(result=GameResult.NOT_PLAYED, round__published=True)
                     .order_by("round__number").values_list("round__number", flat=True).first())
    if current_round is None:
        announce(tournament, PLAYER_WITHDRAWN, user=user, before=withdrawal_state(entry, False),
                 after={**withdrawal_state(entry, True), "forfeits": 0})
        return []
    games = (Game.objects.of_tournament(tournament).involving(entry)
             .filter(round__number__gte=current_round, round__published=True)
             .select_related("round", "white", "black").order_by("round__number"))
    changed = []
    for game in games:
        forfeit = _forfeit_on_withdrawal(game, entry)
        if forfeit is not None:
            before = game.result
            changed.append(record_result(game, result=forfeit, expected_version=game.version,
                                         user=user))
            entry.withdrawal_games.append({"game": game.pk, "before": before, "after": forfeit})
    entry.save(update_fields=["withdrawal_games"])
    _refresh_status(tournament)
    announce(tournament, PLAYER_WITHDRAWN, user=user, before=withdrawal_state(entry, False),
             after={**withdrawal_state(entry, True), "forfeits": len(changed)})
    return changed


def withdrawal_state(entry: Entry, withdrawn: bool) -> dict:
    """Who withdrew, as the audit log shows it before and after."""
    return {"player": entry.player.name, "number": entry.number, "withdrawn": withdrawn}


class NotWithdrawnError(TournamentError):
    pass


@transaction.atomic
def undo_withdrawal(entry: Entry, *, user=None) -> tuple[list[Game], list[Game]]:
    """Undo a withdrawal made by mistake (audited): the player is back, and each game the
    withdrawal turned into a forfeit gets its result from before it.

    A game whose result was changed since (an arbiter entered what was really played) is left
    as it is: returns (games restored, games left because they changed).
    """
    tournament = _locked(entry.tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.withdrawn:
        raise NotWithdrawnError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    restored, kept = [], []
    changes = {change["game"]: change for change in entry.withdrawal_games}
    for game in (Game.objects.of_tournament(tournament).filter(pk__in=changes)
                 .select_related("round").order_by("round__number", "board")):
        change = changes[game.pk]
        if game.result != change["after"]:
            kept.append(game)
            continue
        restored.append(record_result(game, result=change["before"],
                                      expected_version=game.version, user=user))
    entry.withdrawn = False
    entry.withdrawal_games = []
    entry.save(update_fields=["withdrawn", "withdrawal_games"])
    page_version.bump(tournament.pk)
    _refresh_status(tournament)
    announce(tournament, "withdrawal-undone", user=user,
             after={"player": entry.player.name, "forfeits": len(restored)})
    return restored, kept


def _forfeit_on_withdrawal(game: Game, leaver: Entry) -> str | None:
    """The result a game of `leaver` gets from his withdrawal, or None to leave it as it is."""
    leaver_is_white = game.white_id == leaver.pk
    opponent = game.black if leaver_is_white else game.white
    leaver_won_by_forfeit = game.result == (
        GameResult.WHITE_FORFEIT_WIN if leaver_is_white else GameResult.BLACK_FORFEIT_WIN)
    if opponent.withdrawn and (not game.result or leaver_won_by_forfeit):
        return GameResult.DOUBLE_FORFEIT
    if not game.result:
        return GameResult.BLACK_FORFEIT_WIN if leaver_is_white else GameResult.WHITE_FORFEIT_WIN
    return None
