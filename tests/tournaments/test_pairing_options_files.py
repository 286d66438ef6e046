"""Issue 27, a Swiss's pairing options in its files: the JSON backup (and so publishing from the
venue) carries them both ways and still reads the files written before them; the TRF export
writes the pairs forbidden in the round to be paired (XXP) and Baku's virtual points (XXA), and
the import reads them back into the options, saying what it did."""

from __future__ import annotations

import copy
import json

import pytest
from test_pairing_options import entry, swiss

from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.files.swiss_trf import import_trf
from tournaments.models import ForbiddenPair, Tournament
from tournaments.queries.swiss_trf import export_trf_text, tournament_to_trf
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


def with_options(accelerated: bool = False):
    tournament = swiss(
        ["Clube A", "clube a", "Clube B", "", "CLUBE  B", "", "Clube A", ""], rounds=5
    )
    tournament = swiss_event.set_pairing_options(
        tournament, baku_acceleration=accelerated, forbid_same_club=True, same_club_rounds=2
    )
    swiss_event.add_forbidden_pair(
        tournament, entry(tournament, 8), entry(tournament, 4), rounds=None, note="irmãos"
    )
    swiss_event.add_forbidden_pair(tournament, entry(tournament, 6), entry(tournament, 1), rounds=3)
    return tournament


def options(tournament: Tournament):
    pairs = sorted(
        (sorted((p.first.number, p.second.number)), p.rounds, p.note)
        for p in ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first", "second"
        )
    )
    return (
        tournament.baku_acceleration,
        tournament.forbid_same_club,
        tournament.same_club_rounds,
        pairs,
    )


def test_the_backup_carries_the_options_both_ways():
    tournament = with_options()
    data = export_tournament(tournament)
    assert data["swiss"]["same_club"] == {"rounds": 2}
    assert "baku_acceleration" not in data["swiss"]  # written only when on
    assert {"players": [3, 7], "rounds": None, "note": "irmãos"} in data["swiss"]["forbidden_pairs"]
    copy_ = import_tournament(json.loads(json.dumps(data)))
    assert options(copy_) == options(tournament)
    assert export_tournament(copy_)["swiss"] == data["swiss"]
    data["swiss"]["baku_acceleration"] = True
    assert import_tournament(data).baku_acceleration


def test_a_backup_written_before_the_options_still_imports_without_them():
    data = export_tournament(swiss(["A", "A", "B", "B"]))
    assert set(data["swiss"]) == {
        "rounds",
        "bye_points",
        "max_requested_byes",
        "initial_colour",
        "absences",
        "late_entries",
        "unpublished",
    }
    copy_ = import_tournament(data)
    assert options(copy_) == (False, False, None, [])


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (
            lambda s: s.update(forbidden_pairs=[{"players": [0, 0], "rounds": None}]),
            "swiss.forbidden_pairs[0].players",
        ),
        (
            lambda s: s.update(forbidden_pairs=[{"players": [0, 9], "rounds": None}]),
            "swiss.forbidden_pairs[0].players",
        ),
        (
            lambda s: s.update(forbidden_pairs=[{"players": [0, 1], "rounds": 6}]),
            "swiss.forbidden_pairs[0].rounds",
        ),
        (
            lambda s: s.update(
                forbidden_pairs=[
                    {"players": [0, 1], "rounds": None},
                    {"players": [1, 0], "rounds": 2},
                ]
            ),
            "swiss.forbidden_pairs[1].players",
        ),
        (
            lambda s: s.update(
                forbidden_pairs=[{"players": [0, 1], "from_round": 0, "rounds": None}]
            ),
            "swiss.forbidden_pairs[0].from_round",
        ),
        (
            lambda s: s.update(
                forbidden_pairs=[{"players": [0, 1], "from_round": "2", "rounds": None}]
            ),
            "swiss.forbidden_pairs[0].from_round",
        ),
        (
            lambda s: s.update(
                forbidden_pairs=[{"players": [0, 1], "from_round": 6, "rounds": None}]
            ),
            "swiss.forbidden_pairs[0].from_round",
        ),
        (
            lambda s: s.update(forbidden_pairs=[{"players": [0, 1], "from_round": 3, "rounds": 2}]),
            "swiss.forbidden_pairs[0].rounds",
        ),
        (lambda s: s.update(same_club={"rounds": 0}), "swiss.same_club.rounds"),
        (lambda s: s.update(same_club=True), "swiss.same_club"),
        (lambda s: s.update(baku_acceleration="yes"), "swiss.baku_acceleration"),
        (lambda s: s.update(accelerated=True), "swiss"),
    ],
)
def test_a_backup_with_wrong_options_is_refused_naming_the_key(change, named):
    data = export_tournament(swiss(["A", "A", "B", "B"]))
    bad = copy.deepcopy(data)
    change(bad["swiss"])
    with pytest.raises(BackupError, match=rf"^{named.replace('[', r'\[').replace(']', r'\]')}:"):
        import_tournament(bad)
    assert Tournament.objects.count() == 1


def test_the_trf_export_writes_the_round_to_be_paired_forbidden_pairs_and_reads_them_back():
    tournament = with_options()
    trf = tournament_to_trf(tournament, rounds=0, next_round=1)
    assert set(trf.forbidden_pairs) == {
        frozenset(p) for p in ((1, 2), (1, 7), (2, 7), (3, 5), (4, 8), (1, 6))
    }
    text = export_trf_text(tournament)
    assert "XXP" in text
    imported = import_trf(text)
    pairs = {
        frozenset((p.first.number, p.second.number))
        for p in ForbiddenPair.objects.filter(tournament=imported.tournament).select_related(
            "first", "second"
        )
    }
    assert pairs == set(trf.forbidden_pairs)
    assert any("XXP" in note for note in imported.notes)
    # Read again, the imported tournament forbids the same pairs in round 1.
    assert set(
        tournament_to_trf(imported.tournament, rounds=0, next_round=1).forbidden_pairs
    ) == set(trf.forbidden_pairs)


def test_baku_acceleration_goes_to_trf_as_xxa_and_comes_back_as_the_setting():
    tournament = with_options(accelerated=True)
    trf = tournament_to_trf(tournament, rounds=0, next_round=1)
    # 8 players: group A is the first 4 (2 x 4 / 4); 5 rounds, 3 accelerated.
    assert sorted(trf.accelerations) == [1, 2, 3, 4]
    text = export_trf_text(tournament)
    assert "XXA" in text
    imported = import_trf(text)
    assert imported.tournament.baku_acceleration
    assert any("Baku" in note for note in imported.notes)


def test_accelerations_that_are_not_baku_are_not_kept_silently():
    tournament = with_options(accelerated=True)
    text = export_trf_text(tournament)
    lines = [line for line in text.splitlines() if line.startswith("XXA")]
    assert lines
    changed = text.replace(lines[0], lines[0].replace("1.0", "2.0", 1))
    assert changed != text
    imported = import_trf(changed)
    assert not imported.tournament.baku_acceleration
    assert any("XXA" in note and "not FIDE's Baku" in note for note in imported.notes)


def test_pairs_bound_to_rounds_by_trf_2026_record_260_keep_their_first_and_last_round():
    from tournaments.pairing.swiss.trf import write_trf

    trf = tournament_to_trf(swiss(["", "", "", "", "", ""], rounds=5), rounds=0)
    trf.forbidden_pairs = [frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))]
    trf.forbidden_rounds = {frozenset((1, 2)): (1, 3), frozenset((3, 4)): (2, 4)}
    text = write_trf(trf)
    assert "260" in text
    imported = import_trf(text)
    kept = {
        (p.first.number, p.second.number): (p.from_round, p.rounds, p.note)
        for p in ForbiddenPair.objects.filter(tournament=imported.tournament).select_related(
            "first", "second"
        )
    }
    assert {tuple(sorted(k)): v for k, v in kept.items()} == {
        (1, 2): (1, 3, "260"),
        (3, 4): (2, 4, "260"),
        (5, 6): (1, None, "XXP"),
    }


def test_a_copy_published_from_the_venue_has_the_options_and_loses_them_with_them(
    client, organiser
):
    from django.urls import reverse
    from tournament_factories import make_tournament

    from tournaments.files.publishing import canonical_json, content_digest
    from tournaments.services.publishing import issue_token

    venue = with_options(accelerated=True)
    slot = make_tournament(0, name="Vaga do Aberto", organiser=organiser)
    token = issue_token(slot, organiser)

    def send(sequence: int):
        data = export_tournament(venue)
        content = b'{"sequence":%d,"digest":"%s","tournament":%s}' % (
            sequence,
            content_digest(data).encode(),
            canonical_json(data),
        )
        answer = client.post(
            reverse("publish_api", args=[slot.slug]),
            content,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert answer.status_code == 200, answer.content
        slot.refresh_from_db()

    send(1)
    assert options(slot) == options(venue)
    # Taken off at the venue, the options leave the copy with the next send.
    pairs = list(ForbiddenPair.objects.filter(tournament=venue))
    for pair in pairs:
        swiss_event.remove_forbidden_pair(pair)
    venue = swiss_event.set_pairing_options(
        venue, baku_acceleration=False, forbid_same_club=False, same_club_rounds=None
    )
    send(2)
    assert options(slot) == (False, False, None, [])
