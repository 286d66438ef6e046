"""Issue 25, the arbiter throws away a round published by mistake: from the Swiss page he asks
to delete the last round, reads the confirmation page (nothing is deleted yet), confirms, and
the round is gone; the audit log says who did it."""

from __future__ import annotations

import pytest
from browser_support import exact, in_portuguese, sign_in
from playwright.sync_api import expect

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.models import PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.browser


def test_arbiter_deletes_a_published_round_after_confirming(open_tab, organiser, arbiter):
    tournament = services.create_tournament(
        name="Aberto Suíço de Olinda", created_by=organiser, arbiters=[arbiter],
        system=PairingSystem.SWISS, swiss_rounds=5)
    for index in range(1, 7):
        services.add_player(tournament, name=f"Jogador de Olinda {index}", rating=2000 - index)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    tab = open_tab("arbiter")
    page = tab.page
    sign_in(tab, arbiter.username)
    page.goto(f"/torneios/{tournament.slug}/suico/")
    ask = in_portuguese("Delete or pair again round %(number)s") % {"number": 1}
    page.get_by_role("link", name=exact(ask)).click()
    expect(page.get_by_role("heading", name=exact(ask))).to_be_visible()
    tab.snap("confirm-delete-round")
    assert tournament.rounds.count() == 1  # asking deletes nothing
    confirm = in_portuguese("Yes, delete round %(number)s") % {"number": 1}
    page.get_by_role("button", name=exact(confirm)).click()
    expect(page.get_by_text(in_portuguese("Round %(number)d deleted.") % {"number": 1})
           ).to_be_visible()
    assert not tournament.rounds.exists()
    assert AuditEntry.objects.get(tournament=tournament, action="round-deleted").actor == arbiter
