"""Issue 27, the pairing options page: only the tournament's organisers use it, and each mistake
comes back on the form it was made in, with a sentence that says what to change."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments.models import ForbiddenPair, PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    tournament = make_tournament(
        6, organiser=organiser, arbiter=arbiter, system=PairingSystem.SWISS, swiss_rounds=5
    )
    swiss_event.rank_by_rating(tournament)
    return tournament


def errors(response) -> list[str]:
    """The texts of the page's error boxes, tags stripped."""
    html = response.content.decode()
    boxes = re.findall(r'<div class="(?:field|form)-errors"[^>]*>(.*?)</div>', html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", box).split()) for box in boxes]


def pt(text: str, **values) -> str:
    """What the pages (in Portuguese, the site's first language) print for `text`."""
    from django.utils import translation

    with translation.override("pt-br"):
        return translation.gettext(text) % values if values else translation.gettext(text)


ROUNDS = (
    "The tournament has %(count)d rounds: give a number from 1 to %(count)d, or leave it "
    "empty for every round."
)
PAIRED = (
    "Round %(number)d is already paired: this change would alter the pairs forbidden in "
    "it. Change only the rounds not paired yet, or first delete the rounds from round "
    "%(number)d on."
)


def numbers(tournament, *wanted):
    return [tournament.entries.get(number=n).pk for n in wanted]


def test_only_organisers_open_the_page(client, tournament, arbiter, organiser):
    url = reverse("tournaments:pairing_options", args=[tournament.slug])
    client.force_login(arbiter)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200
    swiss_page = client.get(reverse("tournaments:swiss", args=[tournament.slug]))
    assert url.encode() in swiss_page.content  # the Swiss page links to it


def test_the_options_form_names_each_mistake(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:pairing_options", args=[tournament.slug])
    response = client.post(url, {"same_club": "first", "same_club_rounds": ""})
    assert response.status_code == 200
    assert pt("Give how many first rounds.") in errors(response)
    response = client.post(url, {"same_club": "first", "same_club_rounds": "9"})
    assert pt(ROUNDS, count=5) in errors(response)
    tournament.refresh_from_db()
    assert not tournament.forbid_same_club
    response = client.post(
        url, {"same_club": "first", "same_club_rounds": "2", "baku_acceleration": "on"}, follow=True
    )
    assert pt("Pairing options saved.").encode() in response.content
    tournament.refresh_from_db()
    assert (
        tournament.forbid_same_club,
        tournament.same_club_rounds,
        tournament.baku_acceleration,
    ) == (True, 2, True)


def test_the_pair_form_names_each_mistake(client, tournament, organiser):
    client.force_login(organiser)
    add = reverse("tournaments:forbidden_pair_add", args=[tournament.slug])
    one, two, three = numbers(tournament, 1, 2, 3)
    response = client.post(add, {"pair-first": one, "pair-second": one})
    assert pt("Choose two different players.") in errors(response)
    response = client.post(add, {"pair-first": one, "pair-second": two, "pair-rounds": "6"})
    assert pt(ROUNDS, count=5) in errors(response)
    response = client.post(
        add, {"pair-first": one, "pair-second": two, "pair-note": "irmãos"}, follow=True
    )
    assert (
        pt(
            "%(a)s and %(b)s will not meet.", a="Jogador 06 Conceição", b="Jogador 05 Conceição"
        ).encode()
        in response.content
    )
    response = client.post(add, {"pair-first": two, "pair-second": one})
    assert pt(
        "%(a)s and %(b)s are already listed as a pair.",
        a="Jogador 05 Conceição",
        b="Jogador 06 Conceição",
    ) in errors(response)
    assert ForbiddenPair.objects.filter(tournament=tournament).count() == 1
    # The typed pair stays on the form when refused.
    response = client.post(add, {"pair-first": three, "pair-second": three, "pair-note": "primos"})
    assert b'value="primos"' in response.content


def test_a_change_that_would_alter_a_paired_round_is_refused_on_the_page(
    client, tournament, organiser
):
    client.force_login(organiser)
    one, two = numbers(tournament, 1, 2)
    pair = swiss_event.add_forbidden_pair(tournament, *tournament.entries.filter(pk__in=[one, two]))
    swiss_event.pair_next_round(tournament)
    edit = reverse("tournaments:forbidden_pair_edit", args=[tournament.slug, pair.pk])
    response = client.post(edit, {"action": "remove"})
    assert pt(PAIRED, number=1) in errors(response)
    response = client.post(
        reverse("tournaments:pairing_options", args=[tournament.slug]), {"same_club": "all"}
    )
    assert pt(PAIRED, number=1) in errors(response)
    response = client.post(edit, {"action": "save", f"p{pair.pk}-rounds": "1"}, follow=True)
    assert pt("Saved.").encode() in response.content
    assert ForbiddenPair.objects.get(pk=pair.pk).rounds == 1


def test_a_round_robin_has_no_pairing_options(client, organiser):
    tournament = make_tournament(4, organiser=organiser)
    client.force_login(organiser)
    response = client.get(reverse("tournaments:pairing_options", args=[tournament.slug]))
    assert response.status_code == 302


def test_a_round_the_club_rule_blocks_is_a_message_not_a_server_error(client, organiser):
    tournament = make_tournament(0, organiser=organiser, system=PairingSystem.SWISS, swiss_rounds=3)
    from tournaments import services

    for index in range(1, 5):
        services.add_player(tournament, name=f"Sócio {index}", club="Clube Único", rating=1800)
    swiss_event.rank_by_rating(tournament)
    swiss_event.set_pairing_options(
        tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=None
    )
    client.force_login(organiser)
    response = client.post(reverse("tournaments:swiss_pair", args=[tournament.slug]), follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "mantém separados os jogadores que não podem se enfrentar" in page
    assert "Sócio 1 – Sócio 2" in page
    assert not tournament.rounds.exists()


def test_the_page_says_who_is_in_group_a_and_the_virtual_points_by_round(
    client, tournament, organiser
):
    swiss_event.set_pairing_options(
        tournament, baku_acceleration=True, forbid_same_club=False, same_club_rounds=None
    )
    client.force_login(organiser)
    page = client.get(reverse("tournaments:pairing_options", args=[tournament.slug]))
    text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    # 6 players: group A is 2 x 2 = 4; 5 rounds: 3 accelerated, 2 at one point, then a half.
    assert "Grupo A: os 4 primeiros jogadores do ranking inicial." in text
    assert "rodada 1: +1; rodada 2: +1; rodada 3: +0,5." in text


def test_a_pair_added_once_round_1_is_paired_starts_at_round_2_and_says_so(
    client, tournament, organiser
):
    client.force_login(organiser)
    swiss_event.pair_next_round(tournament)
    add = reverse("tournaments:forbidden_pair_add", args=[tournament.slug])
    one, two = numbers(tournament, 1, 2)
    response = client.post(add, {"pair-first": one, "pair-second": two, "pair-from_round": "6"})
    assert pt(
        "The tournament has %(count)d rounds: the pair cannot start in round %(number)d.",
        count=5,
        number=6,
    ) in errors(response)
    response = client.post(add, {"pair-first": one, "pair-second": two, "pair-rounds": "1"})
    assert pt(
        "The pair starts in round %(first)d: it cannot end in round %(last)d, before it.",
        first=2,
        last=1,
    ) in errors(response)
    response = client.post(add, {"pair-first": one, "pair-second": two, "pair-from_round": "1"})
    assert pt(PAIRED, number=1) in errors(response)
    assert not ForbiddenPair.objects.filter(tournament=tournament).exists()
    response = client.post(add, {"pair-first": one, "pair-second": two}, follow=True)
    pair = ForbiddenPair.objects.get(tournament=tournament)
    assert (pair.from_round, pair.rounds) == (2, None)
    said = pt(
        "%(a)s and %(b)s will not meet from round %(number)d on.",
        a=pair.first.player.name if pair.first.pk == one else pair.second.player.name,
        b=pair.second.player.name if pair.first.pk == one else pair.first.player.name,
        number=2,
    )
    assert "a partir da rodada 2" in said
    html = response.content.decode()
    assert said in html
    assert "a partir da rodada 2" in html.split('class="forbidden-pairs"')[1]
