"""The players and their entries: adding a player (or a person the registry knows), taking
one off the list before pairing, and the round robin's limit on the field."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Player, Tournament
from tournaments.queries.rating_lists import FMJD, NATIONAL, row_in_force, tournament_day
from tournaments.services.errors import (
    DuplicatePlayerError,
    TooManyPlayersError,
    TournamentError,
)
from tournaments.services.people import Match, find_person
from tournaments.services.tournament import _refuse_if_paired, announce

# A round robin of n players plays n(n-1)/2 games a cycle: 100 players already play 4,950 in 99
# rounds, as far as its crosstable, pages and files stay quick; 300 would play 44,850. Larger
# fields belong to the Swiss system (issue 13; see the README).
MAX_ROUND_ROBIN_PLAYERS = 100


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


# Facts of a person the registry keeps besides his name (tournaments/services/people.py,
# issue 17).
PERSON_DETAILS = ("club", "rating", "federation_id", "sex", "birth_date", "birth_year", "state",
                  "fmjd_id", "fmjd_rating", "title")


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
    name, details = from_rating_list(tournament, name, details)
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


# (kind of list, the id it matches, the rating it gives) for a player's two ids (issue 27).
LIST_IDS = ((NATIONAL, "federation_id", "rating"), (FMJD, "fmjd_id", "fmjd_rating"))


# Joining words of Portuguese (and Spanish) names, lower case inside a name: "Maria das Dores".
NAME_PARTICLES = frozenset({"da", "das", "de", "del", "di", "do", "dos", "du", "e", "y"})


def name_from_list(name: str) -> str:
    """A name as a federation list writes it, in capitals ("MARIA DAS DORES D'ÁVILA"), as a
    starting list prints names ("Maria das Dores D'Ávila"); a name in mixed case is the
    list's own spelling ("McAllister") and is kept. The rehearsal of issue 27 printed 150
    names in capitals beside typed ones."""
    if not any(character.islower() for character in name) and any(
            character.isupper() for character in name):
        words = name.split()
        return " ".join(
            word.lower() if index and word.lower() in NAME_PARTICLES else _capitalised(word)
            for index, word in enumerate(words))
    return name


def _capitalised(word: str) -> str:
    """Each part after an apostrophe or a hyphen capitalised: D'Ávila, Silva-Neto."""
    out, start = [], True
    for character in word.lower():
        out.append(character.upper() if start else character)
        start = character in "'’-"
    return "".join(out)


class NotOnRatingListError(TournamentError):
    """A player entered by id alone whose id no list in force has."""


def from_rating_list(tournament: Tournament, name: str, details: Mapping
                     ) -> tuple[str, dict]:
    """The name and details with what the lists in force at the tournament's start say of the
    player's ids filled in where the form or the file left a blank (issue 27): what an organiser
    typed is his choice, the list completes it."""
    filled = dict(details)
    day = tournament_day(tournament)
    for kind, id_key, rating_key in LIST_IDS:
        identifier = (filled.get(id_key) or "").strip()
        row = row_in_force(day, identifier, kind) if identifier else None
        if row is None:
            continue
        name = name.strip() or name_from_list(row.name)
        if not filled.get("club") and row.federation:
            filled["club"] = row.federation[:200]
        if filled.get(rating_key) is None and row.rating is not None:
            filled[rating_key] = row.rating
        if filled.get("birth_year") is None and not filled.get("birth_date") and row.birth_year:
            filled["birth_year"] = row.birth_year
        if not filled.get("title") and row.title:
            filled["title"] = row.title[:20]
    if not name.strip():
        ids = [filled.get(key) for _kind, key, _rating in LIST_IDS if filled.get(key)]
        raise NotOnRatingListError(_(
            "No name, and the id %(id)s is on no rating list in force on %(day)s: type the "
            "player's name.") % {"id": ", ".join(ids) or "–", "day": day.strftime("%d/%m/%Y")})
    return name, filled


def _fill_blanks(player: Player, details: Mapping) -> None:
    """What the registry did not know yet is learnt; what it knew is kept."""
    if learn_blanks(player, details):
        player.save()


def learn_blanks(player: Player, details: Mapping, *, ids_looked_up: bool = False
                 ) -> list[str]:
    """Set what the registry did not know yet (unsaved) and check it; return the fields learnt.

    `ids_looked_up`: the caller found the person by these ids first (people.Registry), so no one
    else has them and the constraints, a query each, are checked only when a field is at fault,
    for the message to be the same as without."""
    changed = [key for key, value in details.items()
               if value not in (None, "") and getattr(player, key) in (None, "")]
    if not changed:
        return []
    for key in changed:
        setattr(player, key, details[key])
    try:
        if ids_looked_up:
            validate_without_queries(player)
        else:
            player.full_clean()
    except ValidationError as error:  # an id of his that belongs to someone else
        raise DuplicatePlayerError(_(
            "%(name)s is already registered, and %(problems)s: check the ids before "
            "entering this person."
        ) % {"name": player.name, "problems": "; ".join(
            message for messages in error.message_dict.values() for message in messages)}
        ) from error
    return changed


def validate_without_queries(instance, *, exclude: list[str] | None = None) -> None:
    """full_clean with no query when nothing is at fault: the database constraints, which
    full_clean checks with a query each, are checked only to say a fault in full. For a caller
    that has already looked up what they keep unique, and leaves out its foreign keys (their
    check is a query too)."""
    try:
        instance.full_clean(exclude=exclude, validate_constraints=False)
    except ValidationError:
        instance.full_clean(exclude=exclude)
        raise


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
