"""Publishing from the venue (issue 27) in the browser, at 390 and 1280 px: the organiser's
publishing page (a token issued and shown once, the venue's address and a failed send) and a
published copy's public page with its "published from the venue" line; every organiser page of
publishing fits the phone's width, and a copy is unlocked and deleted through its pages."""

from __future__ import annotations

import json

import pytest
from browser_support import NetworkGuard, Visitor, exact, in_portuguese, screenshots_dir, sign_in
from django.utils import timezone

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


# How far the page scrolls sideways, and the widest element past the viewport's right edge.
OVERFLOW_JS = """() => {
  const root = document.documentElement;
  let widest = null;
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right;
    if (right > root.clientWidth + 0.5 && (!widest || right > widest[1]))
      widest = [element.tagName + '.' + element.className, right];
  }
  return [root.scrollWidth - root.clientWidth, widest];
}"""


def fits(visitor: Visitor, name: str) -> None:
    """The page does not scroll sideways (at 390 px the organiser's thumb only scrolls down), and
    nothing sits past the right edge inside a scrolling box either (a Revoke button there is one
    the organiser does not see)."""
    excess, widest = visitor.page.evaluate(OVERFLOW_JS)
    visitor.snap(name)
    assert excess <= 0 and widest is None, (name, excess, widest)


@pytest.mark.parametrize("size", ["390", "1280"])
def test_every_publishing_page_fits_and_a_copy_is_unlocked_then_deleted(
        browser, live_server, organiser, paired_tournament, size):
    """The organiser's publishing pages at the venue and on the public server, with tokens (one
    revoked), a failed send and a published copy's confirmation pages, fit the width; then the
    copy is unlocked and deleted through them."""
    slot = services.create_tournament(name="Aberto de Damas de Campinas (público)",
                                      created_by=organiser)
    revoked = issue_token(slot, organiser)
    slot.publishing_tokens.filter(prefix=revoked[:8]).update(revoked_at=timezone.now())
    token = issue_token(slot, organiser)
    data = export_tournament(paired_tournament)
    body = json.dumps({"sequence": 1, "digest": content_digest(data), "tournament": data})
    assert receive(slot.slug, token, body.encode()).status == 200
    outbox = set_up_publishing(paired_tournament, "https://damas.exemplo.org.br/api/publicar/"
                               "aberto-de-damas-de-campinas-publico/", "y" * 43)
    outbox.last_error = ("Sem resposta do servidor ([Errno 111] Connection refused); o envio "
                         "será repetido mais tarde.")
    outbox.save()
    visitor = tab(browser, live_server, "publishing-fit", size)
    try:
        sign_in(visitor, "organizadora")
        page = visitor.page
        page.goto(f"/torneios/{paired_tournament.slug}/publicacao/")
        assert page.get_by_role("button", name=exact(in_portuguese("Send everything again")))
        fits(visitor, "venue")
        page.goto(f"/torneios/{slot.slug}/publicacao/")
        assert page.locator(".publishing-tokens tbody tr").count() == 2
        fits(visitor, "copy-with-tokens")
        page.get_by_role("link", name=exact(in_portuguese("Delete this copy"))).click()
        fits(visitor, "delete-confirmation")
        page.get_by_role("link", name=exact(in_portuguese("Cancel"))).click()
        page.get_by_role("link", name=exact(in_portuguese("Unlock this copy"))).click()
        assert "envios do local do torneio serão recusados" in page.locator("main").inner_text()
        fits(visitor, "unlock-confirmation")
        page.get_by_role("button", name=exact(in_portuguese("Yes, unlock this copy"))).click()
        page.wait_for_url(f"**/torneios/{slot.slug}/publicacao/")
        assert "Desbloqueado" in page.locator("main").inner_text()
        fits(visitor, "unlocked")
        slot.refresh_from_db()
        assert slot.published_at is None
        page.get_by_role("link", name=exact(in_portuguese("Delete this copy"))).click()
        page.get_by_role("button", name=exact(in_portuguese("Yes, delete this copy"))).click()
        page.wait_for_url("**/torneios/")
        assert not type(slot).objects.filter(pk=slot.pk).exists()
        assert "foi apagado deste servidor" in page.locator("main").inner_text()
        visitor.snap("deleted")  # the list of tournaments, whose table scrolls in its box
    finally:
        visitor.page.context.close()
