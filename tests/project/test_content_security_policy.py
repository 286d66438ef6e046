"""Issue 19: every page carries a Content-Security-Policy under which no inline script runs,
and no template holds an inline script or event handler for it to refuse."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"javascript:", re.IGNORECASE)


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


@pytest.mark.django_db
@pytest.mark.parametrize("url", [reverse("home"), reverse("login"), reverse("password_reset"),
                                 "/admin/login/", "/torneios/nao-existe/"])
def test_every_page_forbids_inline_scripts(client, url):
    response = client.get(url)
    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


def test_no_template_has_an_inline_script_or_handler():
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern in (INLINE_SCRIPT, INLINE_HANDLER, JAVASCRIPT_URL):
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0)}")
    assert found == []


def test_the_scan_finds_what_it_looks_for():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/js/viewer.js" defer></script>')
    assert INLINE_HANDLER.search('<form onsubmit="return confirm(1)">')
    assert not INLINE_HANDLER.search('<form class="inline-form" data-confirm="x">')


@pytest.mark.django_db
def test_the_withdraw_question_is_data_for_the_static_script(client, organiser):
    from tournament_factories import make_tournament

    tournament = make_tournament(4, organiser=organiser, arbiter=organiser, paired=True)
    client.force_login(organiser)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-confirm="Withdraw this player? His remaining games become forfeits."' in page
    assert "js/confirm.js" in page
