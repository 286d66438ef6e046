"""The team part of a tournament's JSON backup (the format is in tournaments/files/backup.py),
through the same hooks as other apps' extensions. One optional key, written for team competitions
only:

    "team_competition": {"system", "boards", "match_points": {"win", "draw", "loss"}, "primary",
        "bye_match_points" (null: a drawn match's), "bye_game_points" (null: half the boards),
        "tiebreaks",
        "board_prize_min_games", "swiss_rounds" (null),
        "colour_preferences" ("A", "B" or "none"; optional, "A"),
        "secondary_for_colours" (optional, true),
        "teams": [{"number", "name", "club", "captain_name", "roster": [player numbers],
                   "withdrawn_from_round" (null; optional), "withdrawal_changes" (optional):
                   [{"round", "game" (its board in the round), "before", "after"} or
                    {"round", "table", "board", "before", "after"} for a forfeited board]}],
        "matches": [{"round", "table", "home", "away" (null: a bye),
                     "boards": [{"board", "game" (the game's board in the round, or null),
                                 "forfeit" ("" with a game)}]}],
        "lineups": [{"round", "team", "boards": [player number or null, board by board]}]}

Teams are named by number, players by pairing number, games by round and board, as elsewhere in
the file. Everything is checked before anything is saved; a wrong item names where it is.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.files.backup_extensions import FileGames, Restored
from tournaments.files.backup_values import (
    BackupError,
    choice,
    fail,
    json_number,
    text,
    whole_number,
)
from tournaments.files.backup_values import points as points_value
from tournaments.models import (
    Game,
    LineupBoard,
    MatchBoard,
    PrimaryScore,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.models.teams import ColourPreferences
from tournaments.standings import teams
from tournaments.standings.scoring import Result

BACKUP_KEYS = ("team_competition",)
KEY = "team_competition"
FORFEITS = ["", Result.WHITE_FORFEIT_WIN.value, Result.BLACK_FORFEIT_WIN.value,
            Result.DOUBLE_FORFEIT.value]


def _changes_out(team: Team) -> list[dict]:
    """A withdrawal's changes with games and boards named by round and board, not by id."""
    out = []
    for change in team.withdrawal_changes:
        if "game" in change:
            game = Game.objects.filter(pk=change["game"]).select_related("round").first()
            if game is not None:
                out.append({"round": game.round.number, "game": game.board,
                            "before": change["before"], "after": change["after"]})
        else:
            board = MatchBoard.objects.filter(pk=change["board"]).select_related(
                "match__round").first()
            if board is not None:
                out.append({"round": board.match.round.number, "table": board.match.table,
                            "board": board.board, "before": change["before"],
                            "after": change["after"]})
    return out


def export_backup(tournament: Tournament) -> dict[str, Any]:
    competition = TeamCompetition.objects.filter(tournament=tournament).first()
    if competition is None:
        return {}
    team_list = list(tournament.teams.order_by("number", "pk"))
    number_of = {team.pk: team.number for team in team_list}
    matches = []
    for match in (TeamMatch.objects.filter(round__tournament=tournament)
                  .select_related("round").prefetch_related("boards__game")
                  .order_by("round__number", "table")):
        matches.append({
            "round": match.round.number, "table": match.table, "home": number_of[match.home_id],
            "away": number_of.get(match.away_id),
            "boards": [{"board": board.board,
                        "game": board.game.board if board.game else None,
                        "forfeit": board.forfeit}
                       for board in sorted(match.boards.all(), key=lambda b: b.board)]})
    lineups: dict[tuple[int, int], list] = {}
    for row in (LineupBoard.objects.filter(round__tournament=tournament)
                .values_list("round__number", "team_id", "board", "entry__number")
                .order_by("round__number", "team_id", "board")):
        number, team_id, board, player = row
        boards = lineups.setdefault((number, number_of[team_id]), [])
        boards.extend([None] * (board - len(boards)))
        boards[board - 1] = player
    return {KEY: {
        "system": competition.system, "boards": competition.boards,
        "match_points": {"win": json_number(competition.match_win),
                         "draw": json_number(competition.match_draw),
                         "loss": json_number(competition.match_loss)},
        "primary": competition.primary,
        "bye_match_points": None if competition.bye_match_points is None
        else json_number(competition.bye_match_points),
        "bye_game_points": None if competition.bye_game_points is None
        else json_number(competition.bye_game_points),
        "tiebreaks": list(competition.tiebreaks),
        "board_prize_min_games": competition.board_prize_min_games,
        "swiss_rounds": competition.swiss_rounds,
        "colour_preferences": competition.colour_preferences,
        "secondary_for_colours": competition.secondary_for_colours,
        "teams": [{"number": team.number, "name": team.name, "club": team.club,
                   "captain_name": team.captain_name,
                   "roster": [member.entry.number for member in
                              team.members.select_related("entry").order_by("position")],
                   "withdrawn_from_round": team.withdrawn_from_round,
                   "withdrawal_changes": _changes_out(team)}
                  for team in team_list],
        "matches": matches,
        "lineups": [{"round": number, "team": team, "boards": boards}
                    for (number, team), boards in sorted(lineups.items())],
    }}


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise fail(where, _("must be a list"))
    return value


def _object(value: Any, where: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise fail(where, _("must be an object"))
    missing = [key for key in keys if key not in value]
    if missing:
        raise fail(where, _("missing key(s): %(keys)s") % {"keys": ", ".join(missing)})
    return value


COMPETITION_KEYS = ("system", "boards", "match_points", "primary", "bye_match_points",
                    "bye_game_points", "tiebreaks", "board_prize_min_games", "swiss_rounds",
                    "teams", "matches", "lineups")


def check_backup(data: dict[str, Any], games: FileGames) -> dict[str, Any] | None:
    """The team section checked against the file's players and games; BackupError if wrong."""
    if KEY not in data:
        return None
    section = _object(data[KEY], KEY, COMPETITION_KEYS)
    where = KEY
    match_points = _object(section["match_points"], f"{where}.match_points",
                           ("win", "draw", "loss"))
    checked: dict[str, Any] = {
        "system": choice(section["system"], f"{where}.system", TeamSystem.values),
        "boards": whole_number(section["boards"], f"{where}.boards", minimum=teams.MIN_BOARDS,
                               maximum=teams.MAX_BOARDS),
        "match_win": points_value(match_points["win"], f"{where}.match_points.win"),
        "match_draw": points_value(match_points["draw"], f"{where}.match_points.draw"),
        "match_loss": points_value(match_points["loss"], f"{where}.match_points.loss"),
        "primary": choice(section["primary"], f"{where}.primary", PrimaryScore.values),
        "bye_match_points": None if section["bye_match_points"] is None else points_value(
            section["bye_match_points"], f"{where}.bye_match_points"),
        "bye_game_points": None if section["bye_game_points"] is None else points_value(
            section["bye_game_points"], f"{where}.bye_game_points"),
        "board_prize_min_games": whole_number(section["board_prize_min_games"],
                                              f"{where}.board_prize_min_games", minimum=0),
        "swiss_rounds": whole_number(section["swiss_rounds"], f"{where}.swiss_rounds",
                                     minimum=1, nullable=True),
        # C.04.6 Art. 1.7 and 4.2.2 (issue 16's team Swiss); files written before them lack them
        "colour_preferences": choice(section.get("colour_preferences", ColourPreferences.TYPE_A),
                                     f"{where}.colour_preferences", ColourPreferences.values),
    }
    secondary = section.get("secondary_for_colours", True)
    if not isinstance(secondary, bool):
        raise fail(f"{where}.secondary_for_colours",
                   _("must be true or false, got %(value)r") % {"value": secondary})
    checked["secondary_for_colours"] = secondary
    tiebreaks = _list(section["tiebreaks"], f"{where}.tiebreaks")
    for index, key in enumerate(tiebreaks):
        choice(key, f"{where}.tiebreaks[{index}]", teams.TEAM_TIEBREAKS)
    if len(set(tiebreaks)) != len(tiebreaks):
        raise fail(f"{where}.tiebreaks", _("a tie-break may appear only once"))
    checked["tiebreaks"] = tiebreaks
    numbers: set[int] = set()
    rostered: set[int] = set()
    checked["teams"] = []
    for index, team in enumerate(_list(section["teams"], f"{where}.teams")):
        at = f"{where}.teams[{index}]"
        _object(team, at, ("number", "name", "club", "captain_name", "roster"))
        number = whole_number(team["number"], f"{at}.number", minimum=1)
        if number in numbers:
            raise fail(f"{at}.number", _("team %(number)d appears twice") % {"number": number})
        numbers.add(number)
        roster = _list(team["roster"], f"{at}.roster")
        for place, player in enumerate(roster):
            if player not in games.numbers:
                raise fail(f"{at}.roster[{place}]", _("no player has the number %(number)s")
                           % {"number": player})
            if player in rostered:
                raise fail(f"{at}.roster[{place}]", _(
                    "player %(number)s is already on a roster") % {"number": player})
            rostered.add(player)
        changes = _list(team.get("withdrawal_changes", []), f"{at}.withdrawal_changes")
        for place, change in enumerate(changes):
            spot = f"{at}.withdrawal_changes[{place}]"
            keys = ("round", "game", "before", "after") if isinstance(change, dict) and \
                "game" in change else ("round", "table", "board", "before", "after")
            _object(change, spot, keys)
            if "game" in change and (change["round"], change["game"]) not in games.games:
                raise fail(f"{spot}.game", _("round %(round)s has no game on board %(board)s")
                           % {"round": change["round"], "board": change["game"]})
        checked["teams"].append({
            "number": number, "name": text(team["name"], f"{at}.name"),
            "club": text(team["club"], f"{at}.club", required=False),
            "captain_name": text(team["captain_name"], f"{at}.captain_name", required=False),
            "roster": roster,
            "withdrawn_from_round": whole_number(team.get("withdrawn_from_round"),
                                                 f"{at}.withdrawn_from_round", minimum=1,
                                                 nullable=True),
            "withdrawal_changes": changes})
    checked["matches"] = []
    for index, match in enumerate(_list(section["matches"], f"{where}.matches")):
        at = f"{where}.matches[{index}]"
        _object(match, at, ("round", "table", "home", "away", "boards"))
        for side in ("home", "away"):
            if match[side] not in numbers and not (side == "away" and match[side] is None):
                raise fail(f"{at}.{side}", _("no team has the number %(number)s") % {
                    "number": match[side]})
        boards = []
        for place, board in enumerate(_list(match["boards"], f"{at}.boards")):
            spot = f"{at}.boards[{place}]"
            _object(board, spot, ("board", "game", "forfeit"))
            forfeit = choice(board["forfeit"], f"{spot}.forfeit", FORFEITS)
            game = board["game"]
            if (game is None) == (forfeit == ""):
                raise fail(spot, _("a board has either a game or a forfeit"))
            if game is not None and (match["round"], game) not in games.games:
                raise fail(f"{spot}.game", _("round %(round)s has no game on board %(board)s")
                           % {"round": match["round"], "board": game})
            boards.append({"board": whole_number(board["board"], f"{spot}.board", minimum=1),
                           "game": game, "forfeit": forfeit})
        checked["matches"].append({
            "round": whole_number(match["round"], f"{at}.round", minimum=1),
            "table": whole_number(match["table"], f"{at}.table", minimum=1),
            "home": match["home"], "away": match["away"], "boards": boards})
    checked["lineups"] = []
    for index, lineup in enumerate(_list(section["lineups"], f"{where}.lineups")):
        at = f"{where}.lineups[{index}]"
        _object(lineup, at, ("round", "team", "boards"))
        if lineup["team"] not in numbers:
            raise fail(f"{at}.team", _("no team has the number %(number)s") % {
                "number": lineup["team"]})
        boards = _list(lineup["boards"], f"{at}.boards")
        for place, player in enumerate(boards):
            if player is not None and player not in rostered:
                raise fail(f"{at}.boards[{place}]", _(
                    "player %(number)s is on no roster") % {"number": player})
        checked["lineups"].append({
            "round": whole_number(lineup["round"], f"{at}.round", minimum=1),
            "team": lineup["team"], "boards": boards})
    return checked


def save_backup(checked: dict[str, Any] | None, restored: Restored) -> None:
    if checked is None:
        return
    tournament = restored.tournament
    settings = {key: checked[key] for key in (
        "system", "boards", "match_win", "match_draw", "match_loss", "primary",
        "bye_match_points", "bye_game_points", "tiebreaks", "board_prize_min_games",
        "swiss_rounds", "colour_preferences", "secondary_for_colours")}
    competition = TeamCompetition(tournament=tournament, **settings)
    try:
        competition.full_clean()
    except Exception as error:  # noqa: BLE001 - any refusal is the file's fault
        raise BackupError(f"{KEY}: {error}") from error
    competition.save()
    by_number: dict[int, Team] = {}
    for team in checked["teams"]:
        saved = Team.objects.create(tournament=tournament, number=team["number"],
                                    name=team["name"], club=team["club"],
                                    captain_name=team["captain_name"])
        by_number[team["number"]] = saved
        TeamMember.objects.bulk_create([
            TeamMember(team=saved, entry=restored.entries[player], position=position)
            for position, player in enumerate(team["roster"], start=1)])
    rounds = {round_.number: round_ for round_ in tournament.rounds.all()}
    for match in checked["matches"]:
        if match["round"] not in rounds:
            raise fail(f"{KEY}.matches", _("round %(round)s is not in the file") % {
                "round": match["round"]})
        saved = TeamMatch.objects.create(round=rounds[match["round"]], table=match["table"],
                                         home=by_number[match["home"]],
                                         away=by_number.get(match["away"]))
        MatchBoard.objects.bulk_create([
            MatchBoard(match=saved, board=board["board"], forfeit=board["forfeit"],
                       game=restored.games[(match["round"], board["game"])]
                       if board["game"] is not None else None)
            for board in match["boards"]])
    for lineup in checked["lineups"]:
        LineupBoard.objects.bulk_create([
            LineupBoard(round=rounds[lineup["round"]], team=by_number[lineup["team"]],
                        board=board, entry=restored.entries.get(player))
            for board, player in enumerate(lineup["boards"], start=1)])
    for team in checked["teams"]:
        if team["withdrawn_from_round"] is None:
            continue
        saved = by_number[team["number"]]
        saved.withdrawn_from_round = team["withdrawn_from_round"]
        for change in team["withdrawal_changes"]:
            if "game" in change:
                game = restored.games[(change["round"], change["game"])]
                saved.withdrawal_changes.append({"game": game.pk, "before": change["before"],
                                                 "after": change["after"]})
                continue
            board = MatchBoard.objects.filter(
                match__round__tournament=tournament, match__round__number=change["round"],
                match__table=change["table"], board=change["board"]).first()
            if board is None:
                raise fail(f"{KEY}.teams", _(
                    "round %(round)s has no match %(table)s with a board %(board)s") % {
                    "round": change["round"], "table": change["table"],
                    "board": change["board"]})
            saved.withdrawal_changes.append({"board": board.pk, "before": change["before"],
                                             "after": change["after"]})
        saved.save(update_fields=["withdrawn_from_round", "withdrawal_changes"])
