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
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Player, Team, TeamMember, Tournament
from tournaments.services.entries import (
    DuplicatePlayerError,
    learn_blanks,
    validate_without_queries,
)
from tournaments.services.errors import PairingsExistError, TournamentError
from tournaments.services.people import Registry, normalised
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


@dataclass
class _Save:
    """What the step writes, gathered row by row before the bulk writes."""

    tournament: Tournament
    teams: dict[str, Team]  # by normalised name, the competition's and the new ones
    sizes: dict[str, int]  # each team's last place on its roster so far
    entered: set[int]  # the people in the competition (their ids, or id() while unsaved)
    registry: Registry
    new_teams: list[Team] = field(default_factory=list)
    new_people: list[Player] = field(default_factory=list)
    learnt: dict[int, tuple[Player, set[str]]] = field(default_factory=dict)
    placed: list[tuple[Team, Player, int]] = field(default_factory=list)


@transaction.atomic
def import_rosters(tournament: Tournament, places: Sequence[RosterPlace], *,
                   user=None) -> RostersSaved:
    """Create or find each team, then put each player at his place on its roster, in the order
    of `places`; every place must follow the team's last one (no gap, no place taken).

    A fixed few queries however many rows (issue 27: a 1,000-row file): the teams, their
    rosters' sizes, the competition's people and the registry's candidates read once, each row
    checked in memory as the saved rows before it would be, then teams, people, entries and
    places written in bulk and the pages' version moved once."""
    tournament = _locked(tournament)
    if tournament.rounds.exists():
        raise PairingsExistError(_("The rounds are already generated: the rosters are fixed."))
    teams = list(tournament.teams.annotate(size=Count("members")))
    save = _Save(
        tournament, teams={normalised(team.name): team for team in reversed(teams)},
        sizes={normalised(team.name): team.size for team in reversed(teams)},
        entered=set(tournament.entries.order_by().values_list("player_id", flat=True)),
        registry=Registry((place.name, place.federation_id, place.birth_date)
                          for place in places))
    for place in places:
        team = _team(save, place)
        save.placed.append((team, _person(save, place), place.position))
    _write(save)
    # The audit log's "players imported" (its actions are a closed list in the database), the
    # rosters said in its details.
    created = [team.name for team in save.new_teams]
    announce(tournament, "players-imported", user=user, after={
        "rosters": True, "teams_created": created, "players": len(places)})
    return RostersSaved(created, len(save.new_people), len(places) - len(save.new_people))


def _team(save: _Save, place: RosterPlace) -> Team:
    """The row's team, found or new (unsaved), once its place on the roster is checked."""
    key = normalised(place.team)
    team = save.teams.get(key)
    if team is None:
        team = Team(tournament=save.tournament, name=place.team)
        try:  # its name unique: no team of the competition has it, spaces and capitals aside
            validate_without_queries(team, exclude=["number", "tournament"])
        except ValidationError as error:
            raise _refuse(place.line, " ".join(error.messages)) from error
        save.teams[key] = team
        save.new_teams.append(team)
    expected = save.sizes.get(key, 0) + 1
    if place.position != expected or place.position > MAX_ROSTER:
        raise _refuse(place.line, _(
            "%(team)s's next place on the roster is %(expected)d, not %(order)d.") % {
            "team": team.name, "expected": expected, "order": place.position})
    save.sizes[key] = expected
    return team


def _person(save: _Save, place: RosterPlace) -> Player:
    """The registry's person (what it did not know is learnt), or a new one (unsaved)."""
    details = {"club": place.club, "rating": place.rating, "federation_id": place.federation_id,
               "birth_date": place.birth_date, "birth_year": place.birth_year}
    match = save.registry.find(name=place.name, federation_id=place.federation_id,
                               birth_date=place.birth_date)
    if match is None:
        player = Player(name=place.name, **{key: value for key, value in details.items()
                                            if value is not None})
        try:  # its federation id unique: the registry found no one with it
            validate_without_queries(player)
        except ValidationError as error:
            raise _refuse(place.line, " ".join(error.messages)) from error
        player.derive()
        save.new_people.append(player)
    else:
        player = match.player
        if (player.pk or id(player)) in save.entered:
            raise _refuse(place.line, _(
                "%(name)s (%(how)s) is already in this competition.") % {
                "name": player.name, "how": match.reason})
        try:
            learnt = learn_blanks(player, details, ids_looked_up=True)
        except DuplicatePlayerError as error:
            raise _refuse(place.line, str(error)) from error
        if learnt:
            player.derive()
            save.learnt.setdefault(player.pk, (player, set()))[1].update(learnt)
    save.entered.add(player.pk or id(player))
    save.registry.remember(player)
    return player


def _write(save: _Save) -> None:
    """Everything at once: the new teams and people, what the registry learnt, the entries
    numbered on from the competition's last, and their places on the rosters."""
    tournament = save.tournament
    Team.objects.bulk_create(save.new_teams)
    Player.objects.bulk_create(save.new_people)
    if save.learnt:
        people = [player for player, _fields in save.learnt.values()]
        fields = set().union(*(fields for _player, fields in save.learnt.values()))
        if "birth_date" in fields:
            fields.add("birth_year")  # as save() keeps it
        Player.objects.bulk_update(people, sorted(fields))
    last = tournament.entries.aggregate(last=Max("number"))["last"] or 0
    entries = Entry.objects.bulk_create([
        Entry(tournament=tournament, player=player, number=last + index)
        for index, (_team, player, _position) in enumerate(save.placed, start=1)])
    TeamMember.objects.bulk_create([
        TeamMember(team=team, entry=entry, position=position)
        for (team, _player, position), entry in zip(save.placed, entries, strict=True)])
    page_version.bump(tournament.pk)  # issue 15: every write moves the pages' version on
    if save.learnt:  # a person's learnt club or rating shows in his other competitions too
        for other in (Entry.objects.filter(player__in=list(save.learnt))
                      .exclude(tournament=tournament).order_by()
                      .values_list("tournament_id", flat=True).distinct()):
            page_version.bump(other)
