"""The checking of a tournament's JSON backup before anything is saved (the format is in
tournaments/files/backup.py): every key, player, round and game, the "swiss" key through
swiss_backup and the extensions' keys through their own checks. A file with any error is refused
whole with a BackupError naming where it is; nothing touches the database but the slug's check.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.utils.translation import gettext as _

from tournaments.files import swiss_backup as swiss_state
from tournaments.files.backup_extensions import FileGames, extensions
from tournaments.files.backup_values import (
    SMALL_INTEGER_MAX,
    BackupError,
    choice,
    fail,
    is_int,
    points,
    text,
    whole_number,
)
from tournaments.models import (
    RATING_MAX,
    Cycles,
    DrawProfile,
    GameResult,
    TimeControl,
    Tournament,
)
from tournaments.pairing import micro_match
from tournaments.services.entries import MAX_ROUND_ROBIN_PLAYERS
from tournaments.services.tournament import RESERVED_SLUGS, SLUG_MAX
from tournaments.standings.ranking import GameRecord, compute_standings
from tournaments.standings.scoring import Result, Scoring
from tournaments.standings.tiebreaks import REGISTRY

REQUIRED_KEYS = ("name", "board", "cycles", "scoring", "tiebreaks", "players", "rounds")
OPTIONAL_KEYS = ("micro_match", "rating_k",
                 "place", "start_date", "end_date", "time_control", "profile", "swap_last_two",
                 "seed", "standings", "annul_early_withdrawals", "swiss")
PLAYER_KEYS = ("number", "name", "club", "rating")
# The registry's facts the starting list shows, written when known (the birth date is not).
PLAYER_FACTS = ("title", "birth_year", "state", "fmjd_rating")
PLAYER_OPTIONAL_KEYS = ("federation_id", *PLAYER_FACTS, "withdrawn", "withdrawal_games")
RESULTS = [value for value in GameResult.values if value]

# Deeper than any backup is (a tournament's file is about 5 levels, its audit log's values a few
# more): the checks below, and those of other apps' backup modules, walk values recursively, and a
# file nested thousands deep would end them with a RecursionError instead of a refusal (issue 29).
MAX_DEPTH = 64


def check_depth(data: Any) -> None:
    """Refuse data nested deeper than MAX_DEPTH, found without recursion."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise too_deep()
        pending.extend((child, depth + 1) for child in children)


def too_deep() -> BackupError:
    """The refusal of a file nested deeper than a backup ever is."""
    return BackupError(_("The file is nested deeper than %(depth)d levels: it is not a "
                         "tournament's backup.") % {"depth": MAX_DEPTH})


def free_slug(slug: str) -> str:
    try:
        validate_slug(slug)
    except ValidationError as error:
        raise fail("slug", " ".join(error.messages)) from error
    if len(slug) > SLUG_MAX or slug in RESERVED_SLUGS:
        raise fail("slug", _("%(slug)r cannot be a tournament's slug") % {"slug": slug})
    if Tournament.objects.filter(slug=slug).exists():
        raise fail("slug", _("another tournament already has the slug %(slug)s") % {
            "slug": slug})
    return slug


def _date(value: Any, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise fail(where, _("must be a date as YYYY-MM-DD, got %(value)r") % {
            "value": value}) from error


def check_tournament(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BackupError(_("The file must hold one JSON object (a tournament)."))
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise BackupError(_("Missing key(s): %(keys)s.") % {"keys": ", ".join(missing)})
    owned = {module: module.BACKUP_KEYS for module in extensions()}
    known = REQUIRED_KEYS + OPTIONAL_KEYS + tuple(key for keys in owned.values() for key in keys)
    unknown = [key for key in data if key not in known]
    if unknown:
        raise BackupError(_("Unknown key(s): %(keys)s.") % {"keys": ", ".join(unknown)})
    checked: dict[str, Any] = {
        "name": text(data["name"], "name"),
        "board": choice(data["board"], "board", [64, 100]),
        "cycles": choice(data["cycles"], "cycles", Cycles.values),
        "place": text(data.get("place", ""), "place", required=False),
        "time_control": choice(data.get("time_control", TimeControl.CLASSICAL),
                                "time_control", TimeControl.values),
        "draw_profile": choice(data.get("profile", DrawProfile.CBD), "profile",
                                DrawProfile.values),
        "swap_last_two": choice(data.get("swap_last_two", True), "swap_last_two",
                                 [True, False]),
        "pairing_seed": whole_number(data.get("seed"), "seed", nullable=True,
                                     minimum=-(2**63), maximum=2**63 - 1),
        "micro_match": choice(data.get("micro_match", False), "micro_match", [True, False]),
        "rating_k": whole_number(data.get("rating_k", 20), "rating_k", minimum=1, maximum=100),
        "annul_early_withdrawals": choice(data.get("annul_early_withdrawals", False),
                                          "annul_early_withdrawals", [True, False]),
    }
    for key in ("start_date", "end_date"):
        checked[key] = _date(data[key], key) if data.get(key) is not None else None
    start, end = checked["start_date"], checked["end_date"]
    if start and end and end < start:
        raise fail("end_date", _("is before start_date"))
    checked["scoring"] = _check_scoring(data["scoring"])
    checked["tiebreaks"] = _check_tiebreaks(data["tiebreaks"])
    checked["players"] = _check_players(data["players"])
    if "swiss" not in data and "team_competition" not in data:
        _check_round_robin_size(checked["players"])
    checked["rounds"] = _check_rounds(data["rounds"], checked["players"],
                                      micro=checked["micro_match"])
    played = {(round_["number"], game["board"]) for round_ in checked["rounds"]
              for game in round_["games"]}
    for index, player in enumerate(checked["players"]):
        for change_index, change in enumerate(player["withdrawal_games"]):
            if (change["round"], change["board"]) not in played:
                raise fail(f"players[{index}].withdrawal_games[{change_index}]",
                           _("names a game the file does not have"))
    checked["swiss"] = (swiss_state.check_swiss(data["swiss"], checked["players"],
                                                len(checked["rounds"]))
                        if "swiss" in data else None)
    if checked["swiss"] is None:
        _check_standings_computable(checked)
    games = FileGames(
        numbers=frozenset(player["number"] for player in checked["players"]
                          if player["number"] is not None),
        games={(round_["number"], game["board"]): (game["white"], game["black"])
               for round_ in checked["rounds"] for game in round_["games"]},
    )
    checked["extensions"] = [
        (module, module.check_backup({key: data[key] for key in keys if key in data}, games))
        for module, keys in owned.items()
    ]
    return checked


def _check_scoring(scoring: Any) -> dict[str, Decimal]:
    if not isinstance(scoring, dict) or set(scoring) != {"win", "draw", "loss"}:
        raise fail("scoring", _("must be an object with exactly win, draw and loss"))
    values = {key: points(scoring[key], f"scoring.{key}") for key in ("win", "draw", "loss")}
    try:
        Scoring(values["win"], values["draw"], values["loss"])
    except ValueError as error:
        raise fail("scoring", _("needs loss <= draw <= win and loss < win")) from error
    return values


def _check_tiebreaks(ids: Any) -> list[str]:
    if not isinstance(ids, list):
        raise fail("tiebreaks", _("must be a list of tie-break ids"))
    for index, item in enumerate(ids):
        if not isinstance(item, str) or item not in REGISTRY:
            raise fail(f"tiebreaks[{index}]", _("unknown tie-break %(id)r; known: %(known)s") % {
                "id": item, "known": ", ".join(REGISTRY)})
    if len(set(ids)) != len(ids):
        raise fail("tiebreaks", _("a tie-break appears twice"))
    return list(ids)


def _check_round_robin_size(players: list[dict[str, Any]]) -> None:
    """The round robin's limit (services.MAX_ROUND_ROBIN_PLAYERS), for a round robin only: a
    Swiss or a team competition has no such limit, and its backup of 139 players must come
    back (issue 25)."""
    if len(players) > MAX_ROUND_ROBIN_PLAYERS:
        raise fail("players", _(
            "%(count)d players: a round robin takes at most %(limit)d (use the Swiss system for "
            "a larger field)") % {"count": len(players), "limit": MAX_ROUND_ROBIN_PLAYERS})


def _check_players(players: Any) -> list[dict[str, Any]]:
    if not isinstance(players, list):
        raise fail("players", _("must be a list"))
    checked, numbers, ids = [], set(), set()
    for index, player in enumerate(players):
        where = f"players[{index}]"
        if not isinstance(player, dict):
            raise fail(where, _("must be an object"))
        missing = [key for key in PLAYER_KEYS if key not in player]
        unknown = [key for key in player if key not in PLAYER_KEYS + PLAYER_OPTIONAL_KEYS]
        if missing or unknown:
            raise fail(where, _("needs the keys %(keys)s and no others") % {
                "keys": ", ".join(PLAYER_KEYS)})
        number = whole_number(player["number"], f"{where}.number", minimum=1, nullable=True,
                              maximum=SMALL_INTEGER_MAX)
        if number is not None and number in numbers:
            raise fail(f"{where}.number", _("pairing number %(number)d is used twice") % {
                "number": number})
        numbers.add(number)
        federation_id = text(player.get("federation_id", ""), f"{where}.federation_id",
                              required=False, max_length=40)
        if federation_id and federation_id in ids:
            raise fail(f"{where}.federation_id", _("federation id %(id)s is used twice") % {
                "id": federation_id})
        ids.add(federation_id)
        checked.append({
            "number": number,
            "name": text(player["name"], f"{where}.name"),
            "club": text(player["club"] or "", f"{where}.club", required=False),
            "rating": whole_number(player["rating"], f"{where}.rating", minimum=0, nullable=True,
                                   maximum=RATING_MAX),
            "federation_id": federation_id,
            "title": text(player.get("title", ""), f"{where}.title", required=False,
                          max_length=20),
            "birth_year": whole_number(player.get("birth_year"), f"{where}.birth_year",
                                       minimum=1900, nullable=True, maximum=SMALL_INTEGER_MAX),
            "state": text(player.get("state", ""), f"{where}.state", required=False,
                          max_length=40),
            "fmjd_rating": whole_number(player.get("fmjd_rating"), f"{where}.fmjd_rating",
                                        minimum=0, nullable=True, maximum=RATING_MAX),
            "withdrawn": choice(player.get("withdrawn", False), f"{where}.withdrawn",
                                 [True, False]),
            "withdrawal_games": _check_withdrawal_games(player.get("withdrawal_games", []),
                                                        f"{where}.withdrawal_games"),
        })
    return checked


def _check_withdrawal_games(changes: Any, where: str) -> list[dict[str, Any]]:
    """[{"round", "board", "before", "after"}]; that each game exists is checked with the rounds."""
    if not isinstance(changes, list):
        raise fail(where, _("must be a list"))
    checked = []
    for index, change in enumerate(changes):
        at = f"{where}[{index}]"
        if not isinstance(change, dict) or set(change) != {"round", "board", "before", "after"}:
            raise fail(at, _("must be an object with exactly round, board, before and after"))
        checked.append({
            "round": whole_number(change["round"], f"{at}.round", minimum=1),
            "board": whole_number(change["board"], f"{at}.board", minimum=1),
            "before": choice(change["before"], f"{at}.before", [None, *Result]) or "",
            "after": choice(change["after"], f"{at}.after", list(Result)),
        })
    return checked


def _check_rounds(rounds: Any, players: list[dict[str, Any]],
                  micro: bool = False) -> list[dict[str, Any]]:
    """Micro-matches seat each player once per game of the pairing
    (tournaments/pairing/micro_match.py), not once per round."""
    if not isinstance(rounds, list):
        raise fail("rounds", _("must be a list"))
    if not rounds:
        return []
    numbers = sorted(player["number"] for player in players if player["number"] is not None)
    if len(players) < 2 or numbers != list(range(1, len(players) + 1)):
        raise fail("players", _("with rounds, every player needs a pairing number, 1 to %(n)d")
                    % {"n": len(players)})
    known = set(numbers)
    checked = []
    for index, round_ in enumerate(rounds):
        where = f"rounds[{index}]"
        if not isinstance(round_, dict) or set(round_) != {"number", "games", "bye"}:
            raise fail(where, _("must be an object with exactly number, games and bye"))
        if round_["number"] != index + 1 or not is_int(round_["number"]):
            raise fail(f"{where}.number", _("rounds must be numbered 1, 2, 3... in order"))
        bye = whole_number(round_["bye"], f"{where}.bye", nullable=True)
        if bye is not None and bye not in known:
            raise fail(f"{where}.bye", _("no player has number %(number)d") % {"number": bye})
        seated = {bye} if bye is not None else set()
        by_leg = {leg: set(seated) for leg in (1, 2)}
        if not isinstance(round_["games"], list):
            raise fail(f"{where}.games", _("must be a list"))
        boards, games = set(), []
        for game_index, game in enumerate(round_["games"]):
            if micro and isinstance(game, dict) and is_int(game.get("board")):
                seated = by_leg[micro_match.leg_of(game["board"])]
            games.append(_check_game(game, f"{where}.games[{game_index}]", known, seated, boards))
        checked.append({"number": round_["number"], "bye": bye, "games": games})
    return checked


def _check_game(game: Any, where: str, known: set[int], seated: set[int], boards: set[int]):
    if not isinstance(game, dict) or set(game) != {"board", "white", "black", "result"}:
        raise fail(where, _("must be an object with exactly board, white, black and result"))
    board = whole_number(game["board"], f"{where}.board", minimum=1, maximum=SMALL_INTEGER_MAX)
    if board in boards:
        raise fail(f"{where}.board", _("board %(board)d is used twice in this round") % {
            "board": board})
    boards.add(board)
    if game["white"] == game["black"]:
        raise fail(f"{where}.black", _("cannot play himself"))
    for colour in ("white", "black"):
        number = whole_number(game[colour], f"{where}.{colour}")
        if number not in known:
            raise fail(f"{where}.{colour}", _("no player has number %(number)d") % {
                "number": number})
        if number in seated:
            raise fail(f"{where}.{colour}", _(
                "player %(number)d already plays or has the bye in this round") % {
                "number": number})
        seated.add(number)
    if game["result"] is not None:
        choice(game["result"], f"{where}.result", RESULTS)
    return {"board": board, "white": game["white"], "black": game["black"],
            "result": game["result"] or ""}


def _check_standings_computable(checked: dict[str, Any]) -> None:
    """The standings module refuses records no round robin can produce: refuse the file too."""
    if not checked["rounds"]:
        return
    micro = checked["micro_match"]
    records = [GameRecord(micro_match.game_round(round_["number"], game["board"]) if micro
                          else round_["number"], game["white"], game["black"],
                          Result(game["result"]) if game["result"] else None)
               for round_ in checked["rounds"] for game in round_["games"]]
    scoring = checked["scoring"]
    try:
        compute_standings([player["number"] for player in checked["players"]], records,
                          Scoring(scoring["win"], scoring["draw"], scoring["loss"]),
                          checked["tiebreaks"],
                          cycles=checked["cycles"] * (micro_match.GAMES_PER_MATCH if micro else 1))
    except ValueError as error:
        raise fail("rounds", str(error)) from error
