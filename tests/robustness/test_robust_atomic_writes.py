"""Every step that writes several rows is one transaction: a failure in the middle of it leaves
the database exactly as it was (issue 9), down to the last audit entry and game version.

Each test lets the step write part of its rows, then makes the next write fail (the database
refusing it, a bug, a lost connection look the same from here) and compares every row of the
site's apps with what was there before.
"""

from __future__ import annotations

import json

import pytest
from robust_scene import REPEATING_SHEET, first_game, make_open_tournament, make_paired_tournament
from robust_site import fingerprint

from arbitration import audit
from arbitration import backup as arbitration_backup
from arbitration import services as arbitration_services
from arbitration.models import Action, AuditEntry
from tournaments import services
from tournaments.files import player_import
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.models import Entry, Game, GameQuerySet, Round, Status
from tournaments.services import withdrawals

pytestmark = pytest.mark.django_db


class Interrupted(RuntimeError):
    """The failure forced in the middle of a step."""


def fail_on_call(monkeypatch, owner, name: str, *, after: int = 0, when=None):
    """Make `owner.name` raise Interrupted on its call number `after` + 1 (earlier calls, and
    calls `when` refuses, go through), so the step has written something before it fails."""
    original = getattr(owner, name)
    calls = []

    def interrupted(*args, **kwargs):
        if when is None or when(*args, **kwargs):
            calls.append(1)
            if len(calls) > after:
                raise Interrupted(f"{name} failed after {after} successful call(s)")
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, interrupted)
    return calls


def test_generating_rounds_fails_after_the_rounds_are_written(monkeypatch, organiser):
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=organiser, players=4)
    services.draw_numbers(tournament, seed=11)
    before = fingerprint()
    calls = fail_on_call(monkeypatch, GameQuerySet, "bulk_create")
    with pytest.raises(Interrupted):
        services.generate_rounds(tournament)
    assert calls  # the games were about to be written: the rounds already were
    assert fingerprint() == before
    tournament.refresh_from_db()
    assert (tournament.status, tournament.rounds.count()) == (Status.REGISTRATION, 0)


def test_importing_players_fails_at_the_third_player(monkeypatch, organiser):
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=organiser, players=0)
    csv = ("name;club;rating\nAna Conceição;Clube A;1500\nJoão Brandão;Clube B;1600\n"
           "Maria Araújo;Clube C;1700\nPedro Gonçalves;;\n").encode()
    before = fingerprint()
    fail_on_call(monkeypatch, player_import, "enter_person", after=2)  # one call a player
    with pytest.raises(Interrupted):
        player_import.import_players(tournament, csv)
    assert fingerprint() == before
    assert tournament.entries.count() == 0


def test_drawing_numbers_fails_after_the_old_numbers_are_cleared(monkeypatch, organiser):
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=organiser, players=4)
    services.draw_numbers(tournament, seed=3)
    before = fingerprint()
    fail_on_call(monkeypatch, type(Entry.objects.all()), "bulk_update")
    with pytest.raises(Interrupted):
        services.draw_numbers(tournament, seed=4)
    assert fingerprint() == before
    assert sorted(tournament.entries.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_withdrawing_a_player_fails_at_his_second_forfeit(monkeypatch, organiser):
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser,
                                        players=4)
    leaver = tournament.entries.get(number=1)
    before = fingerprint()
    fail_on_call(monkeypatch, withdrawals, "record_result", after=1)
    with pytest.raises(Interrupted):
        services.withdraw_player(leaver)
    assert fingerprint() == before
    leaver.refresh_from_db()
    assert not leaver.withdrawn
    assert not Game.objects.of_tournament(tournament).exclude(result="").exists()


def test_a_result_is_not_kept_when_its_audit_entry_cannot_be_written(monkeypatch, organiser):
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser,
                                        players=2)
    game = first_game(tournament)
    before = fingerprint()
    fail_on_call(monkeypatch, audit, "record")
    with pytest.raises(Interrupted):
        services.record_result(game, result="1-0", expected_version=game.version)
    assert fingerprint() == before
    game.refresh_from_db()
    assert (game.result, game.version) == ("", 1)


def test_upholding_a_claim_fails_after_the_draw_is_recorded(monkeypatch, organiser):
    """Upholding writes the decision, the 1/2-1/2 result with its audit entry, then the
    decision's audit entry; the last one fails, so none of them stays."""
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser,
                                        players=2)
    game = first_game(tournament)
    services.record_result(game, result="1-0", expected_version=game.version)
    game.refresh_from_db()
    arbitration_services.save_sheet(game, pdn=REPEATING_SHEET, notation="algebraic",
                                    expected_version=0)
    claim = arbitration_services.make_draw_claim(game, claimant=game.black, rule="threefold",
                                                 move="4...")
    assert claim.system_upheld
    before = fingerprint()
    calls = fail_on_call(monkeypatch, audit, "record",
                         when=lambda **entry: entry["action"] == Action.DRAW_CLAIM_DECIDED)
    with pytest.raises(Interrupted):
        arbitration_services.decide_draw_claim(claim, decision="upheld",
                                               expected_game_version=game.version)
    assert calls
    assert fingerprint() == before
    claim.refresh_from_db()
    game.refresh_from_db()
    assert claim.is_open and (game.result, game.version) == ("1-0", 2)


def test_typing_an_irregular_move_fails_before_its_claim_is_audited(monkeypatch, organiser):
    """A move the opponent let stand writes the sheet, its audit entry, the irregularity claim
    and the claim's audit entry: a failure at the last leaves the sheet as it was."""
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser,
                                        players=2)
    game = first_game(tournament)
    arbitration_services.append_move(game, move_text="c3-d4", expected_version=0,
                                     notation="algebraic")
    before = fingerprint()
    calls = fail_on_call(monkeypatch, audit, "record",
                         when=lambda **entry: entry["action"] == Action.IRREGULARITY_RECORDED)
    with pytest.raises(Interrupted):
        # Black moves a man two squares without capturing: irregular, let stand (Art. 23).
        arbitration_services.append_move(game, move_text="h6-f4", let_stand=True,
                                         expected_version=1)
    assert calls
    assert fingerprint() == before


@pytest.fixture
def finished_backup(organiser) -> dict:
    """The export of a played tournament with a score sheet, a decided claim and its log."""
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser,
                                        players=4)
    game = first_game(tournament)
    arbitration_services.save_sheet(game, pdn=REPEATING_SHEET, notation="algebraic",
                                    expected_version=0)
    claim = arbitration_services.make_draw_claim(game, claimant=game.white, rule="threefold",
                                                 move="4...")
    arbitration_services.decide_draw_claim(claim, decision="upheld",
                                           expected_game_version=game.version)
    for other in Game.objects.of_tournament(tournament).filter(result=""):
        services.record_result(other, result="0-1", expected_version=other.version)
    data = json.loads(json.dumps(export_tournament(tournament), default=str))
    assert {"score_sheets", "draw_claims", "audit_log"} <= set(data)
    return data


@pytest.mark.parametrize("where", ["games", "arbitration records"])
def test_importing_a_tournament_fails_in_the_middle(monkeypatch, finished_backup, where):
    before = fingerprint()
    rounds_before = Round.objects.count()
    if where == "games":
        fail_on_call(monkeypatch, GameQuerySet, "bulk_create")
    else:  # after the tournament, players, games, sheets, claims and log were all written
        original = arbitration_backup.save_backup

        def save_then_fail(*args, **kwargs):
            original(*args, **kwargs)
            assert AuditEntry.objects.count() > 0
            raise Interrupted("the import failed after the arbitration records")

        monkeypatch.setattr(arbitration_backup, "save_backup", save_then_fail)
    with pytest.raises(Interrupted):
        import_tournament({**finished_backup, "name": "Aberto de Campinas (cópia)"})
    assert fingerprint() == before
    assert Round.objects.count() == rounds_before
