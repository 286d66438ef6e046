"""Issue 25, on the phone: no public page of an event, a round robin, a Swiss or a team competition
(its prize list and category standings too) is wider than a 390 px screen (what is wide scrolls
inside its own table container).

The demo's three competitions are the sections of one event; the test starts at the event's page
and follows every link a visitor can follow within the event and its tournaments, one page of each
kind (a player's page, a round's page... once), so a page added later is checked without naming it.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from browser_support import NetworkGuard, Visitor, screenshots_dir
from django.core.management import call_command

from events.models import Event, Section
from prizes.models import Category, Kind, Prize
from tournaments.models import TeamCompetition, Tournament

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 1}
# Downloads, the organisers' and arbiters' pages, and the language switch are not public pages.
NOT_A_PAGE = re.compile(r"\.(pdf|pdn|csv|xlsx|trf|txt|json)$|/contas/|/admin/|/i18n/|/editar/"
                        r"|/inscricoes/|/secoes/|/novo/|/painel/")
LINKS_JS = "() => Array.from(document.querySelectorAll('a[href]'), a => a.href)"
WIDTH_JS = "() => document.documentElement.scrollWidth"


def page_kind(path: str) -> str:
    """/torneios/x/jogador/12/ and /torneios/x/jogador/3/ are one kind of page."""
    return re.sub(r"/\d+/", "/N/", path)


@pytest.fixture
def demo_event(transactional_db):
    call_command("load_demo")
    event = Event.objects.create(
        name="Campeonato Brasileiro de Damas Clássicas 2026", slug="brasileiro-2026",
        place="São Paulo (SP)", start_date=datetime.date(2026, 11, 14),
        end_date=datetime.date(2026, 11, 22))
    for order, tournament in enumerate(Tournament.objects.order_by("pk"), start=1):
        Section.objects.create(event=event, tournament=tournament, order=order,
                               registration_open=True)
        # Prizes, so the prize list and the category standings have their widest rows.
        overall = Category.objects.create(tournament=tournament, name="Absoluto", kind=Kind.ALL)
        for place, amount, trophy in ((1, "12500", "Troféu e medalha"), (2, "1000", ""),
                                      (3, "350.50", "")):
            Prize.objects.create(category=overall, place=place, amount=Decimal(amount),
                                 trophy=trophy)
    return event


def test_no_public_page_is_wider_than_a_390px_phone(browser, live_server, demo_event):
    context = browser.new_context(base_url=live_server.url, locale="pt-BR",
                                  timezone_id="America/Sao_Paulo", **PHONE_390)
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    tab = Visitor(page=context.new_page(), role="phone-390", guard=guard,
                  folder=screenshots_dir())
    page = tab.page
    slugs = [demo_event.slug, *Tournament.objects.values_list("slug", flat=True)]
    in_scope = re.compile(rf"^/(eventos|torneios|arbitragem)/({'|'.join(slugs)})/")

    start = f"/eventos/{demo_event.slug}/"
    queue, seen_kinds, too_wide, visited = [start, "/eventos/", "/"], set(), [], []
    while queue:
        path = queue.pop(0)
        kind = page_kind(path)
        if kind in seen_kinds:
            continue
        seen_kinds.add(kind)
        response = page.goto(path)
        assert response is not None and response.ok, f"{path} did not open"
        visited.append(path)
        width = page.evaluate(WIDTH_JS)
        if width > 390:
            too_wide.append(f"{path} is {width}px wide")
        for href in page.evaluate(LINKS_JS):
            parts = urlsplit(href)
            if (f"{parts.scheme}://{parts.netloc}" == live_server.url and not parts.query
                    and in_scope.match(parts.path) and not NOT_A_PAGE.search(parts.path)):
                queue.append(parts.path)
    context.close()
    guard.assert_none_external()

    # The event, and for each of the three competitions its home, standings, crosstable and rounds.
    for tournament in Tournament.objects.all():
        for page_path in ("", "classificacao/", "tabela/", "rodadas/"):
            assert f"/torneios/{tournament.slug}/{page_path}" in visited
    assert start in visited
    assert not too_wide, "wider than a 390px phone: " + "; ".join(too_wide)


# Every column the standings show on a phone (the folded ones hidden), and how far the table is
# wider than its container: 0 when nothing is cut off at the right edge.
STANDINGS_COLUMNS_JS = """() => {
  const container = document.querySelector('.standings .table-container');
  const edge = container.getBoundingClientRect().right;
  const shown = Array.from(container.querySelectorAll('thead th'))
    .filter(th => getComputedStyle(th).display !== 'none');
  return [container.scrollWidth - container.clientWidth,
          shown.map(th => [th.textContent.trim(), th.getBoundingClientRect().right - edge])];
}"""


def test_the_standings_show_every_unfolded_column_whole_on_a_390px_phone(browser, live_server,
                                                                         demo_event):
    """The points and games played (J) of the players' standings, and the team standings'
    matches and points, are not cut off at the screen's edge; the rest folds behind the switch.
    On a 1280 px screen every column, tie-breaks included, fits without scrolling."""
    paths = [f"/torneios/{slug}/classificacao/"
             for slug in Tournament.objects.values_list("slug", flat=True)]
    paths += [f"/torneios/{slug}/equipes/classificacao/" for slug in
              TeamCompetition.objects.values_list("tournament__slug", flat=True)]
    # The demo's five tournaments (the finished cup and the accelerated open: issue 27), a league.
    assert len(paths) == 6
    cut = []
    # On a 1280 px screen nothing folds, and every column fits too.
    for screen in (PHONE_390, {"viewport": {"width": 1280, "height": 900}}):
        context = browser.new_context(base_url=live_server.url, locale="pt-BR",
                                      timezone_id="America/Sao_Paulo", **screen)
        context.set_default_timeout(15_000)
        page = context.new_page()
        for path in paths:
            page.goto(path)
            overflow, columns = page.evaluate(STANDINGS_COLUMNS_JS)
            beyond = [name for name, past_edge in columns if past_edge > 0.5]
            if overflow > 0 or beyond:
                cut.append(f"{path} at {screen['viewport']['width']}px: {overflow}px too wide, "
                           f"cut: {beyond}")
            assert len(columns) >= 4, f"{path} shows {columns}"
        context.close()
    assert not cut, "; ".join(cut)
