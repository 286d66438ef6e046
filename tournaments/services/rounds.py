"""Pairing numbers (by lot or chosen) and a round robin's rounds, generated whole from the
Berger tables."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Game, Round, Status, Tournament
from tournaments.pairing import berger as pairing
from tournaments.pairing import micro_match
from tournaments.services.entries import refuse_too_many_players
from tournaments.services.errors import (
    InvalidNumbersError,
    NotEnoughPlayersError,
    NumbersNotDrawnError,
    PairingsExistError,
    TournamentError,
)
from tournaments.services.tournament import _locked, _refuse_if_paired, announce


def numbers_list(tournament: Tournament) -> list[str]:
    """ "1. Ana Beatriz" per player, by pairing number: what a draw or a setting gave."""
    return [f"{entry.number}. {entry.player.name}"
            for entry in tournament.entries.by_number() if entry.number is not None]


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
