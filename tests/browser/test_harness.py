"""The checks the browser tests rely on can fail: a request to another host is caught."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never a real host, and the guard aborts it anyway.
FOREIGN_IMAGE_JS = """() => new Promise(done => { const img = new Image();
  img.onload = img.onerror = () => done(); img.src = 'http://192.0.2.1/logo.png';
  document.body.append(img); })"""


def test_request_to_another_host_is_blocked_and_reported(open_tab):
    tab = open_tab("harness")
    tab.page.goto("/")
    tab.guard.assert_none_external()
    # The site's Content-Security-Policy (img-src 'self') refuses the image before it is even
    # requested; a blank page has no policy, so the request reaches the guard.
    tab.page.goto("about:blank")
    tab.page.evaluate(FOREIGN_IMAGE_JS)
    assert tab.guard.blocked == ["http://192.0.2.1/logo.png"]
    with pytest.raises(AssertionError, match="no external network request"):
        tab.guard.assert_none_external()
    tab.guard.blocked.clear()  # caught on purpose: do not fail this test at teardown
