"""The arbiter's Swiss page and the public pairings: an unpublished round is not public; a
published one shows each player's points before it (issue 14)."""

from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments.models import PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


def pt(text: str) -> bytes:
    """What the pages (in Portuguese, the site's first language) print for `text`."""
    from django.utils import translation

    with translation.override("pt-br"):
        return translation.gettext(text).encode()


UNPUBLISHED = "Only the arbiters see this pairing. Check it, edit it if you must, then publish it."


@pytest.fixture
def tournament(organiser, arbiter):
    return make_tournament(7, organiser=organiser, arbiter=arbiter, system=PairingSystem.SWISS,
                           swiss_rounds=5)


def test_the_arbiter_pairs_edits_and_publishes_and_the_public_sees_it_only_then(
        client, tournament, arbiter):
    slug = tournament.slug
    round_page = reverse("tournaments:round", args=[slug, 1])
    client.force_login(arbiter)
    response = client.post(reverse("tournaments:swiss_pair", args=[slug]), follow=True)
    assert pt(UNPUBLISHED) in response.content
    assert response.content.count(pt("Swap colours")) == 3
    response = client.post(reverse("tournaments:swiss_swap", args=[slug, 1, 1]), follow=True)
    assert b"5.2:" in response.content  # the warning names the rule
    client.logout()
    assert client.get(round_page).status_code == 404
    assert b"rodada/1/" not in client.get(reverse("tournaments:detail", args=[slug])).content
    client.force_login(arbiter)
    response = client.post(reverse("tournaments:swiss_publish", args=[slug, 1]), follow=True)
    assert response.redirect_chain[-1][0] == round_page
    client.logout()
    page = client.get(round_page)
    assert page.status_code == 200 and b'class="points-before">(0)' in page.content
    bye = tournament.rounds.get(number=1).bye
    assert f"Folga do emparceiramento: {bye} (1 ponto).".encode() in page.content


def test_a_visitor_cannot_pair(client, tournament, outsider):
    client.force_login(outsider)
    assert client.post(reverse("tournaments:swiss_pair", args=[tournament.slug])).status_code \
        == 403
    assert not tournament.rounds.exists()


def test_a_refused_step_is_a_message_not_an_error(client, tournament, arbiter):
    client.force_login(arbiter)
    slug = tournament.slug
    client.post(reverse("tournaments:swiss_pair", args=[slug]))
    response = client.post(reverse("tournaments:swiss_pair", args=[slug]), follow=True)
    assert response.status_code == 200 and pt(UNPUBLISHED) in response.content
    entry = tournament.entries.first()
    response = client.post(reverse("tournaments:swiss_absence", args=[slug]),
                           {"entry": entry.pk, "round_number": 9, "kind": "H"}, follow=True)
    assert response.status_code == 200
    response = client.post(reverse("tournaments:swiss_late_entry", args=[slug]),
                           {"name": "Tardio", "rating": 1600}, follow=True)
    assert pt("%(name)s entered late.") % {b"name": b"Tardio"} in response.content
    assert swiss_event.position_before(tournament, 1).players  # still pairable


def test_swiss_standings_count_the_bye_and_use_the_swiss_tiebreaks(client, tournament, arbiter):
    from tournaments.queries import reports
    from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER

    assert tournament.tiebreaks == list(DEFAULT_SWISS_ORDER)
    first = swiss_event.pair_next_round(tournament)
    assert reports.standings(tournament)[0].points == 0  # not published: nothing counts yet
    swiss_event.publish_round(first)
    for game in first.games.all():
        game.result = "1/2-1/2"
        game.save()
    rows = {s.entry.number: s for s in reports.standings(tournament)}
    assert rows[first.bye.number].points == 1  # a pairing-allocated bye scores a win
    assert {s.points for n, s in rows.items() if n != first.bye.number} == {Fraction(1, 2)}
    page = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert page.status_code == 200
    assert client.get(reverse("tournaments:crosstable", args=[tournament.slug])).status_code \
        == 200


def test_the_organiser_creates_a_swiss_and_must_give_its_rounds(client, organiser):
    from tournaments.models import Tournament
    from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER

    data = {"name": "Aberto de Santos", "board": 64, "time_control": "classical",
            "draw_profile": "cbd", "notation": "", "scoring_win": "1",
            "scoring_draw": "0.5", "scoring_loss": "0", "system": "swiss",
            **{f"tiebreak_{i}": key for i, key in enumerate(DEFAULT_SWISS_ORDER, start=1)}}
    client.force_login(organiser)
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    assert pt("A Swiss tournament needs its number of rounds.") in response.content
    response = client.post(reverse("tournaments:create"), {**data, "swiss_rounds": 7})
    tournament = Tournament.objects.get()
    assert tournament.is_swiss and tournament.swiss_rounds == 7
    assert tournament.tiebreaks == list(DEFAULT_SWISS_ORDER)


def test_the_swiss_crosstable_and_a_players_page(client, tournament):
    from tournaments import services

    first = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(first)
    game = first.games.get(board=1)
    game.result = "1-0"
    game.save()
    page = client.get(reverse("tournaments:crosstable", args=[tournament.slug]))
    assert page.status_code == 200
    row = next(r for r in page.context["rows"] if r["number"] == game.white.number)
    assert (row["cells"][0].opponent, row["cells"][0].result) == (str(game.black.number), "1")
    # The points and places are after the complete rounds (issue 25): none while round 1 is in
    # play, its results already in shown beside them in the round's cells.
    assert row["points"] == "0"
    for other in first.games.exclude(pk=game.pk):
        services.record_result(other, result="1/2-1/2", expected_version=other.version)
    page = client.get(reverse("tournaments:crosstable", args=[tournament.slug]))
    row = next(r for r in page.context["rows"] if r["number"] == game.white.number)
    assert row["rank"] <= 2 and row["points"] == "1"  # level with the bye
    bye_row = next(r for r in page.context["rows"] if r["number"] == first.bye.number)
    assert bye_row["cells"][0].result == "1"
    page = client.get(game.white.get_absolute_url())
    assert page.status_code == 200
    assert page.context["rows"][0]["opponent"] == game.black
    assert page.context["rows"][0]["opponent_points"] == "0"
    assert page.context["performance"] is not None


def test_the_arbiter_takes_a_withdrawn_player_back(client, tournament, arbiter):
    from tournaments import services

    entry = tournament.entries.first()
    first = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(first)
    services.withdraw_player(entry)
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:swiss", args=[tournament.slug]))
    assert pt("Back in the next round") in page.content
    client.post(reverse("tournaments:swiss_come_back", args=[tournament.slug, entry.pk]))
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_a_bye_is_asked_for_and_cancelled_from_the_swiss_page(client, tournament, arbiter):
    from tournaments.models import Absence

    entry = tournament.entries.first()
    client.force_login(arbiter)
    client.post(reverse("tournaments:swiss_absence", args=[tournament.slug]),
                {"entry": entry.pk, "round_number": 2, "kind": "H"})
    assert Absence.objects.filter(entry=entry, round_number=2, kind="H").exists()
    cancel = reverse("tournaments:swiss_cancel_absence", args=[tournament.slug, entry.pk, 2])
    assert cancel.encode() in client.get(reverse("tournaments:swiss",
                                                 args=[tournament.slug])).content
    client.post(cancel)
    assert not Absence.objects.exists()


@pytest.mark.parametrize(("bye_points", "shown"), [
    (None, "(1 ponto)"), (Decimal("0.5"), "(0,5 pontos)"), (Decimal("0"), "(0 ponto)")])
def test_the_pairing_allocated_bye_says_ponto_or_pontos_as_its_value_asks(
        client, arbiter, bye_points, shown):
    """Found in a rehearsal of a whole event: a bye worth a win read "(1 pontos)". The plural form
    follows the value (Portuguese takes the singular under two: 1 ponto, 0 ponto)."""
    tournament = make_tournament(7, arbiter=arbiter, system=PairingSystem.SWISS, swiss_rounds=5,
                                 bye_points=bye_points)
    swiss_event.rank_by_rating(tournament)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    bye = tournament.rounds.get(number=1).bye
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1]),
                      HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    assert f"Folga do emparceiramento: {bye} {shown}." in page


def test_the_desk_says_ponto_or_pontos_before_the_round_as_the_bye_s_score_asks(
        client, tournament, arbiter):
    """Found in a rehearsal of a whole event (issue 25): the pending bye read "(1 pontos antes da
    rodada)". Every game drawn, the bye of round 1 has 0 points, of round 2 0,5, of round 3 1."""
    from tournaments import services

    client.force_login(arbiter)
    desk = reverse("tournaments:swiss", args=[tournament.slug])
    for number, shown in ((1, "(0 ponto antes"), (2, "(0,5 pontos antes"), (3, "(1 ponto antes")):
        round_ = swiss_event.pair_next_round(tournament)
        assert round_.number == number
        page = client.get(desk, HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
        assert f"Folga do emparceiramento: {round_.bye} {shown} da rodada)." in page
        swiss_event.publish_round(round_)
        for game in round_.games.all():
            services.record_result(game, result="1/2-1/2", expected_version=game.version)


def test_the_desk_offers_no_cancel_for_a_bye_of_a_round_already_paired(
        client, tournament, arbiter):
    """Found in a rehearsal of a whole event (issue 25): a bye asked for round 1 still had a
    "Cancelar" button once round 1 was published, a button that only answered "already paired".
    The bye asked for round 2, not yet paired, keeps it."""
    first, second = tournament.entries.order_by("number")[:2]
    swiss_event.request_absence(first, 1, "H")
    swiss_event.request_absence(second, 2, "H")
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:swiss", args=[tournament.slug])).content.decode()
    assert reverse("tournaments:swiss_cancel_absence", args=[tournament.slug, second.pk, 2]) in page
    assert reverse("tournaments:swiss_cancel_absence",
                   args=[tournament.slug, first.pk, 1]) not in page


def test_a_zero_point_bye_reads_folga_sem_pontos(client, tournament, arbiter, organiser):
    """Found in a rehearsal of a whole event (issue 25): the kind read "folga de zero ponto"."""
    swiss_event.request_absence(tournament.entries.first(), 1, "Z")
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:swiss", args=[tournament.slug]),
                      HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    assert "folga sem pontos" in page and "zero ponto" not in page
    client.force_login(organiser)
    form = client.get(reverse("tournaments:edit", args=[tournament.slug]),
                      HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert "folgas de meio ponto ou sem pontos por jogador" in form.content.decode()


def test_the_crosstable_explains_a_late_entrant_s_blank_rounds(client, tournament):
    """Found in a rehearsal of a whole event (issue 25): a late entrant's rounds before he entered
    were blank, while the legend only explained "-" (an absence). The page and the PDF say what
    a blank round is."""
    from io import BytesIO

    from pypdf import PdfReader

    from tournaments import services

    first = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(first)
    for game in first.games.all():
        services.record_result(game, result="1-0", expected_version=game.version)
    late = swiss_event.enter_late(tournament, name="Chegou Tarde", rating=1500)
    late.refresh_from_db()
    sentence = ("Rodada em branco: o resultado ainda não foi lançado, ou o jogador não estava no "
                "torneio nessa rodada (inscrição tardia, desistência).")
    page = client.get(reverse("tournaments:crosstable", args=[tournament.slug]),
                      HTTP_ACCEPT_LANGUAGE="pt-BR")
    row = next(r for r in page.context["rows"] if r["number"] == late.number)
    assert row["cells"][0].result == "" and row["cells"][0].opponent == ""
    assert sentence in page.content.decode()
    pdf = client.get(reverse("printing:crosstable", kwargs={"slug": tournament.slug}),
                     HTTP_ACCEPT_LANGUAGE="pt-BR")
    text = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(BytesIO(pdf.content)).pages)
    assert sentence in text


def test_taking_a_player_back_says_so_in_words_that_need_no_sex(client, tournament, arbiter):
    """Found in a rehearsal of a whole event (issue 25): the message said "é emparceirado de
    novo" of a player whose sex the desk does not ask."""
    from tournaments import services

    entry = tournament.entries.first()
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    services.withdraw_player(entry)
    client.force_login(arbiter)
    page = client.post(reverse("tournaments:swiss_come_back", args=[tournament.slug, entry.pk]),
                       HTTP_ACCEPT_LANGUAGE="pt-BR", follow=True).content.decode()
    assert f"{entry.player.name} voltou e joga de novo a partir da próxima rodada." in page
