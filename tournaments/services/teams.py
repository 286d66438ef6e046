"""Domain steps of a team competition (issue 16), each one transaction, whole or not at all.

They follow services.py: a `TournamentError` with a message for people when a step is not
allowed. The rules themselves (colours along the boards, line-up order, scores) are in the plain
module tournaments/teams.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import (
    Entry,
    Game,
    GameResult,
    LineupBoard,
    MatchBoard,
    Player,
    Round,
    Status,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.pairing import berger as pairing
from tournaments.services.errors import (
    AlreadyWithdrawnError,
    NotEnoughPlayersError,
    NotWithdrawnError,
    PairingsExistError,
    TournamentError,
)
from tournaments.services.results import _refresh_status, record_result
from tournaments.services.tournament import _locked, announce, create_tournament
from tournaments.signals import ROUND_DELETED, ROUND_PAIRED, TEAM_RETURNED, TEAM_WITHDRAWN
from tournaments.standings import teams
from tournaments.standings.scoring import Result
from tournaments.standings.swiss_table import regulation_for

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
    """Pair the next round of a team Swiss by C.04.6 (tournaments/team_swiss.py).

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
    from tournaments.services.swiss import round_has_records

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


def round_started(round_: Round) -> bool:
    """A round starts when its boards are set up from the line-ups; they lock then."""
    return MatchBoard.objects.filter(match__round=round_).exists()


def lineup_of(round_: Round, team: Team) -> list[Entry | None]:
    """The team's line-up for the round, board by board; its regulars while none was given."""
    rows = list(LineupBoard.objects.filter(round=round_, team=team)
                .select_related("entry__player").order_by("board"))
    boards = team.tournament.team_competition.boards
    if rows:
        lineup: list[Entry | None] = [None] * boards
        for row in rows:
            if row.board <= boards:
                lineup[row.board - 1] = row.entry
        return lineup
    regulars = roster(team)[:boards]
    return regulars + [None] * (boards - len(regulars))


def describe_problem(problem: teams.LineupProblem, names: dict, boards: int) -> str:
    """One line-up problem as a sentence naming the board and the rule."""
    player = names.get(problem.player, str(problem.player))
    other = names.get(problem.other, str(problem.other))
    values = {"board": problem.board, "player": player, "other": other,
              "other_board": problem.other_board, "boards": boards,
              "minimum": teams.min_players(boards)}
    messages = {
        teams.LineupRule.NOT_IN_ROSTER: _(
            "Board %(board)d: %(player)s is not on this team's roster."),
        teams.LineupRule.TWICE: _(
            "Board %(board)d: %(player)s is already on board %(other_board)d; a player plays "
            "one board."),
        # `player` is placed below `other` yet comes before him on the roster (issue 25: the
        # sentence said it the other way round).
        teams.LineupRule.ORDER: _(
            "Board %(board)d: %(player)s comes before %(other)s (board %(other_board)d) on the "
            "roster, so %(other)s may not play above him; the line-up follows the roster "
            "order."),
        teams.LineupRule.GAP: _(
            "Board %(board)d is empty but board %(other_board)d is not: missing players leave "
            "the last boards empty."),
        teams.LineupRule.TOO_FEW: _(
            "Board %(board)d: too few players; a line-up names at least %(minimum)d."),
        teams.LineupRule.TOO_MANY: _(
            "Board %(board)d: the match has only %(boards)d boards."),
    }
    return messages[problem.rule] % values


@transaction.atomic
def set_lineup(round_: Round, team: Team, entry_ids: Sequence[int | None], *,
               user=None) -> list[Entry | None]:
    """Save a team's line-up for a round, board by board, or refuse it whole (LineupError)."""
    tournament = _locked(round_.tournament)
    competition = tournament.team_competition
    if round_started(round_):
        raise RoundStartedError(_(
            "Round %(number)d has started: its line-ups are locked.") % {"number": round_.number})
    team = Team.objects.get(pk=team.pk)
    if team.withdrawn_in(round_.number):
        raise TournamentError(_(
            "%(team)s has withdrawn from round %(from)d: it hands in no line-up.") % {
            "team": team.name, "from": team.withdrawn_from_round})
    if not TeamMatch.objects.filter(round=round_).filter(home=team).exists() and \
            not TeamMatch.objects.filter(round=round_, away=team).exists():
        raise TournamentError(_("%(team)s does not play in round %(number)d.") % {
            "team": team.name, "number": round_.number})
    players = roster(team)
    by_id = {entry.pk: entry for entry in players}
    outsiders = {entry.pk: entry for entry in
                 Entry.objects.filter(pk__in=[i for i in entry_ids if i is not None])
                 .select_related("player")}
    names = {pk: entry.player.name for pk, entry in outsiders.items()}
    lineup = list(entry_ids)
    problems = teams.lineup_problems(list(by_id), lineup, competition.boards)
    if problems:
        raise LineupError([describe_problem(problem, names, competition.boards)
                           for problem in problems])
    before = [entry.player.name if entry else "" for entry in lineup_of(round_, team)]
    LineupBoard.objects.filter(round=round_, team=team).delete()
    LineupBoard.objects.bulk_create([
        LineupBoard(round=round_, team=team, board=board, entry=by_id.get(entry_id))
        for board, entry_id in enumerate(lineup, start=1)])
    page_version.bump(tournament.pk)
    saved = lineup_of(round_, team)
    after = [entry.player.name if entry else "" for entry in saved]
    # The audit app sits on top of this one: it hears the step through tournament_changed
    # (tournaments never imports arbitration, tests/project/test_layers.py).
    announce(tournament, "lineup-set", user=user,
             before={"team": team.name, "round": round_.number, "boards": before},
             after={"team": team.name, "round": round_.number, "boards": after})
    return saved


@transaction.atomic
def start_round(round_: Round) -> list[MatchBoard]:
    """Set up every board of the round's matches from the line-ups, which lock from now on.

    Board b of a match gives the home team White on odd boards and Black on even ones. A board
    with a player on one side only is a forfeit won by the side present (Art. 28); with nobody,
    a double forfeit.
    """
    tournament = _locked(round_.tournament)
    if round_started(round_):
        raise RoundStartedError(_("Round %(number)d has already started.") % {
            "number": round_.number})
    boards = tournament.team_competition.boards
    matches = list(round_.team_matches.select_related("home", "away").order_by("table"))
    created: list[MatchBoard] = []
    for match in matches:
        if not match.is_bye:
            created += _set_up_match(round_, match, boards)
    MatchBoard.objects.bulk_create(created)
    page_version.bump(tournament.pk)
    return created


def _set_up_match(round_: Round, match: TeamMatch, boards: int) -> list[MatchBoard]:
    """The boards of one match from the two line-ups (unsaved MatchBoards, games created).

    A team withdrawn by this round fields nobody: every board is a forfeit won by the other
    team, a double forfeit when both have withdrawn.
    """
    lineups = []
    for team in (match.home, match.away):
        if team.withdrawn_in(round_.number):
            lineups.append([None] * boards)
            continue
        lineup = lineup_of(round_, team)
        if not LineupBoard.objects.filter(round=round_, team=team).exists():
            # the regulars play when no line-up was handed in: kept, so the record is whole
            LineupBoard.objects.bulk_create([
                LineupBoard(round=round_, team=team, board=board, entry=entry)
                for board, entry in enumerate(lineup, start=1)])
        lineups.append(lineup)
    home, away = lineups
    created = []
    for board, home_colour in teams.board_colours(boards):
        h, a = home[board - 1], away[board - 1]
        white, black = (h, a) if home_colour == "white" else (a, h)
        if white is not None and black is not None:
            game = Game.objects.create(round=round_, board=(match.table - 1) * boards + board,
                                       white=white, black=black)
            created.append(MatchBoard(match=match, board=board, game=game))
            continue
        if white is None and black is None:
            forfeit = Result.DOUBLE_FORFEIT
        else:
            forfeit = Result.WHITE_FORFEIT_WIN if white else Result.BLACK_FORFEIT_WIN
        created.append(MatchBoard(match=match, board=board, forfeit=forfeit.value))
    return created


# --- a whole team withdrawn (issue 16) ---------------------------------------------------------

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


# --- reading back for the plain module --------------------------------------------------------

def match_records(tournament: Tournament, up_to_round: int | None = None, *,
                  include_pending: bool = False) -> list[teams.MatchRecord]:
    """Every match as teams.MatchRecord (team ids, entry ids), in two queries; byes of rounds
    not started yet only with `include_pending`."""
    matches = TeamMatch.objects.filter(round__tournament=tournament)
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
    boards: dict[int, list[teams.BoardGame]] = {}
    colours = dict(teams.board_colours(tournament.team_competition.boards))
    # who sat at a board without a game (his opponent missing): from the line-ups
    seated = {(round_id, team_id, board): entry_id for round_id, team_id, board, entry_id in
              LineupBoard.objects.filter(round__tournament=tournament)
              .values_list("round_id", "team_id", "board", "entry_id")}
    for row in (MatchBoard.objects.filter(match__in=matches)
                .values_list("match_id", "board", "forfeit", "game__result", "game__white_id",
                             "game__black_id", "match__round_id", "match__home_id",
                             "match__away_id").order_by("match_id", "board")):
        match_id, board, forfeit, result, white, black, round_id, home_id, away_id = row
        home_colour = colours.get(board, "white" if board % 2 else "black")
        value = forfeit or result
        home_player, away_player = (white, black) if home_colour == "white" else (black, white)
        if forfeit:
            home_player = seated.get((round_id, home_id, board))
            away_player = seated.get((round_id, away_id, board))
        boards.setdefault(match_id, []).append(teams.BoardGame(
            board, home_colour, Result(value) if value else None, home_player, away_player))
    # A bye counts from the moment its round starts, not while the round is still to come.
    started = set(MatchBoard.objects.filter(match__round__tournament=tournament)
                  .values_list("match__round__number", flat=True).distinct())
    return [teams.MatchRecord(number, home, away, tuple(boards.get(pk, ())))
            for pk, number, home, away in matches.values_list(
                "pk", "round__number", "home_id", "away_id").order_by("round__number", "table")
            if away is not None or number in started or include_pending]


def team_standings(tournament: Tournament, up_to_round: int | None = None
                   ) -> list[teams.TeamLine]:
    """The team standings by the competition's primary score and tie-break order."""
    competition = tournament.team_competition
    team_ids = list(tournament.teams.order_by("number", "pk").values_list("pk", flat=True))
    order_of = {pk: index for index, pk in enumerate(team_ids)}
    records = match_records(tournament, up_to_round)
    if tournament.annul_early_withdrawals and competition.system == TeamSystem.ROUND_ROBIN:
        # the withdrawal setting, as for players (withdrawals.py): a team that left before
        # half its matches counts in no standing
        withdrawn = tournament.teams.filter(withdrawn_from_round__isnull=False)
        scheduled = match_records(tournament, include_pending=True)
        records = teams.annul(records, teams.annulled_teams(
            scheduled, withdrawn.values_list("pk", flat=True)))
    return teams.team_standings(team_ids, records,
                                tournament.scoring, competition.scoring, competition.tiebreaks,
                                sort_key=order_of.__getitem__,
                                regulation=regulation_for(tournament.start_date),
                                round_robin=competition.system == TeamSystem.ROUND_ROBIN)


def round_is_over(round_: Round) -> bool:
    """Whether every board of the round is decided (byes have none)."""
    return round_started(round_) and not Game.objects.filter(
        round=round_, result=GameResult.NOT_PLAYED).exists()

