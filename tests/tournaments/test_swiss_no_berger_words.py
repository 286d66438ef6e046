"""A Swiss game has no Berger table (issue 27's rehearsal): its result form offered "Colours
swapped from the Berger table (Art. 10)" and its round page explained ⇄ by the Berger table. A
Swiss round's colours are set on the draft (Swap colours) before it is published; the round
robin keeps both."""

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments.models import Game, PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db

BERGER = "Colours swapped from the Berger table (Art. 10)"
LEGEND = "colours swapped from the Berger table by agreement or lot (Art. 10)"


def pt(text: str) -> bytes:
    from django.utils import translation

    with translation.override("pt-br"):
        return translation.gettext(text).encode()


def legend_words() -> bytes:
    """The round page's legend sentence about ⇄, in Portuguese."""
    from django.utils import translation

    with translation.override("pt-br"):
        whole = translation.gettext(
            "Results: 1-0, 0-1, 1/2-1/2; +- and -+ are forfeits (WO, Art. 28), won by the player "
            "present; -- both absent. ⇄: colours swapped from the Berger table by agreement or "
            "lot (Art. 10); the colours shown are those played."
        )
    return whole.split("⇄")[1].encode()


def test_a_swiss_game_and_round_say_nothing_of_a_berger_table(client, organiser, arbiter):
    tournament = make_tournament(
        6, organiser=organiser, arbiter=arbiter, system=PairingSystem.SWISS, swiss_rounds=3
    )
    swiss_event.rank_by_rating(tournament)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament, user=arbiter), user=arbiter)
    game = Game.objects.filter(round__tournament=tournament).order_by("board").first()
    client.force_login(arbiter)
    page = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
    assert pt(BERGER) not in client.get(page).content
    assert client.post(page, {"result": "1-0", "version": game.version}).status_code == 302
    game.refresh_from_db()
    assert (game.result, game.colours_swapped) == ("1-0", False)
    round_page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content
    assert legend_words() not in round_page and b"Berger" not in round_page


def test_a_round_robin_game_still_offers_the_swap(client, organiser, arbiter):
    tournament = make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True)
    game = Game.objects.filter(round__tournament=tournament).order_by("board").first()
    client.force_login(arbiter)
    assert (
        pt(BERGER)
        in client.get(reverse("tournaments:game_result", args=[tournament.slug, game.pk])).content
    )
    assert (
        legend_words()
        in client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content
    )
