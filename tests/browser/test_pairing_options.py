"""Issue 27, on a 390-pixel phone: the organiser of a small Swiss keeps players of one club apart
in the first two rounds and switches on Baku acceleration; round 1's draft then shows each group A
player's virtual point and the clubs kept apart, and no board pairs two players of one club."""

from __future__ import annotations

import pytest
from browser_support import OVERFLOW_JS, exact, in_portuguese, sign_in
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import PairingSystem, Round
from tournaments.queries.pairing_options import club_key

pytestmark = pytest.mark.browser

# Two clubs, the first written two ways: the rule compares them folded.
CLUBS = ["Clube Bertioguense", "Damas do Litoral", "clube  BERTIOGUENSE", "Damas do Litoral"]


@pytest.fixture
def swiss(organiser, arbiter):
    tournament = services.create_tournament(
        name="Aberto de Bertioga",
        place="Bertioga (SP)",
        created_by=organiser,
        arbiters=[arbiter],
        system=PairingSystem.SWISS,
        swiss_rounds=5,
    )
    for index, rating in enumerate((2150, 2050, 1980, 1900, 1840, 1790, 1720, 1650)):
        services.add_player(
            tournament,
            name=f"Jogador de Bertioga {index + 1}",
            club=CLUBS[index % len(CLUBS)],
            rating=rating,
        )
    return tournament


def test_club_pairs_and_acceleration_show_on_the_draft_at_390_pixels(open_tab, swiss, organiser):
    tab = open_tab("organiser", phone=True)
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(tab, organiser.username)
    page.goto(f"/torneios/{swiss.slug}/suico/")
    page.get_by_role("link", name=exact(in_portuguese("Pairing options"))).click()
    form = page.locator("#pairing-options-form")
    form.get_by_label(in_portuguese("Baku acceleration (FIDE C.04.5.1)")).check()
    form.get_by_label(in_portuguese("do not meet in the first rounds")).check()
    # The number left empty: the form says what is missing, on its field.
    form.get_by_role("button", name=exact(in_portuguese("Save"))).click()
    expect(page.get_by_text(in_portuguese("Give how many first rounds."))).to_be_visible()
    tab.snap("options-missing-rounds")
    form = page.locator("#pairing-options-form")
    form.get_by_label(in_portuguese("How many first rounds")).fill("2")
    form.get_by_role("button", name=exact(in_portuguese("Save"))).click()
    expect(page.get_by_text(in_portuguese("Pairing options saved."))).to_be_visible()
    # 8 players, 5 rounds: group A is 4 players, one point in rounds 1-2, a half in round 3.
    expect(page.locator(".baku-summary")).to_contain_text("rodada 2: +1; rodada 3: +0,5")
    tab.snap("options-saved")
    swiss.refresh_from_db()
    assert (swiss.baku_acceleration, swiss.forbid_same_club, swiss.same_club_rounds) == (
        True,
        True,
        2,
    )

    page.get_by_role("link", name=exact(in_portuguese("Back to the Swiss pairing"))).click()
    pair = in_portuguese("Pair round %(number)s") % {"number": 1}
    page.get_by_role("button", name=exact(pair)).click()
    expect(page.locator("table.swiss-pending tbody tr")).to_have_count(4)
    # Group A, the top half of 8 players, has one virtual point each in round 1.
    expect(page.locator("table.swiss-pending .virtual-points")).to_have_count(4)
    expect(page.locator("table.swiss-pending .virtual-points").first).to_have_text("+1")
    note = page.locator(".forbidden-note")
    expect(note).to_contain_text("Clube Bertioguense")
    expect(note).to_contain_text("Damas do Litoral")
    page.locator(".virtual-legend").scroll_into_view_if_needed()
    tab.snap("draft-with-virtual-points")
    round_1 = Round.objects.get(tournament=swiss, number=1)
    for game in round_1.games.select_related("white__player", "black__player"):
        assert club_key(game.white.player.club) != club_key(game.black.player.club), game


def test_a_pair_added_after_round_1_is_paired_applies_from_round_2_at_390_pixels(
    open_tab, swiss, organiser
):
    services.swiss.rank_by_rating(swiss)
    services.swiss.pair_next_round(swiss)
    tab = open_tab("organiser", phone=True)
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(tab, organiser.username)
    page.goto(f"/torneios/{swiss.slug}/suico/opcoes/")
    form = page.locator("#forbidden-pair-form")
    expect(form).to_contain_text(
        in_portuguese("Empty: from round %(number)d, the next round to pair.") % {"number": 2}
    )
    assert page.evaluate(OVERFLOW_JS) <= 0
    first, second = swiss.entries.order_by("number")[:2]
    form.locator('[name="pair-first"]').select_option(str(first.pk))
    form.locator('[name="pair-second"]').select_option(str(second.pk))
    form.locator('[name="pair-note"]').fill("irmãos")
    form.get_by_role("button", name=exact(in_portuguese("Add the pair"))).click()
    said = in_portuguese("%(a)s and %(b)s will not meet from round %(number)d on.") % {
        "a": first.player.name,
        "b": second.player.name,
        "number": 2,
    }
    expect(page.get_by_text(said)).to_be_visible()
    expect(page.locator(".forbidden-pairs")).to_contain_text("a partir da rodada 2")
    assert page.evaluate(OVERFLOW_JS) <= 0
    tab.snap("pair-from-round-2")
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.locator(".forbidden-pairs")).to_contain_text("a partir da rodada 2")
    assert page.evaluate(OVERFLOW_JS) <= 0
    tab.snap("pair-from-round-2-wide")
