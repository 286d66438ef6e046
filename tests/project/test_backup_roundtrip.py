"""Backups (issue 9): export_tournament / import_tournament round-trip the demo tournament with
its games, score sheets, claims and audit log; a file with an error is refused whole."""

import copy
import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import translation

from arbitration import services
from arbitration.models import AuditEntry, DrawClaim, IrregularityClaim, ScoreSheet
from tournaments.files.backup import import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db

DEMO_SLUG = "aberto-de-damas-sao-paulo-2026"

# Kings only: the position after 4... is the third occurrence of the start (Art. 98).
THREEFOLD = """[GameType "26"]
[FEN "W:WKc1,Ke1:BKb8,Kd8"]

1. c1-d2 b8-a7 2. d2-c1 a7-b8 3. c1-d2 b8-a7 4. d2-c1 a7-b8 *
"""
# 2. g3-h4 ignores the capture d4xf6 that was compulsory: Art. 23 (f).
IRREGULAR = """[GameType "26"]

1. c3-d4 f6-e5 2. g3-h4 e5xc3 *
"""


@pytest.fixture(autouse=True)
def in_english():
    """The refusals are asserted in English, the language they are written in."""
    with translation.override("en"):
        yield


def exported(slug: str) -> dict:
    out = StringIO()
    call_command("export_tournament", slug, stdout=out)
    return json.loads(out.getvalue())


def imported(tmp_path, data: dict, name: str = "backup.json", **options) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    out = StringIO()
    call_command("import_tournament", str(path), stdout=out, **options)
    return out.getvalue().strip()


def game_at(tournament: Tournament, round_number: int, board: int) -> Game:
    return (Game.objects.select_related("round__tournament", "white__player", "black__player")
            .get(round__tournament=tournament, round__number=round_number, board=board))


@pytest.fixture
def demo():
    """The demo, plus what an arbiter adds during round 6: two sheets, an Art. 23
    irregularity let stand, a draw claim upheld (the game becomes a draw) and one still open."""
    call_command("load_demo", stdout=StringIO())
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    arbiter = get_user_model().objects.get(username="arbitro")
    drawn = game_at(tournament, 6, 1)
    services.save_sheet(drawn, pdn=THREEFOLD, notation="algebraic", expected_version=0,
                        user=arbiter)
    claim = services.make_draw_claim(drawn, claimant=drawn.black, rule="threefold", move="4...",
                                     user=arbiter)
    services.decide_draw_claim(claim, decision="upheld", user=arbiter,
                               expected_game_version=game_at(tournament, 6, 1).version)
    irregular = game_at(tournament, 6, 2)
    services.save_sheet(irregular, pdn=IRREGULAR, notation="algebraic", expected_version=0,
                        user=arbiter)
    services.record_irregularity(irregular, move="2.", decision="stand",
                                 reported_by=irregular.black, note="Deixou valer.",
                                 user=arbiter)
    services.make_draw_claim(irregular, claimant=irregular.white, rule="threefold", move="2...",
                             user=arbiter)
    return tournament


def test_the_demo_holds_every_kind_of_record(demo):
    data = exported(demo.slug)
    assert len(data["score_sheets"]) == 2
    assert [claim["decision"] for claim in data["draw_claims"]] == ["upheld", ""]
    assert data["draw_claims"][0]["decided_by"] == "arbitro"
    assert data["draw_claims"][1]["decided_at"] is None
    [irregularity] = data["irregularity_claims"]
    assert irregularity["category"] == "f" and irregularity["decision"] == "stand"
    assert data["score_sheets"][1]["accepted_plies"] == [3]  # let stand: replayed as written
    actions = [entry["action"] for entry in data["audit_log"]]
    # 25 results of rounds 1-5, then round 6's sheets, claims, the draw and the irregularity
    assert actions.count("result-entered") == 26
    assert {"sheet-saved", "draw-claimed", "draw-claim-decided",
            "irregularity-recorded"} <= set(actions)
    # The organiser's steps (players, numbers, rounds) first, then the arbiter's on games.
    assert all(entry["actor"] == ("arbitro" if entry["round"] else "organizador")
               for entry in data["audit_log"])
    assert data["rounds"][5]["games"][0]["result"] == "1/2-1/2"


def test_the_demo_round_trips_under_a_new_slug(demo, tmp_path):
    first = exported(demo.slug)
    slug = imported(tmp_path, first)
    assert slug != demo.slug  # the original is still there
    assert exported(slug) == first
    copy_ = Tournament.objects.get(slug=slug)
    assert ScoreSheet.objects.filter(game__round__tournament=copy_).count() == 2
    assert DrawClaim.objects.filter(game__round__tournament=copy_).count() == 2
    assert IrregularityClaim.objects.filter(game__round__tournament=copy_).count() == 1
    assert AuditEntry.objects.filter(tournament=copy_).count() == len(first["audit_log"])


def test_the_demo_round_trips_into_an_emptied_database(demo, tmp_path):
    first = exported(demo.slug)
    demo.delete()
    # Only the other demo tournaments' entries remain (the team league of issue 16, the Swiss of
    # issue 14).
    assert not AuditEntry.objects.exclude(tournament__in=Tournament.objects.all()).exists()
    assert not ScoreSheet.objects.exists()
    # The slug is not in the file; --slug restores the old address.
    assert imported(tmp_path, first, slug=DEMO_SLUG) == DEMO_SLUG
    assert exported(DEMO_SLUG) == first


@pytest.mark.parametrize(("slug", "message"), [
    (DEMO_SLUG, "another tournament already has the slug"),
    ("novo", "cannot be a tournament's slug"),
    ("com espaço", "slug:"),
])
def test_a_slug_that_cannot_be_used_refuses_the_import(demo, tmp_path, slug, message):
    before = counts()
    with pytest.raises(CommandError, match=message):
        imported(tmp_path, exported(demo.slug), slug=slug)
    assert counts() == before


def test_what_the_engine_makes_of_a_sheet_is_computed_again(demo, tmp_path):
    slug = imported(tmp_path, exported(demo.slug))
    for board in (1, 2):
        original = ScoreSheet.objects.get(game=game_at(demo, 6, board))
        restored = ScoreSheet.objects.get(game=game_at(Tournament.objects.get(slug=slug), 6,
                                                       board))
        fields = ("pdn", "notation", "accepted_plies", "version", "moves_count", "illegal_ply",
                  "illegal_move", "illegal_article", "syntax_code")
        assert ([getattr(restored, name) for name in fields]
                == [getattr(original, name) for name in fields])
    assert original.moves_count == 4 and original.illegal_ply is None  # the irregularity stood


def test_an_unknown_username_becomes_an_inactive_account(demo, tmp_path):
    data = exported(demo.slug)
    data["draw_claims"][0]["decided_by"] = "arbitra-de-2025"
    data["audit_log"][-1]["actor"] = "arbitra-de-2025"
    slug = imported(tmp_path, data)
    account = get_user_model().objects.get(username="arbitra-de-2025")
    assert not account.is_active and not account.has_usable_password()
    assert exported(slug) == data
    # a second import finds the account instead of creating another
    imported(tmp_path, data, name="again.json")
    assert get_user_model().objects.filter(username="arbitra-de-2025").count() == 1


def counts() -> tuple[int, ...]:
    models = (Tournament, Game, ScoreSheet, DrawClaim, IrregularityClaim, AuditEntry,
              get_user_model())
    return tuple(model.objects.count() for model in models)


def broken(data: dict, key: str, index: int, field: str, value) -> dict:
    data = copy.deepcopy(data)
    data[key][index][field] = value
    return data


@pytest.mark.parametrize(("key", "index", "field", "value", "named"), [
    ("score_sheets", 0, "notation", "descriptive", "score_sheets[0].notation"),
    ("score_sheets", 1, "board", 1, "score_sheets[1]: a game has one score sheet"),
    ("score_sheets", 0, "round", 12, "score_sheets[0]: the file has no game"),
    ("score_sheets", 0, "accepted_plies", [0], "score_sheets[0].accepted_plies[0]"),
    ("draw_claims", 0, "claimant", 3, "draw_claims[0].claimant"),
    ("draw_claims", 0, "rule", "two-kings", "draw_claims[0].rule"),
    ("draw_claims", 1, "created_at", "2026-11-14 10:00", "draw_claims[1].created_at"),
    ("draw_claims", 0, "decided_by", " arbitro", "draw_claims[0].decided_by"),
    ("irregularity_claims", 0, "category", "z", "irregularity_claims[0].category"),
    ("irregularity_claims", 0, "reported_by", 10, "irregularity_claims[0].reported_by"),
    ("audit_log", 0, "action", "result-guessed", "audit_log[0].action"),
    ("audit_log", 15, "board", None, "audit_log[15]: round and board"),
    ("audit_log", 0, "note", "nota\x00", "audit_log[0].note: must not contain the NUL"),
    ("audit_log", 0, "after", {"result": "1-0\x00"}, "audit_log[0].after.result"),
    ("score_sheets", 0, "pdn", "1. c3-d4\x00", "score_sheets[0].pdn"),
    # Found only when saving, by the model's own constraints: the whole import rolls back.
    ("draw_claims", 1, "decision", "upheld", "draw_claims[1]"),
    ("draw_claims", 0, "move", "x" * 13, "draw_claims[0].move"),
])
def test_a_file_with_an_arbitration_error_is_refused_whole(demo, tmp_path, key, index, field,
                                                           value, named):
    data = broken(exported(demo.slug), key, index, field, value)
    before = counts()
    with pytest.raises(BackupError) as refused:
        import_tournament(json.loads(json.dumps(data)))
    assert str(refused.value).startswith(named), str(refused.value)
    with pytest.raises(CommandError, match="nothing saved"):
        imported(tmp_path, data)
    assert counts() == before


def test_an_item_with_a_missing_or_extra_key_is_refused(demo):
    data = exported(demo.slug)
    del data["audit_log"][0]["note"]
    with pytest.raises(BackupError, match=r"audit_log\[0\]: must be an object with exactly"):
        import_tournament(data)
    data = exported(demo.slug)
    data["score_sheets"][0]["moves_count"] = 4  # computed, never read from a file
    with pytest.raises(BackupError, match=r"score_sheets\[0\]"):
        import_tournament(data)


def test_a_tournament_without_arbitration_records_writes_none_of_the_keys(demo, tmp_path):
    data = exported(demo.slug)
    for key in ("score_sheets", "draw_claims", "irregularity_claims", "audit_log"):
        del data[key]
    slug = imported(tmp_path, data)
    assert exported(slug) == data


def test_the_audit_log_is_saved_in_queries_that_do_not_grow_with_it(demo):
    """A published copy saves the venue's whole log on every send (541 entries after issue 27's
    150-player rehearsal, about half the server's time there, one check query and one insert an
    entry): now checked in Python and inserted in bulk, in the file's order."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def import_with_log(length: int, slug: str) -> int:
        data = exported(demo.slug)
        data["audit_log"] = (data["audit_log"] * (length // len(data["audit_log"]) + 1))[:length]
        with CaptureQueriesContext(connection) as queries:
            tournament = import_tournament(json.loads(json.dumps(data)), slug=slug)
        assert AuditEntry.objects.filter(tournament=tournament).count() == length
        return len(queries)

    # (That the log comes back whole and in order is the round-trip tests' above.)
    assert import_with_log(20, "copia-20") == import_with_log(400, "copia-400")


def test_a_bad_audit_entry_still_refuses_the_file_naming_it(demo):
    data = broken(exported(demo.slug), "audit_log", 1, "action", "no-such-action")
    before = counts()
    with pytest.raises(BackupError) as refused:
        import_tournament(json.loads(json.dumps(data)))
    assert str(refused.value).startswith("audit_log[1]"), str(refused.value)
    assert counts() == before
