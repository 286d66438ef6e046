"""A tournament as JSON: the backup format and the contract for checking the system from outside.

    {"name", "board": 64|100, "cycles": 1|2, "scoring": {"win", "draw", "loss"}, "tiebreaks": [ids],
     "players": [{"number", "name", "club", "rating"}],
     "rounds": [{"number", "games": [{"board", "white", "black", "result"}], "bye": number|null}],
     "standings": [{"rank", "number", "name", "points", "tiebreaks": {id: value}}]}   (export only)

Numbers are JSON numbers: 0.5, never "1/2"; a tie-break value is a number (an integer when whole)
or null where the tie-break does not apply. Optional keys are written only when they say something
the defaults do not, so a file with only the required keys comes back unchanged: "place",
"start_date", "end_date" (ISO dates), "time_control", "profile", "swap_last_two", "seed",
"annul_early_withdrawals" (true: see tournaments/withdrawals.py), and per player "federation_id",
"withdrawn" and "withdrawal_games" (the games his withdrawal made forfeits, so it can be undone:
[{"round", "board", "before": result|null, "after": result}]). A Swiss has "swiss"
(swiss_state.py): its number of rounds, bye settings, initial colour, late entries, byes asked for
and unpublished rounds. A file with any error is refused whole; nothing is saved.

Other apps add optional keys of their own through a `backup` module (found by `extensions()`, so
this app imports none of them): arbitration/backup.py adds "score_sheets", "draw_claims",
"irregularity_claims" and "audit_log", described there. Such a module defines
    BACKUP_KEYS: tuple[str, ...]                  the top-level keys it owns
    export_backup(tournament) -> dict             its keys, only those with something to say
    check_backup(data, games: FileGames) -> Any   raises BackupError; nothing touches the database
    save_backup(checked, restored: Restored)      in the import's transaction, after the games
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from importlib import import_module
from types import ModuleType
from typing import Any

from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.utils.module_loading import module_has_submodule
from django.utils.translation import gettext as _

from tournaments.files import swiss_backup as swiss_state
from tournaments.models import (
    RATING_MAX,
    Cycles,
    DrawProfile,
    Entry,
    Game,
    GameResult,
    Player,
    Round,
    Status,
    TimeControl,
    Tournament,
)
from tournaments.pairing import berger as pairing
from tournaments.pairing import micro_match
from tournaments.queries import reports
from tournaments.services.entries import MAX_ROUND_ROBIN_PLAYERS
from tournaments.services.tournament import RESERVED_SLUGS, SLUG_MAX, unique_slug
from tournaments.standings.ranking import GameRecord, compute_standings
from tournaments.standings.scoring import Result, Scoring
from tournaments.standings.tiebreaks import REGISTRY

REQUIRED_KEYS = ("name", "board", "cycles", "scoring", "tiebreaks", "players", "rounds")
OPTIONAL_KEYS = ("micro_match", "rating_k",
                 "place", "start_date", "end_date", "time_control", "profile", "swap_last_two",
                 "seed", "standings", "annul_early_withdrawals", "swiss")
PLAYER_KEYS = ("number", "name", "club", "rating")
PLAYER_OPTIONAL_KEYS = ("federation_id", "withdrawn", "withdrawal_games")
RESULTS = [value for value in GameResult.values if value]


class BackupError(ValueError):
    """The file was refused; the message names the key and what is wrong with it."""


@dataclass(frozen=True)
class FileGames:
    """What an extension checks its items against: the file's games, before anything is saved."""

    numbers: frozenset[int]
    # (round number, board) -> (white's number, black's number)
    games: dict[tuple[int, int], tuple[int, int]]


@dataclass
class Restored:
    """The saved tournament as extensions need it to save their items."""

    tournament: Tournament
    entries: dict[int, Entry] = field(default_factory=dict)
    games: dict[tuple[int, int], Game] = field(default_factory=dict)


def extensions() -> list[ModuleType]:
    """The `backup` modules of the other installed apps that add keys to the format."""
    found = []
    for app_config in apps.get_app_configs():
        if app_config.name == __package__ or not module_has_submodule(app_config.module,
                                                                       "backup"):
            continue
        module = import_module(f"{app_config.name}.backup")
        if hasattr(module, "BACKUP_KEYS"):
            found.append(module)
    # This app's own team competitions (issue 16) use the same hooks, first of all.
    found.insert(0, import_module(f"{__package__}.team_backup"))
    return found


def extension_keys() -> tuple[str, ...]:
    return tuple(key for module in extensions() for key in module.BACKUP_KEYS)


def json_number(value: Fraction | Decimal | int) -> int | float:
    """An exact value as a JSON number: an integer when whole, else the nearest float (0.5)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


# --- export -------------------------------------------------------------------------------------

def export_tournament(tournament: Tournament) -> dict[str, Any]:
    entries = list(tournament.entries.by_number())
    data: dict[str, Any] = {
        "name": tournament.name,
        "board": tournament.board,
        "cycles": tournament.cycles,
        "scoring": {"win": json_number(tournament.scoring_win),
                    "draw": json_number(tournament.scoring_draw),
                    "loss": json_number(tournament.scoring_loss)},
        "tiebreaks": list(tournament.tiebreaks),
    }
    _export_optional(tournament, data)
    places = {pk: (round_number, board) for pk, round_number, board in
              Game.objects.of_tournament(tournament).values_list("pk", "round__number", "board")}
    data["players"] = [_export_player(entry, places) for entry in entries]
    games_by_round: dict[int, list[dict]] = {}
    for game in (Game.objects.of_tournament(tournament).order_by("round__number", "board")
                 .values("round__number", "board", "white__number", "black__number", "result")):
        games_by_round.setdefault(game["round__number"], []).append({
            "board": game["board"], "white": game["white__number"],
            "black": game["black__number"], "result": game["result"] or None,
        })
    data["rounds"] = [
        {"number": number, "games": games_by_round.get(number, []), "bye": bye}
        for number, bye in tournament.rounds.order_by("number").values_list("number", "bye__number")
    ]
    for module in extensions():
        data.update(module.export_backup(tournament))
    numbered = [entry for entry in entries if entry.number is not None]
    data["standings"] = [
        {"rank": standing.rank, "number": standing.entry.number,
         "name": standing.entry.player.name, "points": json_number(standing.points),
         "tiebreaks": {key: None if value is None else json_number(value)
                       for key, value in standing.row.tiebreaks.items()}}
        for standing in reports.standings(tournament, entries=numbered)
    ] if len(numbered) == len(entries) and entries else []
    return data


def _export_optional(tournament: Tournament, data: dict[str, Any]) -> None:
    if tournament.place:
        data["place"] = tournament.place
    if tournament.start_date:
        data["start_date"] = tournament.start_date.isoformat()
    if tournament.end_date:
        data["end_date"] = tournament.end_date.isoformat()
    if tournament.time_control != TimeControl.CLASSICAL:
        data["time_control"] = tournament.time_control
    if tournament.draw_profile != DrawProfile.CBD:
        data["profile"] = tournament.draw_profile
    if not tournament.swap_last_two:
        data["swap_last_two"] = False
    if tournament.micro_match:
        data["micro_match"] = True
    if tournament.rating_k != 20:
        data["rating_k"] = tournament.rating_k
    if tournament.pairing_seed is not None:
        data["seed"] = tournament.pairing_seed
    if tournament.annul_early_withdrawals:
        data["annul_early_withdrawals"] = True
    if tournament.is_swiss:
        data["swiss"] = swiss_state.export_swiss(tournament)


def _export_player(entry: Entry, places: dict[int, tuple[int, int]]) -> dict[str, Any]:
    player = {"number": entry.number, "name": entry.player.name, "club": entry.player.club,
              "rating": entry.player.rating}
    if entry.player.federation_id:
        player["federation_id"] = entry.player.federation_id
    if entry.withdrawn:
        player["withdrawn"] = True
    changes = [change for change in entry.withdrawal_games if change["game"] in places]
    if changes:
        player["withdrawal_games"] = [
            {"round": places[change["game"]][0], "board": places[change["game"]][1],
             "before": change["before"] or None, "after": change["after"]}
            for change in changes]
    return player


# --- import -------------------------------------------------------------------------------------

def import_tournament(data: Any, *, organisers=(), slug: str | None = None) -> Tournament:
    """Check the whole file first, then save it in one transaction (BackupError if refused).

    The slug is not part of the file: the tournament gets one made from its name, or `slug`
    (to restore a backup under its old address), which must be free.
    """
    _check_depth(data)
    checked = _check(data)
    with transaction.atomic():
        checked["slug"] = _free_slug(slug) if slug is not None else unique_slug(checked["name"])
        return _save(checked, organisers)


# Deeper than any backup is (a tournament's file is about 5 levels, its audit log's values a few
# more): the checks below, and those of other apps' backup modules, walk values recursively, and a
# file nested thousands deep would end them with a RecursionError instead of a refusal (issue 29).
MAX_DEPTH = 64


def _check_depth(data: Any) -> None:
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


def _free_slug(slug: str) -> str:
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


def fail(where: str, message: str) -> BackupError:
    """The refusal of a file, naming where in it the problem is ("rounds[2].bye")."""
    return BackupError(f"{where}: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


INTEGER_MAX = 2**31 - 1  # the largest value of an integer column
SMALL_INTEGER_MAX = 32767  # of a small one: pairing numbers, boards, ratings


def whole_number(value: Any, where: str, *, minimum: int | None = None, nullable: bool = False,
                 maximum: int = INTEGER_MAX):
    """A JSON integer (not a boolean), at least `minimum`, at most `maximum` (by default what an
    integer column holds: PostgreSQL refuses more); None too when `nullable`."""
    if value is None and nullable:
        return None
    if not _is_int(value):
        raise fail(where, _("must be a whole number, got %(value)r") % {"value": value})
    if minimum is not None and value < minimum:
        raise fail(where, _("must be at least %(min)d, got %(value)d") % {
            "min": minimum, "value": value})
    if value > maximum:
        raise fail(where, _("must be at most %(max)d, got %(value)d") % {
            "max": maximum, "value": value})
    return value


def text(value: Any, where: str, *, required: bool = True, max_length: int = 200) -> str:
    """A JSON string, stripped, not empty when `required`, at most `max_length` characters."""
    if not isinstance(value, str):
        raise fail(where, _("must be text, got %(value)r") % {"value": value})
    value = value.strip()
    if required and not value:
        raise fail(where, _("must not be empty"))
    if "\x00" in value:  # PostgreSQL cannot store it
        raise fail(where, _("must not contain the NUL character"))
    if len(value) > max_length:
        raise fail(where, _("is longer than %(max)d characters") % {"max": max_length})
    return value


def choice(value: Any, where: str, allowed) -> Any:
    """One of the `allowed` values, exactly."""
    if value not in list(allowed):
        raise fail(where, _("must be one of %(allowed)s, got %(value)r") % {
            "allowed": ", ".join(str(item) for item in allowed), "value": value})
    return value


def _points(value: Any, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise fail(where, _("must be a number such as 1 or 0.5, got %(value)r") % {
            "value": value})
    try:
        number = Decimal(str(value))
    except InvalidOperation as error:
        raise fail(where, _("is not a number")) from error
    if (not number.is_finite() or number < 0 or number > Decimal("999.99")
            or number != number.quantize(Decimal("0.01"))):
        raise fail(where, _("must be from 0 to 999.99 with at most two decimals, got %(value)s")
                    % {"value": value})
    return number


def _date(value: Any, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise fail(where, _("must be a date as YYYY-MM-DD, got %(value)r") % {
            "value": value}) from error


def _check(data: Any) -> dict[str, Any]:
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
    values = {key: _points(scoring[key], f"scoring.{key}") for key in ("win", "draw", "loss")}
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
    """Micro-matches seat each player once per game of the pairing (tournaments/micro_match.py),
    not once per round."""
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
        if round_["number"] != index + 1 or not _is_int(round_["number"]):
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
            if micro and isinstance(game, dict) and _is_int(game.get("board")):
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


def _save(checked: dict[str, Any], organisers) -> Tournament:
    rounds = checked["rounds"]
    all_played = all(game["result"] for round_ in rounds for game in round_["games"])
    if checked["swiss"]:  # a Swiss is finished after its last declared round (issue 25)
        declared = swiss_state.tournament_fields(checked["swiss"]).get("swiss_rounds") or 0
        all_played = all_played and len(rounds) >= declared
    tournament = Tournament(
        name=checked["name"], slug=checked["slug"], place=checked["place"],
        start_date=checked["start_date"], end_date=checked["end_date"], board=checked["board"],
        time_control=checked["time_control"], draw_profile=checked["draw_profile"],
        scoring_win=checked["scoring"]["win"], scoring_draw=checked["scoring"]["draw"],
        scoring_loss=checked["scoring"]["loss"], tiebreaks=checked["tiebreaks"],
        cycles=checked["cycles"], swap_last_two=checked["swap_last_two"],
        pairing_seed=checked["pairing_seed"], micro_match=checked["micro_match"],
        rating_k=checked["rating_k"],
        annul_early_withdrawals=checked["annul_early_withdrawals"],
        **(swiss_state.tournament_fields(checked["swiss"]) if checked["swiss"] else {}),
        status=(Status.REGISTRATION if not rounds
                else Status.FINISHED if all_played else Status.ONGOING),
    )
    tournament.full_clean()
    tournament.save()
    tournament.organisers.add(*organisers)
    by_number: dict[int, Entry] = {}
    known = _known_players(checked["players"])
    for player in checked["players"]:
        entry = Entry.objects.create(tournament=tournament, player=_player_for(player, known),
                                     number=player["number"], withdrawn=player["withdrawn"])
        if entry.number is not None:
            by_number[entry.number] = entry
    if rounds:
        _save_rounds(tournament, rounds, by_number, checked)
        _save_withdrawal_games(tournament, checked["players"], by_number)
    if checked["swiss"]:
        swiss_state.save_swiss(checked["swiss"], tournament, by_number)
    restored = Restored(tournament, entries=by_number, games={
        (game.round.number, game.board): game
        for game in Game.objects.of_tournament(tournament).select_related(
            "round__tournament", "white__player", "black__player")
    })
    for module, checked_items in checked["extensions"]:
        module.save_backup(checked_items, restored)
    return tournament


def _save_withdrawal_games(tournament: Tournament, players: list[dict[str, Any]],
                           by_number: dict[int, Entry]) -> None:
    ids = {(round_number, board): pk for pk, round_number, board in
           Game.objects.of_tournament(tournament).values_list("pk", "round__number", "board")}
    for player in players:
        if not player["withdrawal_games"]:
            continue
        entry = by_number[player["number"]]
        entry.withdrawal_games = [
            {"game": ids[(change["round"], change["board"])], "before": change["before"],
             "after": change["after"]} for change in player["withdrawal_games"]]
        entry.save(update_fields=["withdrawal_games"])


def _save_rounds(tournament: Tournament, rounds: list[dict[str, Any]],
                 by_number: dict[int, Entry], checked: dict[str, Any]) -> None:
    if checked["swiss"]:
        scheduled = {}
    elif checked["micro_match"]:
        scheduled = _scheduled_micro_match_colours(len(checked["players"]), checked, rounds)
    else:
        scheduled = _scheduled_colours(len(checked["players"]), checked)
    saved_rounds = Round.objects.bulk_create([
        Round(tournament=tournament, number=round_["number"],
              bye=by_number[round_["bye"]] if round_["bye"] else None)
        for round_ in rounds
    ])
    Game.objects.bulk_create([
        Game(round=saved, board=game["board"], white=by_number[game["white"]],
             black=by_number[game["black"]], result=game["result"],
             colours_swapped=scheduled.get((round_["number"], game["black"], game["white"]),
                                           False))
        for saved, round_ in zip(saved_rounds, rounds, strict=True)
        for game in round_["games"]
    ])


def _known_players(players: list[dict[str, Any]]) -> dict[str, Player]:
    """The registry's players with the file's federation ids, in one query (a 500-player Swiss
    looked each one up on its own, issue 25)."""
    ids = [player["federation_id"] for player in players if player["federation_id"]]
    return {known.federation_id: known for known in Player.objects.filter(federation_id__in=ids)}


def _player_for(player: dict[str, Any], known: dict[str, Player]) -> Player:
    """A player already known by his federation id is reused, as when adding by form or CSV."""
    if player["federation_id"] in known:
        return known[player["federation_id"]]
    new = Player(name=player["name"], club=player["club"], rating=player["rating"],
                 federation_id=player["federation_id"])
    # The file's checks already hold the constraints (a name, a rating in range, federation
    # ids distinct and new), so no query per constraint and player; the database still has them.
    new.full_clean(validate_constraints=False)
    new.save()
    return new


def _scheduled_micro_match_colours(n_players: int, checked: dict[str, Any],
                                   rounds: list[dict[str, Any]]) -> dict[tuple, bool]:
    """As _scheduled_colours, board by board: both colours of a pair are scheduled in a round
    of micro-matches, so a swap is the board's game played with the other player White."""
    schedule = pairing.round_robin_schedule(
        n_players, cycles=checked["cycles"], swap_last_two=checked["swap_last_two"])
    white_of = {(planned.number, game.board): game.white for planned in schedule
                for game in micro_match.both_games(planned.games)}
    return {(round_["number"], game["black"], game["white"]): True for round_ in rounds
            for game in round_["games"]
            if white_of.get((round_["number"], game["board"])) == game["black"]}


def _scheduled_colours(n_players: int, checked: dict[str, Any]) -> dict[tuple[int, int, int], bool]:
    """{(round, white, black): True} for the Berger table's games, to tell an Art. 10 swap."""
    schedule = pairing.round_robin_schedule(
        n_players, cycles=checked["cycles"], swap_last_two=checked["swap_last_two"])
    return {(planned.number, game.white, game.black): True
            for planned in schedule for game in planned.games}
