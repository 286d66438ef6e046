"""A team competition and its teams: creating it, the teams, their rosters of players, and the
errors of the team steps.

The steps follow the rest of tournaments.services: a `TournamentError` with a message for people
when a step is not allowed. The rules themselves (colours along the boards, line-up order,
scores) are in the plain module tournaments/standings/teams/.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import (
    Entry,
    Player,
    Team,
    TeamCompetition,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.services.errors import PairingsExistError, TournamentError
from tournaments.services.tournament import create_tournament
from tournaments.standings import teams

MAX_ROSTER = 20


class LineupError(TournamentError):
    """A line-up that breaks a rule; `problems` holds one sentence per board at fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


class RoundStartedError(TournamentError):
    """The round has started: its line-ups are locked."""


def is_team_event(tournament: Tournament) -> bool:
    return TeamCompetition.objects.filter(tournament=tournament).exists()


@transaction.atomic
def create_team_competition(*, created_by=None, boards: int = teams.DEFAULT_BOARDS,
                            system: str = TeamSystem.ROUND_ROBIN, team_settings: dict | None = None,
                            **fields) -> Tournament:
    """A new tournament played by teams on `boards` boards a match."""
    tournament = create_tournament(created_by=created_by, **fields)
    competition = TeamCompetition(tournament=tournament, boards=boards, system=system,
                                  **(team_settings or {}))
    competition.full_clean()
    competition.save()
    return tournament


def _refuse_if_started(tournament: Tournament, message: str) -> None:
    if tournament.rounds.exists():
        raise PairingsExistError(message)


@transaction.atomic
def add_team(tournament: Tournament, *, name: str, club: str = "", captain=None,
             captain_name: str = "") -> Team:
    _refuse_if_started(tournament, _(
        "The rounds are already generated: no team can be added."))
    team = Team(tournament=tournament, name=name.strip(), club=club, captain=captain,
                captain_name=captain_name)
    if Team.objects.filter(tournament=tournament, name=team.name).exists():
        raise TournamentError(_("There is already a team called %(name)s.") % {"name": name})
    team.full_clean(exclude=["number"])
    team.save()
    page_version.bump(tournament.pk)  # issue 15: every write moves the pages' version on
    return team


@transaction.atomic
def add_team_player(team: Team, *, name: str, club: str = "", rating: int | None = None,
                    federation_id: str = "") -> TeamMember:
    """Put a player at the end of the team's roster: regulars first, reserves after them."""
    tournament = team.tournament
    _refuse_if_started(tournament, _(
        "The rounds are already generated: the rosters are fixed."))
    position = team.members.count() + 1
    if position > MAX_ROSTER:
        raise TournamentError(_("A roster holds at most %(count)d players.") % {
            "count": MAX_ROSTER})
    player = Player.objects.filter(federation_id=federation_id).first() if federation_id \
        else None
    if player is None:
        player = Player(name=name, club=club or team.club, rating=rating,
                        federation_id=federation_id)
        player.full_clean()
        player.save()
    elif tournament.entries.filter(player=player).exists():
        raise TournamentError(_("%(name)s is already in this competition.") % {
            "name": player.name})
    # Team players are numbered as they are entered: the JSON backup and the game records name
    # players by number.
    last = tournament.entries.order_by("-number").values_list("number", flat=True).first()
    entry = Entry.objects.create(tournament=tournament, player=player, number=(last or 0) + 1)
    member = TeamMember.objects.create(team=team, entry=entry, position=position)
    page_version.bump(tournament.pk)
    return member


def roster(team: Team) -> list[Entry]:
    """The team's players in roster order."""
    return [member.entry for member in
            team.members.select_related("entry__player").order_by("position")]
