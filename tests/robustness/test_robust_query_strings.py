"""Every page read with random query strings (the round of the standings, the viewer's
half-move, a log page, a table's sort and CSV export...): a page or a 404, never a server
error. A link anyone can edit in the address bar must not break the page."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_mutations import examples
from robust_scene import make_paired_tournament, url_arguments
from robust_site import routes

from tournaments.files.table_export import XLSX_CONTENT_TYPE

pytestmark = pytest.mark.django_db

# The parameters the views and django-tables2 read, and values people and robots send.
PARAMETERS = ["rodada", "ply", "flip", "page", "move", "results", "_export", "sort", "excel"]
VALUES = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "0", "-1", "1", "2", "999999", "9" * 400, "1.5", "abc", "csv", "json",
                     "xlsx", "xls", "ods", "yaml", "tsv", "latex", "name", "-name", "points",
                     "pt", "en",
                     "rank,-name", "last", "first",
                     "34...", "4...", "%00", "\x00", "[]", "../../etc/passwd", "x" * 5000]),
)


# The routes are tried in groups (every ROUTE_GROUPS-th one), each a test of its own: one
# example drawing queries for every route of the site went past what hypothesis draws for one
# example (its health check "data_too_large") once the site had 240 routes.
ROUTE_GROUPS = 8


# django-tables2 warns when a ?sort= value holds a ".": harmless, and anyone can type one.
@pytest.mark.filterwarnings("ignore:Use '__' to separate path components:DeprecationWarning")
@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@pytest.mark.parametrize("group", range(ROUTE_GROUPS))
@given(data=st.data())
def test_any_query_string_gives_a_page_or_not_found(site, group, data):
    for route in routes()[group::ROUTE_GROUPS]:
        for paired in (False, True):
            path = route.url(url_arguments(site.scene, route.name, paired=paired))
            query = data.draw(st.dictionaries(
                st.sampled_from(PARAMETERS) | st.text(min_size=1, max_size=6),
                VALUES | st.lists(VALUES, max_size=3), max_size=4), label=path)
            response = site.client.get(path, query)
            assert response.status_code in (200, 302, 400, 403, 404, 405), (
                path, query, response.status_code)


@pytest.mark.parametrize("export", ["xls", "ods", "yaml", "tsv", "json", "latex", "XLSX"])
def test_a_table_export_the_site_does_not_offer_shows_the_page(client, organiser, export):
    """django-tables2 accepts formats whose packages are not installed: ?_export=xlsx was a
    server error. CSV and .xlsx are offered (issue 20); another format shows the page itself."""
    tournament = make_paired_tournament(name="Aberto de Santos", organiser=organiser)
    for name in ("tournaments:list", "tournaments:detail", "tournaments:standings",
                 "tournaments:crosstable"):
        args = [] if name == "tournaments:list" else [tournament.slug]
        response = client.get(reverse(name, args=args), {"_export": export})
        assert response.status_code == 200, name
        assert response["Content-Type"].startswith("text/html"), name
        csv = client.get(reverse(name, args=args), {"_export": "csv"})
        assert csv["Content-Type"].startswith("text/csv"), name
        xlsx = client.get(reverse(name, args=args), {"_export": "xlsx"})
        assert xlsx["Content-Type"] == XLSX_CONTENT_TYPE, name
