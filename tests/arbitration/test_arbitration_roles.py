"""Each role against each write of the arbitration app: allowed, or refused with nothing written.

Refused: anonymous visitors are sent to sign in, signed-in users without the role get 403; either
way no audit entry (and so no write) appears. The check is on the server, whatever the page shows.
"""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach
from django.test import Client
from django.urls import reverse

from arbitration import services
from arbitration.models import AuditEntry

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "other_arbiter", "arbiter", "organiser", "superuser"]
ARBITRATION_WRITES = ["sheet", "sheet_move", "sheet_undo", "draw_claim_new",
                      "draw_claim_decide", "irregularity_new"]
ORGANISER_WRITES = ["official_add", "official_remove"]
ALLOWED = {
    **{action: {"arbiter", "organiser", "superuser"} for action in ARBITRATION_WRITES},
    **{action: {"organiser", "superuser"} for action in ORGANISER_WRITES},
}


@pytest.fixture
def scene(tournament, game, arbiter, outsider):
    """A game with a sheet (threefold after 4...) and an open claim on it."""
    attach(game, fragments.THREEFOLD)
    claim = services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")
    return {"tournament": tournament, "game": game, "claim": claim, "arbiter": arbiter}


def request_for(action: str, scene) -> tuple[str, dict]:
    slug, game, claim = scene["tournament"].slug, scene["game"], scene["claim"]
    posts = {
        "sheet": ([slug, game.pk], {"pdn": fragments.CAPTURE_MADE, "notation": "numeric",
                                    "accepted": "", "version": 1}),
        "sheet_move": ([slug, game.pk], {"move": "c1-d2", "version": 1}),
        "sheet_undo": ([slug, game.pk], {"version": 1}),
        "draw_claim_new": ([slug, game.pk], {"claimant": game.black_id, "rule": "threefold",
                                             "move": "4..."}),
        "draw_claim_decide": ([slug, claim.pk], {"decision": "upheld", "reason": "",
                                                 "game_version": 1}),
        "irregularity_new": ([slug, game.pk], {"move": "2.", "category": "c",
                                               "decision": "correct", "reported_by": "",
                                               "note": ""}),
        "official_add": ([slug], {"username": "torcedor", "role": "organiser"}),
        "official_remove": ([slug], {"user_id": scene["arbiter"].pk, "role": "arbiter"}),
    }
    args, data = posts[action]
    return reverse(f"arbitration:{action}", args=args), data


def client_as(role: str, request) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    return client


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", ARBITRATION_WRITES + ORGANISER_WRITES)
def test_role_against_write(action, role, scene, request):
    client = client_as(role, request)
    url, data = request_for(action, scene)
    entries = AuditEntry.objects.count()
    response = client.post(url, data)
    if role in ALLOWED[action]:
        assert response.status_code == 302, response.content.decode()[:2000]
        assert AuditEntry.objects.count() > entries
    else:
        if role == "anonymous":
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
        else:
            assert response.status_code == 403
        assert AuditEntry.objects.count() == entries


@pytest.mark.parametrize("role,allowed", [("anonymous", False), ("outsider", False),
                                          ("other_arbiter", False), ("arbiter", True),
                                          ("organiser", True)])
@pytest.mark.parametrize("page", ["desk", "round", "log", "sheet", "draw_claim_new",
                                  "irregularity_new"])
def test_the_arbiters_pages_are_for_arbiters(page, role, allowed, scene, request):
    slug, game = scene["tournament"].slug, scene["game"]
    args = {"desk": [slug], "round": [slug, 1], "log": [slug]}.get(page, [slug, game.pk])
    response = client_as(role, request).get(reverse(f"arbitration:{page}", args=args))
    expected = 200 if allowed else (302 if role == "anonymous" else 403)
    assert response.status_code == expected


@pytest.mark.parametrize("role,status", [("arbiter", 403), ("organiser", 200)])
def test_only_organisers_see_the_officials_page(role, status, scene, request):
    url = reverse("arbitration:officials", args=[scene["tournament"].slug])
    assert client_as(role, request).get(url).status_code == status


@pytest.mark.parametrize("page", ["game", "viewer", "sheet_download", "draw_claim"])
def test_reading_pages_are_public(page, scene):
    slug = scene["tournament"].slug
    target = scene["claim"].pk if page == "draw_claim" else scene["game"].pk
    assert Client().get(reverse(f"arbitration:{page}", args=[slug, target])).status_code == 200


def test_writes_need_the_csrf_token(scene, arbiter):
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    url, data = request_for("sheet_move", scene)
    assert client.post(url, data).status_code == 403
    assert AuditEntry.objects.filter(action="sheet-move-added").count() == 0


@pytest.mark.parametrize("action", ["sheet_move", "sheet_undo", "draw_claim_decide",
                                    "official_add", "official_remove"])
def test_post_only_views_refuse_get(action, scene, organiser):
    client = Client()
    client.force_login(organiser)
    url, _data = request_for(action, scene)
    assert client.get(url).status_code == 405


def test_an_arbiter_of_another_tournament_cannot_reach_this_ones_game_through_his_own(
        scene, other_arbiter):
    from tournaments.models import Tournament

    other = Tournament.objects.get(arbiters=other_arbiter)
    client = Client()
    client.force_login(other_arbiter)
    url = reverse("arbitration:sheet_move", args=[other.slug, scene["game"].pk])
    assert client.post(url, {"move": "c1-d2", "version": 1}).status_code == 404
