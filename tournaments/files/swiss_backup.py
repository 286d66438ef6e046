"""The "swiss" key of the JSON backup: what a Swiss keeps beyond its players and games.

    "swiss": {"rounds": 7, "bye_points": 1|null, "max_requested_byes": 1, "initial_colour": "w",
              "absences": [{"number": 4, "round": 3, "kind": "H"}],
              "late_entries": {"31": 3}, "unpublished": [5]}

"bye_points" null is a win's points; "kind" is the TRF code (H, Z, F or -); "late_entries" gives
the first round of each player who entered late; "unpublished" the rounds paired, not published.
"""

from __future__ import annotations

from typing import Any

from tournaments.files.backup_values import choice, fail, json_number, points, whole_number
from tournaments.models import Absence, AbsenceKind, Entry, PairingSystem, Tournament

KEYS = {"rounds", "bye_points", "max_requested_byes", "initial_colour", "absences",
        "late_entries", "unpublished"}


def export_swiss(tournament: Tournament) -> dict[str, Any]:
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
    if not isinstance(data, dict) or set(data) != KEYS:
        raise fail("swiss", "must be an object with exactly " + ", ".join(sorted(KEYS)))
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
    }


def tournament_fields(checked: dict[str, Any]) -> dict[str, Any]:
    return {"system": PairingSystem.SWISS, "swiss_rounds": checked["swiss_rounds"],
            "bye_points": checked["bye_points"],
            "max_requested_byes": checked["max_requested_byes"],
            "initial_colour": checked["initial_colour"]}


def save_swiss(checked: dict[str, Any], tournament: Tournament,
               by_number: dict[int, Entry]) -> None:
    Absence.objects.bulk_create([
        Absence(entry=by_number[number], round_number=round_number, kind=kind)
        for number, round_number, kind in checked["absences"]
    ])
    for number, first in checked["first_rounds"].items():
        Entry.objects.filter(pk=by_number[number].pk).update(first_round=first)
    tournament.rounds.filter(number__in=checked["unpublished"]).update(published=False)
