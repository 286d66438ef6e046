"""No one may change what they do not own: every role against every write of the site.

tests/tournaments/test_views.py and tests/arbitration/test_arbitration_roles.py check the
anonymous visitor and the user without a role on the tournaments' writes, and the full matrix on
the arbitration writes they list. This file adds the missing cells, for every URL the resolver
knows (a new write must be placed in ORGANISER_WRITES or counts as an arbiter's write):
the arbiter and the organiser of another tournament, the arbiter on the organiser's steps, the
organiser and the superuser everywhere; public pages for the anonymous visitor; and the CSRF
token on every write.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import resolve, reverse
from robust_scene import url_arguments
from robust_site import (
    CSRF_FIELD,
    Site,
    fields_posted_to,
    fingerprint,
    rolled_back,
    routes,
    write_paths,
)

pytestmark = pytest.mark.django_db

ORGANISER_WRITES = {
    "tournaments:edit", "tournaments:add_player", "tournaments:import_players",
    "tournaments:remove_player", "tournaments:draw_numbers", "tournaments:set_numbers",
    "tournaments:generate_rounds", "arbitration:official_add", "arbitration:official_remove",
    "tournaments:undo_withdrawal",  # issue 12: arbiters withdraw a player, organisers undo it
    # team competitions (issue 16)
    "tournaments:team_settings", "tournaments:add_team", "tournaments:add_team_player",
    "tournaments:team_generate_rounds",
    "tournaments:withdraw_team", "tournaments:return_team",  # a whole team's withdrawal
    # the Swiss (issue 14): the organiser sets the initial ranking
    "tournaments:swiss_rank",
    # issue 27: publishing a tournament (the roster import, which the crawl does not reach in a
    # league already paired, has its role tests in tests/tournaments/test_team_roster_import.py)
    "tournaments:publishing",
    # issue 27: a Swiss's pairing options (the options form itself is reached only on a Swiss,
    # which the scene has not; its roles are tested in tests/tournaments/test_pairing_options_
    # pages.py)
    "tournaments:forbidden_pair_add", "tournaments:forbidden_pair_edit",
    # events, registrations and prizes (issue 17): the event's or tournament's organisers
    "events:edit", "events:add_section", "events:toggle_registration", "events:registrations",
    "events:toggle_women_only",  # issue 25
    "events:decide", "prizes:manage", "prizes:delete_category",
}
# Members of "Organizadores" (and superusers) only: a new tournament or event.
CREATE = {"tournaments:create", "events:create",
          "tournaments:import_trf",  # issue 25: a tournament from a TRF file
          "tournaments:rating_lists"}  # issue 27: a federation's rating list
PUBLIC_WRITES = {"events:register"}  # issue 17: entering an event needs no account
ROLES = ["anonymous", "outsider", "other_arbiter", "other_organiser", "arbiter", "organiser",
         "superuser"]
PUBLIC_PAGES = {
    "tournaments:list", "tournaments:detail", "tournaments:rounds", "tournaments:round",
    "tournaments:standings", "tournaments:crosstable", "tournaments:player",
    "tournaments:round_live", "tournaments:standings_live",
    "tournaments:person", "tournaments:rating_report",  # issue 17
    "arbitration:game", "arbitration:viewer", "arbitration:sheet_download",
    "arbitration:draw_claim", "arbitration:tournament_pdn",
    "tournaments:teams", "tournaments:team_standings", "tournaments:team_crosstable",
    "tournaments:board_prizes", "tournaments:team_round", "tournaments:team",
    "tournaments:team_slips",
    "events:list", "events:detail", "events:confirmed", "events:register",  # issue 17
    "prizes:list", "prizes:category",
    # the wall lists (issue 27)
    "tournaments:starting_list", "tournaments:alphabetical_list",
    "tournaments:rank_after_last_round", "tournaments:rank_after_round",
} | {route.name for route in routes() if route.name.startswith("printing:")}


def allowed(role: str, route_name: str) -> bool:
    if role in ("organiser", "superuser") or route_name in PUBLIC_WRITES:
        return True
    if route_name in CREATE:
        return role == "other_organiser"
    return role == "arbiter" and route_name not in ORGANISER_WRITES


def client_as(role: str, request) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    return client


def plausible(site: Site, path: str) -> dict:
    """What the form would send untouched: each field's first choice (the hidden version
    included), else a word."""
    return {CSRF_FIELD: "token", **{
        name: field.options[0] if field.options else "Ana Conceição"
        for name, field in fields_posted_to(site, path).items() if field.kind != "file"}}


def test_the_crawl_finds_the_organisers_and_the_arbiters_writes(site):
    names = {resolve(path).view_name for path in write_paths(site)}
    assert names >= ORGANISER_WRITES | CREATE | PUBLIC_WRITES
    assert "tournaments:game_result" in names and "arbitration:sheet" in names


@pytest.mark.parametrize("role", ROLES)
def test_each_role_against_every_write(site, role, request):
    client = client_as(role, request)
    login = reverse("login")
    for path in write_paths(site):
        name = resolve(path).view_name
        with rolled_back():
            before = fingerprint()
            response = client.post(path, plausible(site, path))
            assert response.status_code < 500, (role, path)
            if allowed(role, name):
                assert response.status_code != 403, (role, path)
                assert not response.get("Location", "").startswith(login), (role, path)
            else:
                if role == "anonymous":
                    assert response.status_code == 302, (role, path)
                    assert response["Location"].startswith(login), (role, path)
                else:
                    assert response.status_code == 403, (role, path, response.status_code)
                assert fingerprint() == before, f"{role} changed something at {path}"


def test_public_pages_and_printed_documents_are_public(site):
    """Reading needs no account: the pages, the PDN and the printed PDF documents."""
    client = Client()
    for route in routes():
        if route.name not in PUBLIC_PAGES:
            continue
        response = client.get(route.url(url_arguments(site.scene, route.name)))
        assert response.status_code in (200, 302), route.name
        if route.name.startswith("printing:"):
            assert response["Content-Type"] == "application/pdf", route.name


def test_every_other_page_needs_a_role(site, outsider):
    """What is not public sends the visitor to sign in, and refuses a user without a role."""
    anonymous, stranger = Client(), Client()
    stranger.force_login(outsider)
    checked = 0
    for route in routes():
        path = route.url(url_arguments(site.scene, route.name))
        if route.name in PUBLIC_PAGES or path in site.post_only:
            continue
        answer = anonymous.get(path)
        assert answer.status_code == 302, route.name
        assert answer["Location"].startswith(reverse("login")), route.name
        assert stranger.get(path).status_code == 403, route.name
        checked += 1
    assert checked >= 12


def test_every_write_refuses_a_post_without_the_csrf_token(site, organiser):
    """Even from the organiser, who may do everything: the token, not the role, refuses."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(organiser)
    client.get(reverse("tournaments:list"))  # a page hands out the CSRF cookie
    token = client.cookies["csrftoken"].value
    for path in write_paths(site):
        data = plausible(site, path)
        with rolled_back():
            before = fingerprint()
            without = client.post(path, {k: v for k, v in data.items() if k != CSRF_FIELD})
            assert without.status_code == 403, path
            assert fingerprint() == before, path
            with_token = client.post(path, {**data, CSRF_FIELD: token})
            assert with_token.status_code != 403, path
