"""The audit log: who, when, before and after, for results and every arbitration write."""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, fresh, make_tournament
from django.db import transaction
from django.utils import translation

from arbitration import audit, services
from arbitration.models import Action, AuditEntry, Role
from arbitration.notes import shown
from tournaments.services import record_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(organiser, arbiter):
    return first_game(make_tournament(organiser=organiser, arbiters=[arbiter]))


def test_a_corrected_result_is_logged_with_before_after_and_who(game, arbiter, organiser):
    game = record_result(game, result="1-0", expected_version=game.version, user=arbiter)
    record_result(game, result="0-1", expected_version=game.version, user=organiser)
    entered, corrected = AuditEntry.objects.filter(game=game).order_by("at", "pk")
    assert entered.action == Action.RESULT_ENTERED
    assert (entered.before, entered.after["result"], entered.actor) == (
        {"result": ""}, "1-0", arbiter)
    assert corrected.action == Action.RESULT_CORRECTED
    assert corrected.before == {"result": "1-0"}
    assert corrected.after == {"result": "0-1", "white": game.white.player.name,
                               "black": game.black.player.name}
    assert corrected.actor == organiser and corrected.actor_name == "organizadora"
    assert corrected.tournament == game.round.tournament
    assert corrected.at >= entered.at


def test_a_result_from_a_command_has_no_actor(game):
    record_result(game, result="1/2-1/2", expected_version=game.version)
    entry = AuditEntry.objects.get(game=game)
    assert entry.actor is None and entry.actor_name == ""


def test_an_unchanged_result_logs_nothing(game):
    game = record_result(game, result="1-0", expected_version=game.version)
    record_result(game, result="1-0", expected_version=game.version)
    assert AuditEntry.objects.filter(game=game).count() == 1


def test_sheet_edits_keep_the_text_before_and_after(game, arbiter):
    attach(game, fragments.CAPTURE_IGNORED)
    services.save_sheet(game, pdn=fragments.CAPTURE_MADE, notation="numeric",
                        expected_version=1, user=arbiter)
    entry = AuditEntry.objects.filter(game=game, action=Action.SHEET_SAVED).first()
    assert entry.actor == arbiter
    assert entry.before["pdn"] == fragments.CAPTURE_IGNORED
    assert entry.after["pdn"] == fragments.CAPTURE_MADE
    assert (entry.before["moves"], entry.after["moves"]) == (2, 5)


def test_claims_and_officials_are_logged(game, arbiter, organiser, outsider):
    attach(game, fragments.THREEFOLD)
    services.make_draw_claim(game, claimant=game.black, rule="threefold", move="4...",
                             user=arbiter)
    claimed = AuditEntry.objects.get(action=Action.DRAW_CLAIMED)
    assert claimed.after["claimant"] == game.black.player.name
    # Stored as facts, said in the reader's language when shown (issue 12).
    assert shown(claimed.note).startswith("Upheld")
    with translation.override("pt-br"):
        assert shown(claimed.note).startswith(translation.gettext("Upheld"))
    tournament = game.round.tournament
    services.add_official(tournament, username="torcedor", role=Role.ARBITER, user=organiser)
    named = AuditEntry.objects.get(action=Action.OFFICIAL_ADDED)
    assert named.before == {"arbiter": ["arbitro"]}
    assert named.after == {"arbiter": ["arbitro", "torcedor"]}
    assert named.game is None and named.actor == organiser


def test_recording_outside_a_transaction_is_refused(game, monkeypatch):
    monkeypatch.setattr(transaction.get_connection(), "in_atomic_block", False)
    with pytest.raises(audit.AuditOutsideTransactionError):
        audit.record(tournament=game.round.tournament, action=Action.SHEET_SAVED)


def test_the_audit_entry_is_rolled_back_with_its_write(game):
    game = fresh(game)
    with pytest.raises(RuntimeError), transaction.atomic():
        record_result(game, result="1-0", expected_version=game.version)
        raise RuntimeError("the request failed after the result was written")
    assert not AuditEntry.objects.filter(game=game).exists()
    assert fresh(game).result == ""


def test_the_history_shows_what_changed_with_labels_not_codes():
    from arbitration.history import changes

    rows = changes({"result": "1-0", "version": 2}, {"result": "0-1", "version": 3})
    assert [(c.label, c.before, c.after) for c in rows] == [("result", "1-0", "0-1")]
    created = changes(None, {"rule": "threefold", "decision": "", "reason": ""})
    assert [(c.label, c.after, c.created) for c in created] == [
        ("draw rule", "threefold repetition", True)]


def test_deleting_a_tournament_takes_its_sheets_claims_and_log_with_it(game):
    from arbitration.models import DrawClaim, IrregularityClaim, ScoreSheet

    attach(game, fragments.THREEFOLD)
    services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")
    services.record_irregularity(game, move="2.", category="c", decision="correct",
                                 reported_by=game.black)
    game.round.tournament.delete()
    assert not (ScoreSheet.objects.exists() or DrawClaim.objects.exists()
                or IrregularityClaim.objects.exists() or AuditEntry.objects.exists())
