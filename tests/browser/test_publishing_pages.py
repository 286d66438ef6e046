"""Publishing from the venue (issue 27) in the browser, at 390 and 1280 px: the organiser's
publishing page (a token issued and shown once, the venue's address and a failed send) and a
published copy's public page with its "published from the venue" line."""

from __future__ import annotations

import json

import pytest
from browser_support import NetworkGuard, Visitor, exact, in_portuguese, screenshots_dir, sign_in

from tournaments import services
from tournaments.files.backup import export_tournament
from tournaments.files.publishing import content_digest, receive
from tournaments.services.publishing import issue_token, set_up_publishing

pytestmark = pytest.mark.browser

SIZES = {"390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                 "has_touch": True, "device_scale_factor": 1},
         "1280": {"viewport": {"width": 1280, "height": 900}}}


def tab(browser, live_server, role: str, size: str) -> Visitor:
    context = browser.new_context(base_url=live_server.url, locale="pt-BR",
                                  timezone_id="America/Sao_Paulo", **SIZES[size])
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    return Visitor(page=context.new_page(), role=f"{role}-{size}", guard=guard,
                   folder=screenshots_dir())


@pytest.mark.parametrize("size", ["390", "1280"])
def test_the_publishing_page_and_a_published_copy(browser, live_server, organiser,
                                                  paired_tournament, size):
    slot = services.create_tournament(name="Aberto de Damas de Campinas (público)",
                                      created_by=organiser)
    organiser_tab = tab(browser, live_server, "publishing", size)
    try:
        sign_in(organiser_tab, "organizadora")
        page = organiser_tab.page
        page.goto(f"/torneios/{slot.slug}/")
        page.get_by_role("link", name=exact(in_portuguese("Publish from the venue"))).click()
        page.get_by_role("button", name=exact(in_portuguese("Issue a publishing token"))).click()
        assert page.locator("code.publishing-token").inner_text()
        organiser_tab.snap("token-issued")

        outbox = set_up_publishing(paired_tournament, "https://damas.exemplo.org.br/api/publicar/"
                                   "aberto-de-damas-de-campinas-publico/", "x" * 43)
        outbox.last_error = ("Sem resposta do servidor ([Errno 111] Connection refused); o envio "
                             "será repetido mais tarde.")
        outbox.attempts = 1
        outbox.save()
        page.goto(f"/torneios/{paired_tournament.slug}/publicacao/")
        organiser_tab.snap("venue-pending")
    finally:
        organiser_tab.page.context.close()

    token = issue_token(slot, organiser)
    data = export_tournament(paired_tournament)
    body = json.dumps({"sequence": 1, "digest": content_digest(data), "tournament": data})
    assert receive(slot.slug, token, body.encode()).status == 200
    visitor = tab(browser, live_server, "published-copy", size)
    try:
        visitor.page.goto(f"/torneios/{slot.slug}/classificacao/")
        line = visitor.page.locator(".published-copy")
        assert "Publicado do local do torneio às" in line.inner_text()
        visitor.snap("standings")
    finally:
        visitor.page.context.close()
