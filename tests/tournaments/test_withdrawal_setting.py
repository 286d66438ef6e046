"""Issue 12, withdrawals: a tournament setting annuls every result of a player who withdraws
before playing half his games (and keeps them, with forfeits for the rest, after), applied to
the standings and tie-breaks; an organiser can undo a withdrawal made by mistake (audited)."""

import pytest
from django.urls import reverse
from tournament_factories import game_at, make_tournament, play

from arbitration.models import Action, AuditEntry
from tournaments import services
from tournaments.queries import reports
from tournaments.standings.games import GameRecord
from tournaments.standings.scoring import Result
from tournaments.standings.withdrawals import annulled_players

pytestmark = pytest.mark.django_db


def test_fewer_than_half_the_games_played_is_annulled():
    records = [GameRecord(1, 1, 2, Result.WHITE_WIN), GameRecord(2, 3, 1, Result.BLACK_FORFEIT_WIN),
               GameRecord(3, 1, 4, Result.BLACK_FORFEIT_WIN)]
    # Player 1: one game over the board of three (a forfeit is no game played).
    assert annulled_players(records, [1]) == {1}
    records[1] = GameRecord(2, 3, 1, Result.DRAW)
    assert annulled_players(records, [1]) == set()  # two of three: kept


@pytest.fixture
def four(organiser, arbiter):
    """Four players, three rounds. Berger: round 1 is 1-4, 2-3; round 2 is 4-3, 1-2; round 3
    is 2-4, 3-1."""
    return make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True,
                           name="Aberto de Olinda")


def points(tournament) -> dict[int, str]:
    return {standing.entry.number: str(standing.points)
            for standing in reports.standings(tournament)}


@pytest.mark.parametrize("annul", [False, True])
def test_an_early_withdrawal_is_annulled_only_when_the_tournament_says_so(four, annul):
    four.annul_early_withdrawals = annul
    four.save()
    play(four, {(1, 1): "1-0", (1, 2): "1/2-1/2"})  # 1 beats 4
    services.withdraw_player(four.entries.get(number=1))
    play(four, {(2, 1): "1-0", (3, 1): "0-1"})
    if annul:
        # 1 played one game of three: his win over 4 and his forfeits count for nobody.
        assert points(four) == {1: "0", 2: "1/2", 3: "1/2", 4: "2"}
    else:
        # Kept: 1's win, and 2 and 3 won by forfeit against him (Art. 28).
        assert points(four) == {1: "1", 2: "3/2", 3: "3/2", 4: "2"}


def test_a_late_withdrawal_keeps_the_results_with_forfeits_for_the_rest(four):
    four.annul_early_withdrawals = True
    four.save()
    play(four, {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 1): "0-1", (2, 2): "1-0"})
    services.withdraw_player(four.entries.get(number=1))  # two of three played: kept
    assert game_at(four, 3, 2).result == "+-"  # 3 was to play 1: a forfeit win for 3
    assert points(four)[1] == "2" and points(four)[3] == "5/2"


def test_undoing_a_withdrawal_gives_back_the_games_and_is_logged(four, organiser, arbiter):
    leaver = four.entries.get(number=1)
    services.withdraw_player(leaver, user=arbiter)
    assert {game_at(four, n, b).result for n, b in ((1, 1), (2, 2), (3, 2))} == {"-+", "+-"}
    # An arbiter corrects round 3: the game was played after all.
    game = game_at(four, 3, 2)
    services.record_result(game, result="1/2-1/2", expected_version=game.version, user=arbiter)
    restored, kept = services.undo_withdrawal(leaver, user=organiser)
    leaver.refresh_from_db()
    assert not leaver.withdrawn and leaver.withdrawal_games == []
    assert len(restored) == 2 and [game.round.number for game in kept] == [3]
    assert game_at(four, 1, 1).result == "" and game_at(four, 2, 2).result == ""
    assert game_at(four, 3, 2).result == "1/2-1/2"
    actions = list(AuditEntry.objects.filter(tournament=four, game__isnull=True)
                   .order_by("at", "pk").values_list("action", "actor"))
    assert actions[-2:] == [(Action.PLAYER_WITHDRAWN, arbiter.pk),
                            (Action.WITHDRAWAL_UNDONE, organiser.pk)]
    with pytest.raises(services.NotWithdrawnError):
        services.undo_withdrawal(leaver)


def test_the_organiser_undoes_a_withdrawal_from_the_page(client, four, organiser, arbiter):
    leaver = four.entries.get(number=2)
    services.withdraw_player(leaver, user=arbiter)
    url = reverse("tournaments:undo_withdrawal", args=[four.slug, leaver.pk])
    client.force_login(arbiter)
    assert client.post(url).status_code == 403  # arbiters withdraw; organisers undo
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[four.slug])).content.decode()
    assert url in page
    assert client.post(url).status_code == 302
    leaver.refresh_from_db()
    assert not leaver.withdrawn


def test_the_setting_is_on_the_tournament_form(client, four, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[four.slug])).content.decode()
    assert 'name="annul_early_withdrawals"' in page


def test_the_setting_and_its_standings_survive_a_backup(four):
    from tournaments.files.backup import export_tournament, import_tournament

    four.annul_early_withdrawals = True
    four.save()
    play(four, {(1, 1): "1-0"})
    services.withdraw_player(four.entries.get(number=1))
    first = export_tournament(four)
    assert first["annul_early_withdrawals"] is True
    restored = import_tournament(first, slug="restaurado")
    assert restored.annul_early_withdrawals
    second = export_tournament(restored)
    assert second == first


def test_a_restored_withdrawal_can_still_be_undone(four):
    from tournaments.files.backup import export_tournament, import_tournament
    from tournaments.files.backup_values import BackupError

    play(four, {(1, 1): "1-0"})
    services.withdraw_player(four.entries.get(number=2))
    first = export_tournament(four)
    [leaver] = [player for player in first["players"] if player.get("withdrawn")]
    assert {(change["round"], change["after"]) for change in leaver["withdrawal_games"]} == {
        (1, "-+"), (2, "+-"), (3, "-+")}  # 2 had White, Black, White
    restored = import_tournament(first, slug="restaurado")
    assert export_tournament(restored) == first
    restored_games, kept = services.undo_withdrawal(restored.entries.get(number=2))
    assert len(restored_games) == 3 and kept == []
    broken = {**first, "players": [
        {**player, "withdrawal_games": [{"round": 9, "board": 1, "before": None,
                                         "after": "+-"}]}
        if player.get("withdrawn") else player for player in first["players"]]}
    with pytest.raises(BackupError, match="withdrawal_games"):
        import_tournament(broken, slug="quebrado")
