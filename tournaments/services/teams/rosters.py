"""Whole rosters saved in one step (issue 27): the teams of a league and their players, read from
a file and confirmed on a preview (tournaments/files/roster_import.py), are created or found in
one transaction, whole or not at all.

Every check of the preview is made again here, under the tournament's lock: a round generated,
a player entered or a team added since the preview refuses the whole step with a TournamentError
naming the line, and nothing is saved.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Player, Team, TeamMember, Tournament
from tournaments.services.entries import DuplicatePlayerError, _fill_blanks
from tournaments.services.errors import PairingsExistError, TournamentError
from tournaments.services.people import find_person, normalised
from tournaments.services.teams.competition import MAX_ROSTER
from tournaments.services.tournament import _locked, announce


@dataclass(frozen=True)
class RosterPlace:
    """One player's place on a team's roster, as the file gives it (`line` names it)."""

    line: int
    team: str
    position: int
    name: str
    club: str = ""
    rating: int | None = None
    federation_id: str = ""
    birth_date: datetime.date | None = None
    birth_year: int | None = None


@dataclass(frozen=True)
class RostersSaved:
    teams_created: list[str]
    players_created: int
    players_found: int


def find_team(tournament: Tournament, name: str) -> Team | None:
    """The competition's team of this name, spaces and capitals aside."""
    wanted = normalised(name)
    return next((team for team in tournament.teams.all() if normalised(team.name) == wanted),
                None)


def _refuse(line: int, message: str) -> TournamentError:
    return TournamentError(_("Line %(line)d: %(message)s") % {"line": line, "message": message})


@transaction.atomic
def import_rosters(tournament: Tournament, places: Sequence[RosterPlace], *,
                   user=None) -> RostersSaved:
    """Create or find each team, then put each player at his place on its roster, in the order
    of `places`; every place must follow the team's last one (no gap, no place taken)."""
    tournament = _locked(tournament)
    if tournament.rounds.exists():
        raise PairingsExistError(_("The rounds are already generated: the rosters are fixed."))
    teams: dict[str, Team] = {}
    created: list[str] = []
    last = tournament.entries.order_by("-number").values_list("number", flat=True).first() or 0
    players_created = players_found = 0
    for place in places:
        key = normalised(place.team)
        team = teams.get(key) or find_team(tournament, place.team)
        if team is None:
            team = Team(tournament=tournament, name=place.team)
            try:
                team.full_clean(exclude=["number"])
            except ValidationError as error:
                raise _refuse(place.line, " ".join(error.messages)) from error
            team.save()
            created.append(team.name)
        teams[key] = team
        expected = team.members.count() + 1
        if place.position != expected or place.position > MAX_ROSTER:
            raise _refuse(place.line, _(
                "%(team)s's next place on the roster is %(expected)d, not %(order)d.") % {
                "team": team.name, "expected": expected, "order": place.position})
        player = _person(tournament, place)
        if player.pk is None:
            player.save()
            players_created += 1
        else:
            players_found += 1
        last += 1
        entry = Entry.objects.create(tournament=tournament, player=player, number=last)
        TeamMember.objects.create(team=team, entry=entry, position=place.position)
    page_version.bump(tournament.pk)  # issue 15: every write moves the pages' version on
    # The audit log's "players imported" (its actions are a closed list in the database), the
    # rosters said in its details.
    announce(tournament, "players-imported", user=user, after={
        "rosters": True, "teams_created": created, "players": len(places)})
    return RostersSaved(created, players_created, players_found)


def _person(tournament: Tournament, place: RosterPlace) -> Player:
    """The registry's person (what it did not know is learnt), or a new one, unsaved."""
    details = {"club": place.club, "rating": place.rating, "federation_id": place.federation_id,
               "birth_date": place.birth_date, "birth_year": place.birth_year}
    match = find_person(name=place.name, federation_id=place.federation_id,
                        birth_date=place.birth_date)
    if match is None:
        player = Player(name=place.name, **{key: value for key, value in details.items()
                                            if value is not None})
        try:
            player.full_clean()
        except ValidationError as error:
            raise _refuse(place.line, " ".join(error.messages)) from error
        return player
    player = match.player
    if tournament.entries.filter(player=player).exists():
        raise _refuse(place.line, _("%(name)s (%(how)s) is already in this competition.") % {
            "name": player.name, "how": match.reason})
    try:
        _fill_blanks(player, details)
    except DuplicatePlayerError as error:
        raise _refuse(place.line, str(error)) from error
    return player
