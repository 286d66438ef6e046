"""A team competition's rounds: a round robin generated whole, a team Swiss paired one round at
a time (C.04.6), its last round deleted or paired again while nothing is played in it."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import MatchBoard, Round, Status, Team, TeamMatch, TeamSystem, Tournament
from tournaments.pairing import berger as pairing
from tournaments.services.errors import NotEnoughPlayersError, TournamentError
from tournaments.services.teams.competition import _refuse_if_started
from tournaments.services.teams.standings import match_records, round_is_over
from tournaments.services.tournament import _locked, announce
from tournaments.signals import ROUND_DELETED, ROUND_PAIRED


@transaction.atomic
def generate_team_round_robin(tournament: Tournament) -> list[Round]:
    """Every round of the team round robin from the Berger tables (single or double).

    Teams are numbered in the order they were entered unless numbers were set; the Berger
    table's White is the home team, which has White on board 1 (teams.board_colours).
    """
    tournament = _locked(tournament)
    _refuse_if_started(tournament, _(
        "The rounds are already generated. They cannot be generated twice."))
    team_list = list(tournament.teams.order_by("number", "pk"))
    if len(team_list) < 2:
        raise NotEnoughPlayersError(_("A team round robin needs at least two teams."))
    if any(team.number is None for team in team_list):
        for number, team in enumerate(team_list, start=1):
            team.number = number
        Team.objects.bulk_update(team_list, ["number"])
    by_number = {team.number: team for team in team_list}
    schedule = pairing.round_robin_schedule(len(team_list), cycles=tournament.cycles,
                                            swap_last_two=tournament.swap_last_two)
    rounds = Round.objects.bulk_create([Round(tournament=tournament, number=planned.number)
                                        for planned in schedule])
    matches = []
    for round_, planned in zip(rounds, schedule, strict=True):
        for game in planned.games:
            matches.append(TeamMatch(round=round_, table=game.board, home=by_number[game.white],
                                     away=by_number[game.black]))
        if planned.bye:
            matches.append(TeamMatch(round=round_, table=len(planned.games) + 1,
                                     home=by_number[planned.bye], away=None))
    TeamMatch.objects.bulk_create(matches)
    tournament.status = Status.ONGOING
    tournament.save(update_fields=["status"])
    page_version.bump(tournament.pk)  # bulk writes send no signals
    return rounds


@transaction.atomic
def pair_next_swiss_round(tournament: Tournament, *, user=None) -> Round:
    """Pair the next round of a team Swiss by C.04.6 (tournaments/pairing/team_swiss/).

    The previous round must be over. Teams keep the pairing numbers set before round 1 (the
    order they were entered when none were set); the team with White on board 1 is the home
    team of the match.
    """
    from tournaments.pairing import team_swiss

    tournament = _locked(tournament)
    competition = tournament.team_competition
    if competition.system != TeamSystem.SWISS:
        raise TournamentError(_("This competition is a team round robin, not a Swiss."))
    last = tournament.rounds.order_by("-number").first()
    if last is not None and not round_is_over(last):
        message = _(
            "Round %(number)d is not over yet: enter every result before pairing the next "
            "round.") % {"number": last.number}
        if not team_round_has_results(last):
            message += " " + _("Nothing is decided in it yet: it can be deleted, or paired "
                               "again, from its page.")
        raise TournamentError(message)
    number = 1 if last is None else last.number + 1
    if competition.swiss_rounds and number > competition.swiss_rounds:
        raise TournamentError(_("All %(count)d rounds of the Swiss are paired.") % {
            "count": competition.swiss_rounds})
    team_list = list(tournament.teams.order_by("number", "pk"))
    if len(team_list) < 2:
        raise NotEnoughPlayersError(_("A team Swiss needs at least two teams."))
    if any(team.number is None for team in team_list):
        for index, team in enumerate(team_list, start=1):
            team.number = index
        Team.objects.bulk_update(team_list, ["number"])
    # a team withdrawn by this round is no longer paired
    playing = {team.pk for team in team_list if not team.withdrawn_in(number)}
    if len(playing) < 2:
        raise NotEnoughPlayersError(_("A team Swiss needs at least two teams."))
    states = [state for state in team_swiss.team_states(
        {team.pk: team.number for team in team_list}, match_records(tournament),
        tournament.scoring, competition.scoring, number - 1) if state.id in playing]
    try:
        pairing = team_swiss.pair_round(
            states, kind=competition.colour_preferences,
            initial="W" if tournament.initial_colour == "w" else "B",
            round_number=number, total_rounds=competition.swiss_rounds,
            use_secondary=competition.secondary_for_colours)
    except team_swiss.UnpairableError as error:
        if error.criterion == "C2":
            raise TournamentError(_(
                "No team can take the bye: each has had one or won a match by forfeit, or "
                "giving it would leave the others without new opponents (FIDE C.04.6 "
                "Art. 3.4).")
            ) from error
        raise TournamentError(_(
            "No pairing lets every team meet a team it has not met yet.")) from error
    round_ = Round.objects.create(tournament=tournament, number=number)
    by_id = {team.pk: team for team in team_list}
    matches = [TeamMatch(round=round_, table=table, home=by_id[white], away=by_id[black])
               for table, (white, black) in enumerate(pairing.pairs, start=1)]
    if pairing.bye is not None:
        matches.append(TeamMatch(round=round_, table=len(matches) + 1,
                                 home=by_id[pairing.bye], away=None))
    TeamMatch.objects.bulk_create(matches)
    if tournament.status != Status.ONGOING:
        tournament.status = Status.ONGOING
        tournament.save(update_fields=["status"])
    page_version.bump(tournament.pk)  # bulk writes send no signals
    announce(tournament, ROUND_PAIRED, user=user, after=_team_round_state(round_))
    return round_


def _team_round_state(round_: Round) -> dict:
    """A team round as the audit log keeps it: its matches by team name, and any individual
    games (a draft the individual Swiss pairing made before issue 25 refused it)."""
    matches = [[match.home.name, match.away.name if match.away else None]
               for match in round_.team_matches.select_related("home", "away").order_by("table")]
    state: dict = {"round": round_.number, "matches": matches}
    games = list(round_.games.order_by("board").values_list("white__player__name",
                                                             "black__player__name"))
    if games and not matches:
        state["games"] = [list(game) for game in games]
    return state


def team_round_has_results(round_: Round) -> bool:
    """Whether anything is decided in the round: a game's result, a forfeited board, or a
    record another app keeps on one of its games (a score sheet, a claim)."""
    from tournaments.services.swiss.rounds import round_has_records

    return round_has_records(round_) or MatchBoard.objects.filter(
        match__round=round_).exclude(forfeit="").exists()


def deletable_last_round(tournament: Tournament) -> Round | None:
    """The team Swiss's last round if it may be deleted or paired again now, else None."""
    competition = getattr(tournament, "team_competition", None)
    if competition is None or competition.system != TeamSystem.SWISS:
        return None
    last = tournament.rounds.order_by("-number").first()
    if last is None or team_round_has_results(last):
        return None
    return last


def _checked_last_round(round_: Round) -> tuple[Tournament, Round]:
    tournament = _locked(round_.tournament)
    if tournament.team_competition.system != TeamSystem.SWISS:
        raise TournamentError(_("This competition is a team round robin, not a Swiss."))
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.pk != round_.pk:
        raise TournamentError(_(
            "Only the last round (%(last)d) can be deleted or paired again.") % {
            "last": last.number if last else 0})
    if team_round_has_results(last):
        raise TournamentError(_(
            "Round %(number)d has results or score sheets: it can no longer be deleted or "
            "paired again.") % {"number": last.number})
    return tournament, last


@transaction.atomic
def delete_last_swiss_round(round_: Round, *, user=None) -> None:
    """Throw away the team Swiss's last round (its matches, line-ups and boards, or a draft of
    individual games) while nothing is decided in it, so it can be paired again (issue 25)."""
    tournament, round_ = _checked_last_round(round_)
    before = _team_round_state(round_)
    round_.delete()  # its matches, line-ups, boards and games go with it
    if not tournament.rounds.exists() and tournament.status == Status.ONGOING:
        tournament.status = Status.REGISTRATION
        tournament.save(update_fields=["status"])
    page_version.bump(tournament.pk)  # bulk deletes send no signals
    announce(tournament, ROUND_DELETED, user=user, before=before)


@transaction.atomic
def repair_last_swiss_round(round_: Round, *, user=None) -> Round:
    """Delete the last round while nothing is decided in it and pair it again."""
    tournament = round_.tournament
    delete_last_swiss_round(round_, user=user)
    return pair_next_swiss_round(tournament, user=user)
