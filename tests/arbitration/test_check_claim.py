"""`manage.py check_claim`: the verdict and evidence for scripts, CommandError for bad input."""

import json
from io import StringIO

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, make_tournament
from django.core.management import call_command
from django.core.management.base import CommandError

from arbitration.models import DrawClaim

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = make_tournament(name="Regional de Campinas")
    attach(first_game(tournament), fragments.THREEFOLD)
    return tournament


def check(*args: str) -> str:
    out = StringIO()
    call_command("check_claim", *args, stdout=out)
    return out.getvalue()


def test_an_upheld_claim_prints_the_verdict_and_its_evidence(tournament):
    out = check(tournament.slug, "--round", "1", "--board", "1", "--rule", "threefold",
                "--move", "4...")
    first, *facts = out.splitlines()
    assert first.startswith("UPHELD: Upheld (threefold repetition, CBD Art. 98)")
    assert "has stood 3 times" in first
    assert "Move: 4... (half-move 8)" in facts
    assert "Count: 3 of 3" in facts
    assert not DrawClaim.objects.exists()  # checking stores nothing


def test_a_rejected_claim_is_a_verdict_too(tournament):
    out = check(tournament.slug, "--round", "1", "--board", "1", "--rule", "threefold",
                "--move", "3...")
    assert out.startswith("REJECTED: ")
    assert "Count: 2 of 3" in out  # after 1... and 3...: a third time is required


def test_json_evidence(tournament):
    out = check(tournament.slug, "--round", "1", "--board", "1", "--rule", "endgame-5",
                "--move", "4...", "--json")
    data = json.loads(out.split("\n", 1)[1])
    assert data["upheld"] is False
    assert (data["evidence"]["count"], data["evidence"]["required"]) == (8, 10)


@pytest.mark.parametrize("args,message", [
    (["nao-existe", "--round", "1", "--board", "1", "--rule", "threefold", "--move", "4..."],
     "no tournament"),
    (["{slug}", "--round", "9", "--board", "1", "--rule", "threefold", "--move", "4..."],
     "no game"),
    (["{slug}", "--round", "1", "--board", "1", "--rule", "fifty", "--move", "4..."],
     "not a draw rule"),
    (["{slug}", "--round", "1", "--board", "1", "--rule", "threefold", "--move", "40..."],
     "has no move 40..."),
    (["{slug}", "--round", "1", "--board", "1", "--rule", "threefold", "--move", "4"],
     "Write the move"),
])
def test_bad_input_is_a_command_error(tournament, args, message):
    with pytest.raises(CommandError, match=message):
        check(*[arg.format(slug=tournament.slug) for arg in args])


def test_a_game_without_a_sheet_is_a_command_error():
    tournament = make_tournament(name="Sem Súmulas")
    with pytest.raises(CommandError, match="no score sheet"):
        check(tournament.slug, "--round", "1", "--board", "1", "--rule", "threefold",
              "--move", "4...")
