"""Every page read with random query strings (the round of the standings, the viewer's
half-move, a log page, a table's sort and CSV export...): a page or a 404, never a server
error. A link anyone can edit in the address bar must not break the page."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_mutations import examples
from robust_scene import url_arguments
from robust_site import routes

pytestmark = pytest.mark.django_db

# The parameters the views and django-tables2 read, and values people and robots send.
PARAMETERS = ["rodada", "ply", "flip", "page", "move", "results", "_export", "sort"]
VALUES = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "0", "-1", "1", "2", "999999", "9" * 400, "1.5", "abc", "csv", "json",
                     "xlsx", "latex", "name", "-name", "points", "rank,-name", "last", "first",
                     "34...", "4...", "%00", "\x00", "[]", "../../etc/passwd", "x" * 5000]),
)


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_query_string_gives_a_page_or_not_found(site, data):
    for route in routes():
        for paired in (False, True):
            path = route.url(url_arguments(site.scene, route.name, paired=paired))
            query = data.draw(st.dictionaries(
                st.sampled_from(PARAMETERS) | st.text(min_size=1, max_size=6),
                VALUES | st.lists(VALUES, max_size=3), max_size=4), label=path)
            response = site.client.get(path, query)
            assert response.status_code in (200, 302, 400, 403, 404, 405), (
                path, query, response.status_code)
