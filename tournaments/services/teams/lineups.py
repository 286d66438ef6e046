"""Line-ups and the start of a round: each team's players by board, checked against the rules,
and the games of each match set up when the round starts."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Game, LineupBoard, MatchBoard, Round, Team, TeamMatch
from tournaments.services.errors import TournamentError
from tournaments.services.teams.competition import LineupError, RoundStartedError, roster
from tournaments.services.tournament import _locked, announce
from tournaments.standings import teams
from tournaments.standings.scoring import Result


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
