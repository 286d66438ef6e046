"""Issue 12: the audit log shows what organisers did to the whole tournament, not only what
arbiters did to games: creating it, importing players (how many), drawing the numbers (with the
seed), generating the rounds and editing the settings, each with who did it."""

import html
import io

import pytest
from django.urls import reverse
from tournament_factories import confirm_player_import

from arbitration.models import Action, AuditEntry
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

CREATE = {
    "name": "Aberto de Natal", "place": "Natal, RN", "board": 64, "time_control": "classical",
    "draw_profile": "cbd", "notation": "", "cycles": 1, "scoring_win": "1",
    "scoring_draw": "0.5", "scoring_loss": "0", "tiebreak_1": "direct-encounter",
    "tiebreak_2": "wins", "tiebreak_3": "", "tiebreak_4": "", "tiebreak_5": "",
    "tiebreak_6": "",
}
CSV = "nome;clube;rating\nAna Araújo;Recife;1700\nBia Lôbo;;\nCaio Simões;Natal;1650\n"


def test_every_organiser_step_is_logged_with_its_facts(client, organiser):
    client.force_login(organiser)
    client.post(reverse("tournaments:create"), CREATE)
    tournament = Tournament.objects.get(name="Aberto de Natal")
    slug = tournament.slug
    upload = io.BytesIO(CSV.encode())
    upload.name = "jogadores.csv"
    client.post(reverse("tournaments:import_players", args=[slug]), {"file": upload})
    confirm_player_import(client, tournament)
    client.post(reverse("tournaments:draw_numbers", args=[slug]), {"seed": "77"})
    client.post(reverse("tournaments:generate_rounds", args=[slug]))
    client.post(reverse("tournaments:edit", args=[slug]),
                {**CREATE, "place": "Natal (RN)", "scoring_win": "2", "scoring_draw": "1"})

    log = list(AuditEntry.objects.filter(tournament=tournament).order_by("at", "pk"))
    assert [entry.action for entry in log] == [
        Action.TOURNAMENT_CREATED, Action.PLAYERS_IMPORTED, Action.NUMBERS_DRAWN,
        Action.ROUNDS_GENERATED, Action.SETTINGS_EDITED]
    assert {entry.actor for entry in log} == {organiser}
    created, imported, drawn, generated, edited = log
    assert created.after["name"] == "Aberto de Natal" and created.after["board"] == 64
    assert imported.after == {"players": 3}
    assert drawn.after["seed"] == 77 and len(drawn.after["numbers"]) == 3
    assert generated.after == {"rounds": 3, "games": 3}
    assert edited.before == {"place": "Natal, RN", "scoring_win": "1", "scoring_draw": "0.5"}
    assert edited.after == {"place": "Natal (RN)", "scoring_win": "2", "scoring_draw": "1"}

    page = html.unescape(client.get(reverse("arbitration:log", args=[slug]),
                                    HTTP_ACCEPT_LANGUAGE="en").content.decode())
    for words in ("tournament created", "players imported", "pairing numbers drawn by lot",
                  "rounds generated", "settings edited", "seed of the draw", "Natal (RN)"):
        assert words in page, words


def test_saving_unchanged_settings_logs_nothing(client, organiser):
    client.force_login(organiser)
    client.post(reverse("tournaments:create"), CREATE)
    tournament = Tournament.objects.get(name="Aberto de Natal")
    client.post(reverse("tournaments:edit", args=[tournament.slug]), CREATE)
    assert not AuditEntry.objects.filter(action=Action.SETTINGS_EDITED).exists()


def test_adding_and_removing_a_player_and_setting_numbers_are_logged(client, organiser):
    client.force_login(organiser)
    client.post(reverse("tournaments:create"), CREATE)
    tournament = Tournament.objects.get(name="Aberto de Natal")
    slug = tournament.slug
    for name in ("Ana", "Bia", "Caio"):
        client.post(reverse("tournaments:add_player", args=[slug]), {"name": name})
    caio = tournament.entries.get(player__name="Caio")
    client.post(reverse("tournaments:remove_player", args=[slug, caio.pk]))
    ana, bia = tournament.entries.order_by("player__name")
    client.post(reverse("tournaments:set_numbers", args=[slug]),
                {f"entry_{ana.pk}": "2", f"entry_{bia.pk}": "1"})
    actions = list(AuditEntry.objects.filter(tournament=tournament).order_by("at", "pk")
                   .values_list("action", "after", "before"))
    assert actions[1:] == [
        (Action.PLAYER_ADDED, {"player": "Ana"}, None),
        (Action.PLAYER_ADDED, {"player": "Bia"}, None),
        (Action.PLAYER_ADDED, {"player": "Caio"}, None),
        (Action.PLAYER_REMOVED, None, {"player": "Caio"}),
        (Action.NUMBERS_SET, {"numbers": ["1. Bia", "2. Ana"]}, None),
    ]
