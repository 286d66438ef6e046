"""The "swiss" key of the JSON backup: what a Swiss keeps beyond its players and games.

    "swiss": {"rounds": 7, "bye_points": 1|null, "max_requested_byes": 1, "initial_colour": "w",
              "absences": [{"number": 4, "round": 3, "kind": "H"}],
              "late_entries": {"31": 3}, "unpublished": [5],
              "baku_acceleration": true, "same_club": {"rounds": 3|null},
              "forbidden_pairs": [{"players": [0, 5], "from_round": 3, "rounds": 5|null,
                                   "note": "brothers"}]}

"bye_points" null is a win's points; "kind" is the TRF code (H, Z, F or -); "late_entries" gives
the first round of each player who entered late; "unpublished" the rounds paired, not published.
The pairing options (issue 27) are optional, written only when set, so older files still read:
"baku_acceleration" (FIDE C.04.5.1), "same_club" (players of one club do not meet, in every round
when "rounds" is null) and "forbidden_pairs", each pair by the places of its two players in the
file's "players" list (from 0: a pair may be set before the players have pairing numbers), for
from round "from_round" (optional: 1 when absent, as in older files) to round "rounds" (null:
the last), with an optional "note".
"""

from __future__ import annotations

from typing import Any

from tournaments.files.backup_values import (
    choice,
    fail,
    json_number,
    points,
    text,
    whole_number,
)
from tournaments.models import (
    Absence,
    AbsenceKind,
    Entry,
    ForbiddenPair,
    PairingSystem,
    Tournament,
)

KEYS = {"rounds", "bye_points", "max_requested_byes", "initial_colour", "absences",
        "late_entries", "unpublished"}
OPTIONAL_KEYS = {"baku_acceleration", "same_club", "forbidden_pairs"}


def export_swiss(tournament: Tournament, entries: list[Entry]) -> dict[str, Any]:
    """The key; `entries` in the order of the file's "players" list."""
    return {**_export_state(tournament), **_export_options(tournament, entries)}


def _export_options(tournament: Tournament, entries: list[Entry]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if tournament.baku_acceleration:
        data["baku_acceleration"] = True
    if tournament.forbid_same_club:
        data["same_club"] = {"rounds": tournament.same_club_rounds}
    place = {entry.pk: index for index, entry in enumerate(entries)}
    pairs = [{"players": sorted((place[pair.first_id], place[pair.second_id])),
              **({"from_round": pair.from_round} if pair.from_round != 1 else {}),
              "rounds": pair.rounds, **({"note": pair.note} if pair.note else {})}
             for pair in ForbiddenPair.objects.filter(tournament=tournament).order_by("pk")]
    if pairs:
        data["forbidden_pairs"] = pairs
    return data


def _export_state(tournament: Tournament) -> dict[str, Any]:
    return {
        "rounds": tournament.swiss_rounds,
        "bye_points": None if tournament.bye_points is None else json_number(
            tournament.bye_points),
        "max_requested_byes": tournament.max_requested_byes,
        "initial_colour": tournament.initial_colour,
        "absences": [{"number": number, "round": round_number, "kind": kind}
                     for number, round_number, kind in Absence.objects.filter(
                         entry__tournament=tournament).order_by(
                         "round_number", "entry__number").values_list(
                         "entry__number", "round_number", "kind")],
        "late_entries": {str(number): first for number, first in tournament.entries.filter(
            first_round__gt=1).values_list("number", "first_round")},
        "unpublished": list(tournament.rounds.filter(published=False).values_list(
            "number", flat=True)),
    }


def check_swiss(data: Any, players: list[dict[str, Any]], rounds: int) -> dict[str, Any]:
    """The "swiss" key checked against the file's players; BackupError names what is wrong."""
    if not isinstance(data, dict) or not KEYS <= set(data) <= KEYS | OPTIONAL_KEYS:
        raise fail("swiss", "must be an object with exactly " + ", ".join(sorted(KEYS))
                   + " and optionally " + ", ".join(sorted(OPTIONAL_KEYS)))
    total = whole_number(data["rounds"], "swiss.rounds", minimum=1, maximum=99)
    if rounds > total:
        raise fail("swiss.rounds", f"the file has {rounds} rounds, more than {total}")
    numbers = {player["number"] for player in players}
    absences = []
    if not isinstance(data["absences"], list):
        raise fail("swiss.absences", "must be a list")
    for index, item in enumerate(data["absences"]):
        where = f"swiss.absences[{index}]"
        if not isinstance(item, dict) or set(item) != {"number", "round", "kind"}:
            raise fail(where, "must be an object with exactly number, round and kind")
        number = choice(item["number"], f"{where}.number", sorted(numbers))
        round_number = whole_number(item["round"], f"{where}.round", minimum=1, maximum=total)
        absences.append((number, round_number, choice(item["kind"], f"{where}.kind",
                                                      AbsenceKind.values)))
    late = data["late_entries"]
    if not isinstance(late, dict):
        raise fail("swiss.late_entries", "must be an object")
    first_rounds = {}
    for key, value in late.items():
        number = choice(int(key) if key.isdigit() else key, f"swiss.late_entries.{key}",
                        sorted(numbers))
        first_rounds[number] = whole_number(value, f"swiss.late_entries.{key}", minimum=1,
                                            maximum=total)
    if not isinstance(data["unpublished"], list):
        raise fail("swiss.unpublished", "must be a list")
    unpublished = [whole_number(n, "swiss.unpublished", minimum=1, maximum=max(rounds, 1))
                   for n in data["unpublished"]]
    return {
        "swiss_rounds": total,
        "bye_points": None if data["bye_points"] is None else points(data["bye_points"],
                                                                       "swiss.bye_points"),
        "max_requested_byes": whole_number(data["max_requested_byes"],
                                           "swiss.max_requested_byes", minimum=0, maximum=99),
        "initial_colour": choice(data["initial_colour"], "swiss.initial_colour", ["w", "b"]),
        "absences": absences, "first_rounds": first_rounds, "unpublished": unpublished,
        **_check_options(data, len(players), total),
    }


def _rounds_or_all(value: Any, where: str, total: int) -> int | None:
    return whole_number(value, where, minimum=1, maximum=total, nullable=True)


def _check_options(data: dict[str, Any], players: int, total: int) -> dict[str, Any]:
    """The pairing options (issue 27), each absent key its default."""
    baku = choice(data.get("baku_acceleration", False), "swiss.baku_acceleration",
                  [True, False])
    same_club = data.get("same_club")
    if same_club is not None and (not isinstance(same_club, dict) or set(same_club) != {
            "rounds"}):
        raise fail("swiss.same_club", "must be an object with exactly rounds (null: every round)")
    pairs, seen = [], set()
    listed = data.get("forbidden_pairs", [])
    if not isinstance(listed, list):
        raise fail("swiss.forbidden_pairs", "must be a list")
    for index, item in enumerate(listed):
        where = f"swiss.forbidden_pairs[{index}]"
        if not isinstance(item, dict) or not {"players", "rounds"} <= set(item) <= {
                "players", "from_round", "rounds", "note"}:
            raise fail(where, "must be an object with players, rounds and optionally from_round "
                       "and note")
        two = item["players"]
        if not isinstance(two, list) or len(two) != 2:
            raise fail(f"{where}.players", "must be two places in the players list")
        first, second = (whole_number(place, f"{where}.players", minimum=0,
                                      maximum=max(players - 1, 0)) for place in two)
        if first == second or players == 0:
            raise fail(f"{where}.players", "must be two different players")
        key = frozenset((first, second))
        if key in seen:
            raise fail(f"{where}.players", "this pair is listed twice")
        seen.add(key)
        start = whole_number(item.get("from_round", 1), f"{where}.from_round", minimum=1,
                             maximum=total)
        last = _rounds_or_all(item["rounds"], f"{where}.rounds", total)
        if last is not None and last < start:
            raise fail(f"{where}.rounds", f"must not be before from_round ({start})")
        pairs.append({"players": (first, second), "from_round": start, "rounds": last,
                      "note": text(item.get("note", ""), f"{where}.note", required=False)})
    return {"baku_acceleration": baku, "forbid_same_club": same_club is not None,
            "same_club_rounds": (_rounds_or_all(same_club["rounds"], "swiss.same_club.rounds",
                                                total) if same_club is not None else None),
            "forbidden_pairs": pairs}


def tournament_fields(checked: dict[str, Any]) -> dict[str, Any]:
    return {"system": PairingSystem.SWISS, "swiss_rounds": checked["swiss_rounds"],
            "bye_points": checked["bye_points"],
            "max_requested_byes": checked["max_requested_byes"],
            "initial_colour": checked["initial_colour"],
            "baku_acceleration": checked.get("baku_acceleration", False),
            "forbid_same_club": checked.get("forbid_same_club", False),
            "same_club_rounds": checked.get("same_club_rounds")}


def save_swiss(checked: dict[str, Any], tournament: Tournament,
               by_number: dict[int, Entry], entries: list[Entry]) -> None:
    """The key's state; `entries` in the order of the file's "players" list."""
    ForbiddenPair.objects.bulk_create([
        ForbiddenPair(tournament=tournament, first=low, second=high,
                      from_round=pair.get("from_round", 1), rounds=pair["rounds"],
                      note=pair["note"])
        for pair in checked.get("forbidden_pairs", [])
        for low, high in [sorted((entries[place] for place in pair["players"]),
                                 key=lambda entry: entry.pk)]
    ])
    Absence.objects.bulk_create([
        Absence(entry=by_number[number], round_number=round_number, kind=kind)
        for number, round_number, kind in checked["absences"]
    ])
    for number, first in checked["first_rounds"].items():
        Entry.objects.filter(pk=by_number[number].pk).update(first_round=first)
    tournament.rounds.filter(number__in=checked["unpublished"]).update(published=False)
