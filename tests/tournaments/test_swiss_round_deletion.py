"""Issue 25: a team Swiss offered the individual Swiss pairing, which paired its players one by
one (reserves too); the team page then refused to pair ("Round 2 is not over yet") with no way
to throw that draft away. A team competition offers no individual pairing, and the last round of
a Swiss (individual or team) can be deleted or paired again while nothing is played in it,
after a confirmation step, and the audit log says so.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from team_factories import make_league, play_round
from tournament_factories import make_tournament

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.models import (
    Game,
    LineupBoard,
    PairingSystem,
    Round,
    TeamMatch,
    TeamSystem,
    Tournament,
)
from tournaments.services import swiss as swiss_event
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_pages(settings):
    """Requests speak English too (the site's default is Portuguese), for the assertions."""
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


def team_swiss(organiser=None, teams: int = 4) -> Tournament:
    """A team Swiss whose tournament is also marked a Swiss (an individual Swiss made a team
    competition): the case where the individual pairing was offered."""
    league = make_league(teams, boards=2, roster=3, paired=False, organiser=organiser,
                         system=TeamSystem.SWISS, team_settings={"swiss_rounds": 3})
    Tournament.objects.filter(pk=league.pk).update(system=PairingSystem.SWISS, swiss_rounds=3)
    league.refresh_from_db()
    return league


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def actions(tournament: Tournament) -> list[str]:
    return list(AuditEntry.objects.filter(tournament=tournament).order_by("at", "pk")
                .values_list("action", flat=True))


# --- a team competition offers no individual pairing ------------------------------------------

def test_a_team_swiss_hides_the_individual_pairing_and_refuses_its_url(organiser):
    league = team_swiss(organiser)
    assert league.is_swiss and not league.is_individual_swiss
    client = logged_in(organiser)
    teams_page = client.get(reverse("tournaments:teams", args=[league.slug])).content.decode()
    assert reverse("tournaments:swiss", args=[league.slug]) not in teams_page
    response = client.get(reverse("tournaments:swiss", args=[league.slug]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournaments:teams", args=[league.slug])
    assert "This is a team competition: its rounds are paired team against team" in (
        response.content.decode())
    response = client.post(reverse("tournaments:swiss_pair", args=[league.slug]), follow=True)
    assert "paired team against team" in response.content.decode()
    with pytest.raises(swiss_event.SwissError, match="team competition"):
        swiss_event.pair_next_round(league)
    assert not league.rounds.exists() and not Game.objects.exists()


def test_an_individual_swiss_still_offers_its_pairing(organiser):
    tournament = make_tournament(4, organiser=organiser, system=PairingSystem.SWISS,
                                 swiss_rounds=3)
    assert tournament.is_individual_swiss
    page = logged_in(organiser).get(reverse("tournaments:detail", args=[tournament.slug]))
    assert reverse("tournaments:swiss", args=[tournament.slug]) in page.content.decode()


# --- the team Swiss: a draft thrown away, the last round deleted or paired again -------------

def individual_draft(league: Tournament, number: int) -> Round:
    """What the individual pairing used to store in a team Swiss: players paired one by one,
    reserves included, and no team match."""
    entries = list(league.entries.order_by("pk"))
    round_ = Round.objects.create(tournament=league, number=number, published=False)
    Game.objects.bulk_create([
        Game(round=round_, board=board, white=white, black=black)
        for board, (white, black) in enumerate(zip(entries[::2], entries[1::2], strict=True),
                                               start=1)])
    return round_


def test_an_individual_draft_in_a_team_swiss_can_be_discarded_then_paired(organiser):
    league = team_swiss(organiser)
    team_services.pair_next_swiss_round(league)
    play_round(league, 1, "1/2-1/2")
    individual_draft(league, 2)
    with pytest.raises(services.TournamentError,
                       match="Round 2 is not over yet.*it can be deleted, or paired again"):
        team_services.pair_next_swiss_round(league)
    client = logged_in(organiser)
    url = reverse("tournaments:team_delete_round", args=[league.slug, 2])
    confirm = client.get(url).content.decode()
    assert "Yes, delete round 2" in confirm and "Yes, pair round 2 again" in confirm
    assert league.rounds.filter(number=2).exists()  # asking changes nothing
    client.post(url, {"action": "delete"})
    assert list(league.rounds.values_list("number", flat=True)) == [1]
    assert not Game.objects.filter(round__number=2, round__tournament=league).exists()
    entry = AuditEntry.objects.get(tournament=league, action="round-deleted")
    assert entry.actor == organiser
    assert entry.before["round"] == 2 and entry.before["matches"] == []
    assert len(entry.before["games"]) == 6  # 12 players paired one by one
    second = team_services.pair_next_swiss_round(league)
    assert second.number == 2 and second.team_matches.count() == 2


def test_the_last_team_round_is_deleted_or_paired_again_with_its_line_ups(organiser):
    league = team_swiss(organiser)
    first = team_services.pair_next_swiss_round(league, user=organiser)
    match = first.team_matches.order_by("table").first()
    roster = team_services.roster(match.home)
    team_services.set_lineup(first, match.home, [roster[1].pk, roster[2].pk])
    client = logged_in(organiser)
    round_page = client.get(reverse("tournaments:team_round", args=[league.slug, 1]))
    url = reverse("tournaments:team_delete_round", args=[league.slug, 1])
    assert url in round_page.content.decode()
    version = Tournament.objects.get(pk=league.pk).version
    response = client.post(url, {"action": "repair"})
    assert response.status_code == 302
    again = league.rounds.get()
    assert again.pk != first.pk and again.team_matches.count() == 2
    assert not LineupBoard.objects.exists()  # the thrown-away round's line-up went with it
    assert Tournament.objects.get(pk=league.pk).version > version
    assert actions(league)[-4:] == ["round-paired", "lineup-set", "round-deleted", "round-paired"]
    response = client.post(url, {"action": "delete"}, follow=True)
    assert "Round 1 deleted." in response.content.decode()
    assert not league.rounds.exists() and not TeamMatch.objects.exists()
    assert Tournament.objects.get(pk=league.pk).status == "registration"


def test_a_team_round_with_a_result_or_not_the_last_is_kept(organiser):
    league = team_swiss(organiser)
    first = team_services.pair_next_swiss_round(league)
    play_round(league, 1)
    with pytest.raises(services.TournamentError, match="Round 1 has results"):
        team_services.delete_last_swiss_round(first)
    second = team_services.pair_next_swiss_round(league)
    with pytest.raises(services.TournamentError, match=r"Only the last round \(2\)"):
        team_services.delete_last_swiss_round(first)
    team_services.start_round(second)
    game = Game.objects.filter(round=second).first()
    services.record_result(game, result="1-0", expected_version=game.version)
    client = logged_in(organiser)
    url = reverse("tournaments:team_delete_round", args=[league.slug, 2])
    assert "can no longer be deleted" in client.get(url).content.decode()
    client.post(url, {"action": "delete"})
    assert league.rounds.count() == 2
    assert "round-deleted" not in actions(league)


# --- the individual Swiss: the last round, published or not ------------------------------------

def swiss(organiser, players: int = 6) -> Tournament:
    return make_tournament(players, organiser=organiser, system=PairingSystem.SWISS,
                           swiss_rounds=4)


def test_a_published_round_without_results_is_deleted_after_confirmation(organiser):
    tournament = swiss(organiser)
    round_ = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    client = logged_in(organiser)
    desk = client.get(reverse("tournaments:swiss", args=[tournament.slug])).content.decode()
    url = reverse("tournaments:swiss_delete_round", args=[tournament.slug, 1])
    assert url in desk
    assert "Yes, delete round 1" in client.get(url).content.decode()
    assert tournament.rounds.filter(pk=round_.pk).exists()
    response = client.post(url, {"action": "delete"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournaments:swiss", args=[tournament.slug])
    assert "Round 1 deleted." in response.content.decode()
    assert not tournament.rounds.exists() and not Game.objects.exists()
    entry = AuditEntry.objects.get(tournament=tournament, action="round-deleted")
    assert entry.actor == organiser
    assert entry.before["round"] == 1 and entry.before["published"] is True
    assert len(entry.before["boards"]) == 3


def test_a_published_round_without_results_is_paired_again_as_a_draft(organiser):
    tournament = swiss(organiser, players=7)
    first = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    client = logged_in(organiser)
    client.post(reverse("tournaments:swiss_delete_round", args=[tournament.slug, 1]),
                {"action": "repair"})
    again = tournament.rounds.get()
    assert again.pk != first.pk and again.number == 1 and not again.published
    assert again.games.count() == 3 and again.bye is not None
    assert actions(tournament)[-2:] == ["round-deleted", "round-paired"]
    assert client.get(reverse("tournaments:swiss", args=[tournament.slug])).status_code == 200


def test_an_individual_round_with_a_result_or_not_the_last_is_kept(organiser):
    tournament = swiss(organiser)
    first = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    game = first.games.first()
    services.record_result(game, result="1-0", expected_version=game.version)
    with pytest.raises(swiss_event.SwissError, match="Round 1 has results"):
        swiss_event.delete_last_round(first)
    with pytest.raises(swiss_event.SwissError, match="Round 1 has results"):
        swiss_event.repair_round(first)
    for game in first.games.filter(result=""):
        services.record_result(game, result="0-1", expected_version=game.version)
    swiss_event.pair_next_round(tournament)
    with pytest.raises(swiss_event.SwissError, match=r"Only the last round \(2\)"):
        swiss_event.delete_last_round(first)
    assert tournament.rounds.count() == 2
    assert "round-deleted" not in actions(tournament)


def test_pairing_a_team_swiss_round_on_its_page_is_audited_with_who(organiser):
    league = team_swiss(organiser)
    logged_in(organiser).post(reverse("tournaments:team_generate_rounds", args=[league.slug]))
    entry = AuditEntry.objects.get(tournament=league, action="round-paired")
    assert entry.actor == organiser
    assert entry.after["round"] == 1 and len(entry.after["matches"]) == 2


def test_a_round_with_a_score_sheet_but_no_result_is_kept(organiser):
    from arbitration.services import save_sheet

    tournament = swiss(organiser)
    first = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    game = Game.objects.select_related("round__tournament", "white__player",
                                       "black__player").get(round=first, board=1)
    save_sheet(game, pdn="1. 22-18 11-15 *", notation="numeric", expected_version=0)
    assert not first.games.exclude(result="").exists()
    with pytest.raises(swiss_event.SwissError, match="results or score sheets"):
        swiss_event.delete_last_round(first)
    assert tournament.rounds.count() == 1
