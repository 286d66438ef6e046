"""The JSON backup and its commands: import then export gives the same JSON back (issue 5)."""

import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from tournament_factories import make_tournament, play

from tournaments import services
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import Entry, Game, Player, Round, Tournament

pytestmark = pytest.mark.django_db

# A 5-player round robin (the Berger table) with every kind of result, an Art. 10 colour swap in
# round 2 (board 1 is 5-3 in the table, played 3-5), FMJD scoring and the optional keys.
FULL = {
    "name": "Regional de Damas de Campinas",
    "board": 64,
    "cycles": 1,
    "scoring": {"win": 2, "draw": 1, "loss": 0},
    "tiebreaks": ["wins", "direct-encounter", "sonneborn-berger", "most-black"],
    "place": "Campinas, SP",
    "start_date": "2026-03-07",
    "end_date": "2026-03-08",
    "time_control": "rapid",
    "profile": "regional",
    "seed": 99,
    "players": [
        {"number": 1, "name": "Ana Conceição", "club": "Campinas", "rating": 1850,
         "federation_id": "CBD-1"},
        {"number": 2, "name": "Bruno Araújo", "club": "Recife", "rating": None},
        {"number": 3, "name": "Cíntia Lôbo", "club": "", "rating": 1702},
        {"number": 4, "name": "Davi Simões", "club": "Curitiba", "rating": 1640, "withdrawn": True},
        {"number": 5, "name": "Érica Magalhães", "club": "Salvador", "rating": 1999},
    ],
    "rounds": [
        {"number": 1, "games": [{"board": 1, "white": 2, "black": 5, "result": "1-0"},
                                {"board": 2, "white": 3, "black": 4, "result": "1/2-1/2"}],
         "bye": 1},
        {"number": 2, "games": [{"board": 1, "white": 3, "black": 5, "result": "0-1"},
                                {"board": 2, "white": 1, "black": 2, "result": "+-"}],
         "bye": 4},
        {"number": 3, "games": [{"board": 1, "white": 3, "black": 1, "result": "1/2-1/2"},
                                {"board": 2, "white": 4, "black": 5, "result": "--"}],
         "bye": 2},
        {"number": 4, "games": [{"board": 1, "white": 1, "black": 4, "result": None},
                                {"board": 2, "white": 2, "black": 3, "result": None}],
         "bye": 5},
        {"number": 5, "games": [{"board": 1, "white": 4, "black": 2, "result": None},
                                {"board": 2, "white": 5, "black": 1, "result": None}],
         "bye": 3},
    ],
}


def exported(slug: str) -> dict:
    out = StringIO()
    call_command("export_tournament", slug, stdout=out)
    return json.loads(out.getvalue())


def import_file(tmp_path, data, name="torneio.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = StringIO()
    call_command("import_tournament", str(path), stdout=out)
    return out.getvalue().strip()


def saved_rows() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Tournament, Player, Entry, Round, Game))


def test_full_file_round_trips(tmp_path):
    slug = import_file(tmp_path, FULL)
    assert Tournament.objects.get(slug=slug).name == FULL["name"]
    back = exported(slug)
    standings = back.pop("standings")
    assert back == FULL
    # and with the standings included, the export imports to the same export again
    again = import_file(tmp_path, {**back, "standings": standings}, name="again.json")
    assert exported(again) == {**FULL, "standings": standings}


def test_standings_in_the_export(tmp_path):
    standings = exported(import_file(tmp_path, FULL))["standings"]
    # FMJD 2-1-0, a bye scores nothing: 1 forfeit win + draw = 3; 2 win + forfeit loss = 2;
    # 3 draw + loss + draw = 2; 4 draw + double forfeit = 1; 5 loss + win + double forfeit = 2.
    points = {row["number"]: row["points"] for row in standings}
    assert points == {1: 3, 2: 2, 3: 2, 4: 1, 5: 2}
    # 2, 3 and 5 tie: 3 has no win; 2 beat 5 in their direct encounter (order: wins, then it).
    assert [row["number"] for row in standings] == [1, 2, 5, 3, 4]
    assert [row["rank"] for row in standings] == [1, 2, 3, 4, 5]
    first = standings[0]
    assert first["name"] == "Ana Conceição"
    assert list(first["tiebreaks"]) == FULL["tiebreaks"]
    assert first["tiebreaks"]["wins"] == 1  # a forfeit win counts as a win (Art. 28)
    assert all(isinstance(row["rank"], int) for row in standings)


def test_file_with_only_the_required_keys_round_trips(tmp_path):
    minimal = {
        "name": "Clube de Sábado", "board": 100, "cycles": 2,
        "scoring": {"win": 1, "draw": 0.5, "loss": 0},
        "tiebreaks": ["direct-encounter", "wins", "sonneborn-berger", "most-black"],
        "players": [{"number": 1, "name": "Ana", "club": "", "rating": None},
                    {"number": 2, "name": "Bia", "club": "", "rating": None}],
        "rounds": [
            {"number": 1, "games": [{"board": 1, "white": 1, "black": 2, "result": "1/2-1/2"}],
             "bye": None},
            {"number": 2, "games": [{"board": 1, "white": 2, "black": 1, "result": None}],
             "bye": None},
        ],
    }
    back = exported(import_file(tmp_path, minimal))
    standings = back.pop("standings")
    assert back == minimal
    # Level on points, on the direct encounter (a draw) and wins; Bia had Black: Art. 4 (d).
    assert [(row["rank"], row["name"], row["points"]) for row in standings] == [
        (1, "Bia", 0.5), (2, "Ana", 0.5)]
    assert standings[0]["tiebreaks"]["most-black"] == 1
    assert standings[1]["tiebreaks"]["sonneborn-berger"] == 0.25  # 0.5 x Bia's 0.5


def test_art10_swap_is_recognised_on_import(tmp_path):
    tournament = Tournament.objects.get(slug=import_file(tmp_path, FULL))
    swapped = Game.objects.get(round__tournament=tournament, round__number=2, board=1)
    assert swapped.colours_swapped and swapped.white.number == 3
    assert Game.objects.filter(round__tournament=tournament, colours_swapped=True).count() == 1


def test_export_of_a_tournament_played_here_round_trips(tmp_path):
    tournament = make_tournament(6, paired=True, name="Aberto Jogado Aqui")
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "0-1"})
    services.withdraw_player(tournament.entries.get(number=4))
    first = export_tournament(tournament)
    second = exported(import_file(tmp_path, first))
    assert second == json.loads(json.dumps(first))


def test_registration_only_tournament_round_trips(tmp_path):
    tournament = make_tournament(3, name="Inscrições Abertas")
    first = export_tournament(tournament)
    assert [p["number"] for p in first["players"]] == [None, None, None]
    assert first["rounds"] == [] and first["standings"] == []
    assert exported(import_file(tmp_path, first)) == first


def broken(path: str, value) -> dict:
    """FULL with the value at `path` (keys and indexes separated by dots) replaced or removed."""
    data = copy.deepcopy(FULL)
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if value is KeyError:
        del target[last]
    else:
        target[int(last) if isinstance(target, list) else last] = value
    return data


@pytest.mark.parametrize(("data", "named"), [
    (broken("board", 81), "board"),
    (broken("cycles", 3), "cycles"),
    (broken("name", ""), "name"),
    (broken("players", KeyError), "players"),
    (broken("colour", "white"), "colour"),
    (broken("scoring.draw", "1/2"), "scoring.draw"),
    (broken("scoring.loss", -1), "scoring.loss"),
    (broken("scoring.win", 0), "scoring"),
    (broken("tiebreaks", ["wins", "solkoff"]), "tiebreaks[1]"),
    (broken("players.2.number", 1), "players[2].number"),
    (broken("players.2.rating", "1700"), "players[2].rating"),
    (broken("players.0.name", "  "), "players[0].name"),
    (broken("rounds.0.games.0.result", "2-0"), "rounds[0].games[0].result"),
    (broken("rounds.0.games.0.white", 9), "rounds[0].games[0].white"),
    (broken("rounds.0.games.1.white", 2), "rounds[0].games[1].white"),
    (broken("rounds.0.games.1.board", 1), "rounds[0].games[1].board"),
    (broken("rounds.0.bye", 2), "rounds[0].games[0].white"),
    (broken("rounds.1.number", 7), "rounds[1].number"),
    (broken("rounds.3.games.1.white", 3), "rounds[3].games[1].black: cannot play himself"),
    (broken("rounds.4.games", [{"board": 1, "white": 2, "black": 5, "result": None},
                               {"board": 2, "white": 4, "black": 1, "result": None}]),
     "meet 2 times"),
    (broken("start_date", "07/03/2026"), "start_date"),
    (broken("end_date", "2026-03-01"), "end_date"),
    ([FULL], "object"),
])
def test_file_with_an_error_is_refused_whole(tmp_path, data, named):
    before = saved_rows()
    with pytest.raises(BackupError, match=named.replace("[", r"\[").replace("]", r"\]")):
        import_tournament(data)
    with pytest.raises(CommandError, match="nothing saved"):
        import_file(tmp_path, data)
    assert saved_rows() == before


def test_command_refuses_unreadable_and_invalid_json(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x",', encoding="utf-8")
    with pytest.raises(CommandError, match="line 1"):
        call_command("import_tournament", str(bad))
    assert saved_rows() == (0, 0, 0, 0, 0)


def test_export_unknown_slug_is_an_error():
    with pytest.raises(CommandError, match="nao-existe"):
        call_command("export_tournament", "nao-existe")


def test_pair_command_generates_every_round():
    tournament = make_tournament(7, name="Para Emparceirar")
    out = StringIO()
    call_command("pair", tournament.slug, stdout=out)
    assert "7" in out.getvalue()
    assert tournament.rounds.count() == 7
    assert Game.objects.of_tournament(tournament).count() == 21
    tournament.refresh_from_db()
    assert tournament.pairing_seed is not None  # numbers were drawn by lot, seed recorded


def test_pair_command_keeps_numbers_already_set(tmp_path):
    no_rounds = {**FULL, "rounds": [], "players": [
        {key: value for key, value in player.items() if key != "withdrawn"}
        for player in FULL["players"]]}
    slug = import_file(tmp_path, no_rounds)
    call_command("pair", slug, stdout=StringIO())
    back = exported(slug)
    def pairs(rounds):
        return [({frozenset((g["white"], g["black"])) for g in r["games"]}, r["bye"])
                for r in rounds]

    assert pairs(back["rounds"]) == pairs(FULL["rounds"])  # the numbers kept, the same table
    assert all(g["result"] is None for r in back["rounds"] for g in r["games"])


def test_pair_command_on_a_paired_tournament_changes_nothing():
    tournament = make_tournament(4, paired=True, name="Já Emparceirado")
    before = list(Game.objects.of_tournament(tournament).values_list("pk", "white", "black"))
    with pytest.raises(CommandError, match="already generated"):
        call_command("pair", tournament.slug)
    assert list(Game.objects.of_tournament(tournament)
                .values_list("pk", "white", "black")) == before


def test_pair_command_unknown_slug():
    with pytest.raises(CommandError, match="nao-existe"):
        call_command("pair", "nao-existe")


def test_import_names_organisers_and_reads_standard_input(tmp_path, monkeypatch,
                                                          django_user_model):
    user = django_user_model.objects.create_user("importadora", password="x-y-z-12345")
    monkeypatch.setattr("sys.stdin", StringIO(json.dumps(FULL)))
    out = StringIO()
    call_command("import_tournament", "-", organiser=["importadora"], stdout=out)
    tournament = Tournament.objects.get(slug=out.getvalue().strip())
    assert list(tournament.organisers.all()) == [user]
    with pytest.raises(CommandError, match="ninguem"):
        call_command("import_tournament", "-", organiser=["ninguem"])
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize("depth", [100_000, 500])
def test_a_file_nested_thousands_deep_is_refused_with_a_message(tmp_path, depth):
    """100,000 levels ended the command with a RecursionError traceback; 500 are read by json
    but no backup is that deep (issue 29). Both are refused as every bad file is."""
    path = tmp_path / "fundo.json"
    path.write_text('{"name": "x", "players": ' + "[" * depth + "]" * depth + "}",
                    encoding="utf-8")
    with pytest.raises(CommandError, match="nothing saved: The file is nested deeper than 64"):
        call_command("import_tournament", str(path))
    nested: list = []
    for _level in range(depth):
        nested = [nested]
    with pytest.raises(BackupError, match="nested deeper"):
        import_tournament({**FULL, "players": nested})
    assert saved_rows() == (0, 0, 0, 0, 0)
