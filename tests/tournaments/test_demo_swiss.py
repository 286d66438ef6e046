"""The demo's 30-player Swiss in its fifth round of seven (issue 14)."""

import subprocess
import sys
from collections import Counter

import pytest
from django.core.management import call_command

from tournaments.demo.swiss import SWISS_SLUG
from tournaments.models import Game, Tournament
from tournaments.pairing.swiss.trf import write_trf
from tournaments.queries import reports
from tournaments.queries.swiss_trf import tournament_to_trf
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_demo")
    return Tournament.objects.get(slug=SWISS_SLUG)


def test_thirty_players_in_the_fifth_round_of_seven(swiss, tmp_path):
    assert swiss.is_swiss and swiss.swiss_rounds == 7 and swiss.entries.count() == 30
    assert list(swiss.rounds.values_list("number", "published")) == [(n, True) for n in range(1, 6)]
    played = Counter(Game.objects.of_tournament(swiss).exclude(result="")
                     .values_list("round__number", flat=True))
    assert [played[n] for n in range(1, 5)] == [15, 15, 14, 15]  # round 3: a half-point bye
    assert 0 < played[5] < 15
    rows = reports.standings(swiss)
    # after the four complete rounds: round 5's results already in do not count (issue 25)
    assert len(rows) == 30 and rows[0].points >= 3
    assert rows == reports.standings(swiss, up_to_round=4)
    # Its rounds are the engine's: round 5 equals the CLI's pairing on the file before it.
    path = tmp_path / "demo.trf"
    path.write_text(write_trf(tournament_to_trf(swiss, rounds=4, next_round=5)), newline="")
    cli = subprocess.run([sys.executable, "-m", "tournaments.pairing.swiss", "--dutch", str(path),
                          "-p"], capture_output=True, text=True, check=True).stdout.split("\n")
    round_5 = swiss.rounds.get(number=5)
    boards = [f"{w} {b}" for w, b in round_5.games.order_by("board").values_list(
        "white__number", "black__number")]
    assert cli[1:-1] == boards + ([f"{round_5.bye.number} 0"] if round_5.bye_id else [])
    with pytest.raises(swiss_event.SwissError):
        swiss_event.pair_next_round(swiss)  # round 5 is still being played


def test_the_demo_swiss_round_trips_through_the_json_backup(swiss):
    from tournaments.files.backup import export_tournament, import_tournament

    first = export_tournament(swiss)
    assert {entry["action"] for entry in first["audit_log"]} >= {"round-paired",
                                                                 "round-published"}
    assert list(first["standings"][0]["tiebreaks"]) == swiss.tiebreaks
    copy = import_tournament(first)
    assert export_tournament(copy) == first


@pytest.mark.parametrize("document", ["crosstable", "standings", "pairings", "slips"])
def test_the_swiss_prints_its_papers(swiss, document):
    from tournaments.printing import collect, documents

    round_number = 5 if document in ("pairings", "slips") else None
    printed = documents.render(swiss, getattr(documents, document.upper()), round_number)
    assert printed.content.startswith(b"%PDF")
    if document == "crosstable":
        data = collect.crosstable_data(swiss)
        assert data.by_round and data.columns == [1, 2, 3, 4, 5]
        first = data.rows[0]
        assert first.cells[1][0].opponent.isdigit() and first.cells[1][0].result in "1½0+-"
    if document == "pairings":  # each player's points before the round
        data = collect.pairings_data(swiss, 5)
        after_4 = {standing.entry.number: collect.points_text(standing.points)
                   for standing in reports.standings(swiss, up_to_round=4)}
        assert all(game.white.points == after_4[game.white.number]
                   and game.black.points == after_4[game.black.number] for game in data.games)


def test_every_page_of_the_demo_swiss_answers(client, swiss):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    game = Game.objects.filter(round__tournament=swiss, round__number=5, result="").first()
    played = Game.objects.filter(round__tournament=swiss, round__number=1).first()
    entry = swiss.entries.get(number=1)
    slug = swiss.slug
    public = [reverse("tournaments:detail", args=[slug]),
              reverse("tournaments:round", args=[slug, 5]),
              reverse("tournaments:standings", args=[slug]) + "?rodada=3",
              reverse("tournaments:crosstable", args=[slug]), entry.get_absolute_url(),
              reverse("arbitration:game", args=[slug, played.pk]),
              reverse("arbitration:tournament_pdn", args=[slug]),
              reverse("printing:pairings", args=[slug, 5])]
    for url in public:
        assert client.get(url).status_code == 200, url
    client.force_login(get_user_model().objects.get(username="arbitro"))
    for url in (reverse("tournaments:swiss", args=[slug]), reverse("arbitration:desk", args=[slug]),
                reverse("arbitration:round", args=[slug, 5]),
                reverse("arbitration:sheet", args=[slug, game.pk]),
                reverse("arbitration:log", args=[slug]),
                reverse("tournaments:game_result", args=[slug, game.pk])):
        assert client.get(url).status_code == 200, url


def test_the_whole_round_result_form_finishes_a_swiss_round(client, swiss):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    round_5 = swiss.rounds.get(number=5)
    open_games = list(round_5.games.filter(result=""))
    client.force_login(get_user_model().objects.get(username="arbitro"))
    data = {}
    for game in round_5.games.all():
        data[f"board_{game.pk}"] = game.result or "1/2-1/2"
        data[f"version_{game.pk}"] = game.version
    response = client.post(reverse("tournaments:round_results", args=[swiss.slug, 5]), data)
    assert response.status_code == 302
    assert not round_5.games.filter(result="").exists() and open_games
    round_6 = swiss_event.pair_next_round(swiss)  # the round is complete: round 6 pairs
    assert round_6.number == 6 and not round_6.published
