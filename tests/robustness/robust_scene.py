"""Tournaments in the states the site's writes need, built through the services, and the
URL arguments that reach each of their pages.

`open_tournament`: players entered, no numbers yet (adding, importing, numbering, pairing).
`paired_tournament`: four players paired, a score sheet on round 1 board 1 and an open draw
claim on it (results, sheets, claims, withdrawals).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from arbitration import services as arbitration_services
from arbitration.models import DrawClaim
from events.models import Event, Registration, Section
from prizes.models import Category, Prize
from tournaments import services
from tournaments.models import Entry, Game, Tournament
from tournaments.services import teams as team_services

# Two kings each way shuffling back and forth (64 squares): the starting position occurs for
# the third time after 4... , so a threefold-repetition claim on 4... holds.
REPEATING_SHEET = """[GameType "26"]
[FEN "W:WKe1:BKd8"]

1. e1-f2 d8-c7 2. f2-e1 c7-d8 3. e1-f2 d8-c7 4. f2-e1 c7-d8 *
"""

PLAYERS = ["Ana Conceição", "João Brandão", "Maria Araújo", "Pedro Gonçalves"]


@dataclass
class Scene:
    open: Tournament
    paired: Tournament
    other: Tournament
    game: Game
    claim: DrawClaim
    open_entry: Entry
    paired_entry: Entry
    league_open: Tournament | None = None  # team competition, teams entered (issue 16)
    league: Tournament | None = None  # team round robin generated
    # issue 17: an event whose sections are both tournaments (the open one takes registrations),
    # a registration waiting for the organisers, and a prize category of the paired tournament
    event: Event | None = None
    section: Section | None = None
    registration: Registration | None = None
    category: Category | None = None


def make_open_tournament(*, name: str, organiser=None, arbiters=(), players: int = 3):
    tournament = services.create_tournament(created_by=organiser, name=name, arbiters=arbiters)
    for player in PLAYERS[:players]:
        services.add_player(tournament, name=player)
    return tournament


def make_paired_tournament(*, name: str, organiser=None, arbiters=(), players: int = 4):
    tournament = make_open_tournament(name=name, organiser=organiser, arbiters=arbiters,
                                      players=players)
    numbers = {entry.pk: number for number, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    services.set_numbers(tournament, numbers)
    services.generate_rounds(tournament)
    return tournament


def first_game(tournament: Tournament) -> Game:
    return (Game.objects.of_tournament(tournament)
            .select_related("round__tournament", "white__player", "black__player")
            .order_by("round__number", "board").first())


def make_scene(*, organiser, arbiter, other_organiser=None, other_arbiter=None) -> Scene:
    open_ = make_open_tournament(name="Aberto de Campinas", organiser=organiser,
                                 arbiters=[arbiter])
    paired = make_paired_tournament(name="Aberto de Santos", organiser=organiser,
                                    arbiters=[arbiter])
    other = make_paired_tournament(
        name="Aberto de Recife", organiser=other_organiser,
        arbiters=[other_arbiter] if other_arbiter is not None else [], players=2)
    game = first_game(paired)
    arbitration_services.save_sheet(game, pdn=REPEATING_SHEET, notation="algebraic",
                                    expected_version=0)
    claim = arbitration_services.make_draw_claim(game, claimant=game.white, rule="threefold",
                                                 move="4...")
    return Scene(open=open_, paired=paired, other=other, game=game, claim=claim,
                 open_entry=open_.entries.order_by("pk").first(),
                 paired_entry=paired.entries.order_by("pk").last(),
                 league_open=make_league(name="Liga de Olinda", organiser=organiser,
                                         arbiters=[arbiter]),
                 league=make_league(name="Liga de Caruaru", organiser=organiser,
                                    arbiters=[arbiter], paired=True),
                 **make_event(organiser=organiser, open_=open_, paired=paired))


def make_event(*, organiser, open_: Tournament, paired: Tournament) -> dict:
    """An event of two sections (issue 17), a registration to decide, a prize category."""
    event = Event.objects.create(name="Brasileiro de Damas", slug="brasileiro-de-damas",
                                 place="Campinas", start_date=datetime.date(2026, 7, 1),
                                 end_date=datetime.date(2026, 7, 5))
    event.organisers.add(organiser)
    section = Section.objects.create(event=event, tournament=open_, registration_open=True)
    Section.objects.create(event=event, tournament=paired, order=2)
    registration = Registration.objects.create(
        section=section, name="Clara Nunes", birth_date=datetime.date(2011, 3, 9),
        club="Clube de Damas de Campinas", address="127.0.0.1")
    category = Category.objects.create(tournament=paired, name="Geral")
    Prize.objects.create(category=category, place=1, trophy="Troféu")
    return {"event": event, "section": section, "registration": registration,
            "category": category}


def make_league(*, name: str, organiser, arbiters, paired: bool = False) -> Tournament:
    """A team competition of three teams of 2 boards (issue 16), its rounds generated or not."""
    league = team_services.create_team_competition(created_by=organiser, name=name, boards=2,
                                                   arbiters=arbiters)
    for team_name in ("Clube A", "Clube B", "Clube C"):
        team = team_services.add_team(league, name=team_name)
        for index in range(1, 4):
            team_services.add_team_player(team, name=f"{team_name} {index}")
    if paired:
        team_services.generate_team_round_robin(league)
    return league


# Team routes (issue 16) reach the leagues; these before their rounds exist.
TEAM_ROUTES = {"teams", "team_settings", "add_team", "add_team_player", "team_generate_rounds",
               "team_standings", "team_crosstable", "board_prizes", "team_round", "team_slips",
               "team_start_round", "team", "lineup", "withdraw_team", "return_team"}
TEAM_BEFORE_PAIRING = {"team_settings", "add_team", "add_team_player", "team_generate_rounds"}


BEFORE_PAIRING = {"edit", "add_player", "import_players", "import_players_preview",
                  "remove_player", "draw_numbers",
                  "set_numbers", "generate_rounds"}


def url_arguments(scene: Scene, route_name: str, *, paired: bool | None = None) -> dict:
    """Values for a URL pattern's converters: the open tournament for the steps before pairing,
    the paired one (its first game, its claim, round 1) for the others; `paired` chooses.
    The event's pages take the event's slug (its registration, or its open section, as pk)."""
    namespace, short_name = route_name.split(":")
    if namespace == "events" and scene.event is not None:
        return {"slug": scene.event.slug,
                "pk": scene.section.pk
                if short_name in ("toggle_registration", "toggle_women_only")
                else scene.registration.pk}
    if namespace == "prizes" and scene.category is not None:
        return {"slug": (scene.open if paired is False else scene.paired).slug,
                "category_id": scene.category.pk}
    if short_name in TEAM_ROUTES and scene.league is not None:
        league = scene.league_open if short_name in TEAM_BEFORE_PAIRING else scene.league
        return {"slug": league.slug, "team_id": league.teams.order_by("pk").first().pk,
                "number": 1}
    if paired is None:
        paired = short_name not in BEFORE_PAIRING
    tournament = scene.paired if paired else scene.open
    return {
        "slug": tournament.slug,
        "entry_id": (scene.paired_entry if paired else scene.open_entry).pk,
        "game_id": scene.game.pk,
        "claim_id": scene.claim.pk,
        "number": 1,
        "round_number": 1,
        "pk": (scene.paired_entry if paired else scene.open_entry).player_id,  # a person (17)
        "match": 1,  # a micro-match of the round (issue 17)
        "board": 1,  # the Swiss pages (issue 14): a board of the round
        "pair_id": 1,  # a forbidden pair of a Swiss's pairing options (issue 27)
    }
