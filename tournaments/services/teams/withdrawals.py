"""A whole team withdrawn (issue 16): its matches from a round on are forfeited, and a
withdrawal made by mistake is undone."""

from __future__ import annotations

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import (
    Game,
    GameResult,
    LineupBoard,
    MatchBoard,
    Team,
    TeamMatch,
    TeamSystem,
    Tournament,
)
from tournaments.services.errors import AlreadyWithdrawnError, NotWithdrawnError, TournamentError
from tournaments.services.results import _refresh_status, record_result
from tournaments.services.teams.lineups import _set_up_match, round_started
from tournaments.services.tournament import _locked, announce
from tournaments.signals import TEAM_RETURNED, TEAM_WITHDRAWN
from tournaments.standings import teams
from tournaments.standings.scoring import Result


def team_rounds(tournament: Tournament) -> int:
    """How many rounds the competition has: the round robin's, or the Swiss's planned ones
    (those paired when no number was set)."""
    paired = tournament.rounds.count()
    competition = tournament.team_competition
    if competition.system == TeamSystem.SWISS:
        return max(paired, competition.swiss_rounds or 0)
    return paired


def first_round_to_withdraw(team: Team) -> int:
    """The earliest round a team can be withdrawn from: the first whose match (or bye) is not
    over yet; results already entered stand."""
    earliest = 1
    for round_ in team.tournament.rounds.order_by("number"):
        match = TeamMatch.objects.filter(round=round_).filter(
            models.Q(home=team) | models.Q(away=team)).first()
        if match is None:
            break
        if not round_started(round_):
            break
        if not match.is_bye and (match.away if match.home_id == team.pk else match.home
                                 ).withdrawn_in(round_.number):
            break  # won by forfeit as the other team left: it may still leave itself
        if not match.is_bye and Game.objects.filter(
                match_board__match=match, result=GameResult.NOT_PLAYED).exists():
            break
        earliest = round_.number + 1
    return earliest


def _forfeited_by(match: TeamMatch, team: Team, boards: int) -> bool:
    """Whether the match is set up with `team` absent from every board."""
    colours = dict(teams.board_colours(boards))
    rows = list(match.boards.values_list("board", "game_id", "forfeit"))
    if not rows:
        return False
    for board, game_id, forfeit in rows:
        if game_id is not None:
            return False
        team_white = (colours[board] == "white") == (match.home_id == team.pk)
        team_won = Result.WHITE_FORFEIT_WIN if team_white else Result.BLACK_FORFEIT_WIN
        if forfeit == team_won.value:
            return False
    return True


def _withdrawal_state(team: Team) -> dict:
    return {"team": team.name, "number": team.number,
            "withdrawn_from_round": team.withdrawn_from_round}


@transaction.atomic
def withdraw_team(team: Team, from_round: int, *, user=None) -> list[Game]:
    """Withdraw a whole team from round `from_round` on: it is no longer paired (Swiss), and
    every board of its remaining matches is a forfeit won by the other team (Art. 28), a
    double forfeit against a team that has withdrawn too. Boards of rounds already set up are
    changed now (each change audited as a result); later rounds are set up that way. Results
    already entered never change. Returns the games turned into forfeits.

    The tournament's withdrawal setting applies to teams as to players: with
    `annul_early_withdrawals`, a team that leaves a round robin before half its matches counts
    in no standing (teams.annulled_teams).
    """
    tournament = _locked(team.tournament)
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.withdrawn_from_round is not None:
        raise AlreadyWithdrawnError(_(
            "%(team)s has already withdrawn, from round %(number)d.") % {
            "team": team.name, "number": team.withdrawn_from_round})
    total = team_rounds(tournament)
    if not total:
        raise TournamentError(_(
            "The rounds are not generated yet: there is nothing to withdraw %(team)s from.")
            % {"team": team.name})
    earliest = first_round_to_withdraw(team)
    if earliest > total:
        raise TournamentError(_("%(team)s has already played all its matches.") % {
            "team": team.name})
    if not earliest <= from_round <= total:
        raise TournamentError(_(
            "Round %(number)d is out of range: %(team)s can be withdrawn from round %(first)d "
            "to round %(last)d (the rounds before are over).") % {
            "number": from_round, "team": team.name, "first": earliest, "last": total})
    team.withdrawn_from_round = from_round
    team.withdrawal_changes = []
    team.save(update_fields=["withdrawn_from_round", "withdrawal_changes"])
    # line-ups handed in for rounds not set up yet: nobody of this team will sit there
    LineupBoard.objects.filter(team=team, round__number__gte=from_round).exclude(
        round__team_matches__boards__isnull=False).delete()
    changed = []
    colours = dict(teams.board_colours(tournament.team_competition.boards))
    for match in (TeamMatch.objects.filter(round__tournament=tournament,
                                           round__number__gte=from_round)
                  .filter(models.Q(home=team) | models.Q(away=team))
                  .select_related("home", "away", "round").order_by("round__number")):
        if match.is_bye:
            continue
        opponent = match.away if match.home_id == team.pk else match.home
        both_out = opponent.withdrawn_in(match.round.number)
        for board in match.boards.select_related("game").order_by("board"):
            team_white = (colours[board.board] == "white") == (match.home_id == team.pk)
            if board.game is not None:
                game = board.game
                won = (GameResult.WHITE_FORFEIT_WIN if team_white
                       else GameResult.BLACK_FORFEIT_WIN)
                if game.result and not (both_out and game.result == won):
                    continue  # played, or decided otherwise: it stands
                # a game it was to win by forfeit as the other team had left: nobody plays
                forfeit = (GameResult.DOUBLE_FORFEIT if both_out else
                           GameResult.BLACK_FORFEIT_WIN if team_white
                           else GameResult.WHITE_FORFEIT_WIN)
                changed.append(record_result(game, result=forfeit,
                                             expected_version=game.version, user=user))
                team.withdrawal_changes.append({"game": game.pk, "before": game.result,
                                                "after": forfeit})
                continue
            won = Result.WHITE_FORFEIT_WIN if team_white else Result.BLACK_FORFEIT_WIN
            if both_out and board.forfeit == won.value:
                # it was to win this board because the other team had left: now nobody plays
                team.withdrawal_changes.append({"board": board.pk, "before": board.forfeit,
                                                "after": Result.DOUBLE_FORFEIT.value})
                board.forfeit = Result.DOUBLE_FORFEIT.value
                board.save(update_fields=["forfeit"])
    team.save(update_fields=["withdrawal_changes"])
    page_version.bump(tournament.pk)
    announce(tournament, TEAM_WITHDRAWN, user=user,
             before={**_withdrawal_state(team), "withdrawn_from_round": None},
             after={**_withdrawal_state(team), "forfeits": len(changed)})
    return changed


@transaction.atomic
def return_team(team: Team, *, user=None) -> tuple[list[Game], list[Game]]:
    """Undo a team's withdrawal made by mistake (audited): the team plays again. Each board
    the withdrawal turned into a forfeit gets its result from before it, and a match set up
    while the team was out is set up again from the line-ups. A result changed since (an
    arbiter entered what was really played) is kept: returns (games restored, games kept)."""
    tournament = _locked(team.tournament)
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.withdrawn_from_round is None:
        raise NotWithdrawnError(_("%(team)s has not withdrawn.") % {"team": team.name})
    restored, kept = [], []
    for change in team.withdrawal_changes:
        if "game" in change:
            game = Game.objects.select_related("round__tournament").filter(
                pk=change["game"]).first()
            if game is None:
                continue
            if game.result != change["after"]:
                kept.append(game)
                continue
            restored.append(record_result(game, result=change["before"],
                                          expected_version=game.version, user=user))
        else:
            MatchBoard.objects.filter(pk=change["board"], forfeit=change["after"]).update(
                forfeit=change["before"])
    from_round = team.withdrawn_from_round
    team.withdrawn_from_round = None
    team.withdrawal_changes = []
    team.save(update_fields=["withdrawn_from_round", "withdrawal_changes"])
    boards = tournament.team_competition.boards
    for match in (TeamMatch.objects.filter(round__tournament=tournament,
                                           round__number__gte=from_round)
                  .filter(models.Q(home=team) | models.Q(away=team))
                  .select_related("home", "away", "round")):
        if match.is_bye or not _forfeited_by(match, team, boards):
            continue
        # set up while the team was out (no line-up leaves every board empty): again now
        match.boards.all().delete()
        MatchBoard.objects.bulk_create(_set_up_match(match.round, match, boards))
    page_version.bump(tournament.pk)
    _refresh_status(tournament)
    announce(tournament, TEAM_RETURNED, user=user,
             before={**_withdrawal_state(team), "withdrawn_from_round": from_round},
             after={**_withdrawal_state(team), "forfeits": len(restored)})
    return restored, kept
