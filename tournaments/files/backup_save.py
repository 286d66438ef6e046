"""The saving of a checked JSON backup (tournaments/files/backup_check.py) as a new tournament,
in the import's transaction: its players (reusing the registry's by federation id), rounds and
games (telling an Art. 10 colour swap from the Berger table's), withdrawals, the "swiss" key's
state, then each extension's items.
"""

from __future__ import annotations

from typing import Any

from tournaments.files import swiss_backup as swiss_state
from tournaments.files.backup_extensions import Restored
from tournaments.models import Entry, Game, Player, Round, Status, Tournament
from tournaments.pairing import berger as pairing
from tournaments.pairing import micro_match

# What a tournament saved in place keeps of its row: the page version moves on from its own.
KEPT_IN_PLACE = ("version", "changed_at", "published_at")


def save_tournament(checked: dict[str, Any], organisers, *,
                    into: Tournament | None = None) -> Tournament:
    """Save as a new tournament, or `into` an existing one emptied of its players and rounds
    (a copy published from the venue, tournaments/files/publishing.py), keeping its row."""
    rounds = checked["rounds"]
    all_played = all(game["result"] for round_ in rounds for game in round_["games"])
    if checked["swiss"]:  # a Swiss is finished after its last declared round (issue 25)
        declared = swiss_state.tournament_fields(checked["swiss"]).get("swiss_rounds") or 0
        all_played = all_played and len(rounds) >= declared
    fields = dict(
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
    tournament = Tournament(**fields)
    if into is not None:  # every setting as the file says, the rest back to its default
        for field in Tournament._meta.concrete_fields:
            if not field.primary_key and field.name not in KEPT_IN_PLACE:
                setattr(into, field.attname, getattr(tournament, field.attname))
        tournament = into
    tournament.full_clean()
    tournament.save()
    tournament.organisers.add(*organisers)
    by_number: dict[int, Entry] = {}
    in_order: list[Entry] = []  # as the file lists them
    known = _known_players(checked["players"])
    for player in checked["players"]:
        entry = Entry.objects.create(tournament=tournament, player=_player_for(player, known),
                                     number=player["number"], withdrawn=player["withdrawn"])
        in_order.append(entry)
        if entry.number is not None:
            by_number[entry.number] = entry
    if rounds:
        _save_rounds(tournament, rounds, by_number, checked)
        _save_withdrawal_games(tournament, checked["players"], by_number)
    if checked["swiss"]:
        swiss_state.save_swiss(checked["swiss"], tournament, by_number, in_order)
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
                 federation_id=player["federation_id"], title=player["title"],
                 birth_year=player["birth_year"],
                 state=player["state"], fmjd_rating=player["fmjd_rating"])
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
