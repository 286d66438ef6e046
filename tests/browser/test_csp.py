"""Issue 19: the Content-Security-Policy (Django's middleware, settings.SECURE_CSP) stops a
script injected into a page, while the site's own scripts, served from static/js, still run.

The injection is made on the way to the browser: the page is fetched from the live server with
its real headers, and an inline script and an inline event handler are added to its HTML, as a
template that forgot to escape something would. The same page with the policy header taken off
runs them, so the test can fail.
"""

from __future__ import annotations

import pytest
from browser_support import exact, in_portuguese, sign_in

from tournaments.models import Entry

pytestmark = pytest.mark.browser

INJECTED = ('<script>window.injectedScript = true;</script>'
            '<img src="/static/no-such-image.png" alt="" onerror="window.injectedHandler = true">')
RAN_JS = "() => [window.injectedScript === true, window.injectedHandler === true]"


def inject(page, *, keep_policy: bool) -> None:
    """Add INJECTED to every HTML page this tab loads, with or without the policy header."""

    def handle(route):
        if route.request.resource_type != "document":
            route.fallback()
            return
        response = route.fetch()
        headers = dict(response.headers)
        if not keep_policy:
            headers.pop("content-security-policy", None)
        body = response.text().replace("</main>", INJECTED + "</main>", 1)
        route.fulfill(response=response, headers=headers, body=body)

    page.route("**/*", handle)


def test_an_injected_inline_script_does_not_run(open_tab, paired_tournament):
    visitor = open_tab("csp")
    page = visitor.page
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    inject(page, keep_policy=True)
    response = page.goto(paired_tournament.get_absolute_url())
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page.wait_for_load_state("load")
    assert page.evaluate(RAN_JS) == [False, False]
    assert violations, "the browser reported no refused inline script"


def test_without_the_policy_the_same_injection_runs(open_tab, paired_tournament):
    """The control: what the test above injects does run when the header is missing."""
    page = open_tab("no-csp").page
    inject(page, keep_policy=False)
    page.goto(paired_tournament.get_absolute_url())
    page.wait_for_load_state("load")
    assert page.evaluate(RAN_JS) == [True, True]


def test_the_sites_own_confirmation_still_asks_before_a_withdrawal(open_tab, paired_tournament,
                                                                   arbiter):
    """static/js/confirm.js replaced the inline onsubmit handler; under the policy it runs."""
    visitor = open_tab("arbiter-csp")
    page = visitor.page
    sign_in(visitor, arbiter.username)
    page.goto(paired_tournament.get_absolute_url())
    questions: list[str] = []

    def answer_no(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer_no)
    page.get_by_role("button", name=exact(in_portuguese("Withdraw"))).first.click()
    page.wait_for_load_state("load")
    assert questions == [in_portuguese(
        "Withdraw this player? His remaining games become forfeits.")]
    assert not Entry.objects.filter(tournament=paired_tournament, withdrawn=True).exists()


def test_the_sites_pages_break_no_rule_of_the_policy(open_tab, paired_tournament, arbiter):
    """Strict as it is (no inline style either), the pages themselves trip none of it."""
    from django.urls import reverse

    from tournaments.models import Game

    visitor = open_tab("arbiter-pages")
    page = visitor.page
    refused: list[str] = []
    page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text else None)
    sign_in(visitor, arbiter.username)
    slug = paired_tournament.slug
    game = Game.objects.of_tournament(paired_tournament).order_by("round__number", "board")[0]
    for url in [reverse("home"), paired_tournament.get_absolute_url(),
                reverse("tournaments:round", args=[slug, 1]),
                reverse("tournaments:standings", args=[slug]),
                reverse("tournaments:crosstable", args=[slug]),
                reverse("arbitration:desk", args=[slug]),
                reverse("arbitration:game", args=[slug, game.pk]),
                reverse("arbitration:viewer", args=[slug, game.pk]),
                reverse("arbitration:sheet", args=[slug, game.pk]),
                reverse("password_reset"), "/admin/login/"]:
        page.goto(url)
        page.wait_for_load_state("load")
    assert refused == []


def test_the_admin_pages_break_no_rule_of_the_policy(open_tab, paired_tournament,
                                                     django_user_model):
    from browser_support import PASSWORD

    admin = django_user_model.objects.create_superuser("administradora", password=PASSWORD)
    visitor = open_tab("admin-pages")
    page = visitor.page
    refused: list[str] = []
    page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text else None)
    sign_in(visitor, admin.username)
    for url in ["/admin/", f"/admin/tournaments/tournament/{paired_tournament.pk}/change/",
                "/admin/auth/user/add/", "/admin/tournaments/tournament/"]:
        response = page.goto(url)
        assert response.status == 200 and page.url.endswith(url), page.url
        page.wait_for_load_state("load")
    assert refused == []
