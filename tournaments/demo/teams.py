"""The demo's team league (issue 16): six club teams of a state league on 4 boards, a single
team round robin of 5 rounds, half played. Rounds 1 and 2 are over; in round 3 the line-ups
are in (one team fields a reserve and one is a player short, a forfeit on its last board) and
half the boards have a result. Loaded by load_demo."""

from __future__ import annotations

import datetime

from tournaments.models import Board, Game, TeamMatch, TimeControl, Tournament
from tournaments.services import teams as team_services

TEAM_DEMO_SLUG = "liga-pernambucana-de-damas-por-equipes-2026"

# (team, city, captain, roster: four regulars then reserves)
TEAMS = [
    ("Clube Recifense de Damas", "Recife", "Severino Araújo",
     ["Severino Araújo", "Gilvan Tenório", "Rosângela Cavalcanti", "Inácio Barbosa",
      "Lúcia Wanderley"]),
    ("Associação Olindense de Damas", "Olinda", "Marta Lins",
     ["Edvaldo Queiroz", "Marta Lins", "Josué Pessoa", "Fátima Arruda", "Joaquim Neves"]),
    ("Damas Clube de Caruaru", "Caruaru", "Genival Bezerra",
     ["Genival Bezerra", "Adélia Tavares", "Cícero Monteiro", "Socorro Galvão"]),
    ("Clube de Damas de Petrolina", "Petrolina", "Ivanildo Coelho",
     ["Ivanildo Coelho", "Renata Brito", "Damião Sampaio", "Conceição Ramos",
      "Otávio Leão"]),
    ("Grêmio Garanhuense de Damas", "Garanhuns", "Zélia Moura",
     ["Zélia Moura", "Amaro Figueiroa", "Luciene Macêdo", "Tibúrcio Rego"]),
    ("Clube Jaboatonense de Damas", "Jaboatão dos Guararapes", "Reginaldo Falcão",
     ["Reginaldo Falcão", "Noêmia Vasconcelos", "Hélio Aguiar", "Valdirene Sá",
      "Pedro Henrique Lacerda"]),
]

# Results of rounds 1 and 2, match by match, board by board, as White-Black results.
RESULTS = {
    1: [["1-0", "1/2-1/2", "0-1", "1-0"], ["1/2-1/2", "1/2-1/2", "1-0", "0-1"],
        ["0-1", "1-0", "1/2-1/2", "1/2-1/2"]],
    2: [["1-0", "0-1", "1-0", "1/2-1/2"], ["1/2-1/2", "1-0", "0-1", "0-1"],
        ["1-0", "1/2-1/2", "1/2-1/2", "1-0"]],
}


def load_team_demo(organiser, arbiter) -> Tournament:
    """The league, created once; loading again leaves it as it is."""
    existing = Tournament.objects.filter(slug=TEAM_DEMO_SLUG).first()
    if existing is not None:
        return existing
    league = team_services.create_team_competition(
        created_by=organiser, boards=4, name="Liga Pernambucana de Damas por Equipes 2026",
        slug=TEAM_DEMO_SLUG, place="Recife, PE", start_date=datetime.date(2026, 11, 21),
        end_date=datetime.date(2026, 11, 22), board=Board.BRAZILIAN,
        time_control=TimeControl.RAPID)
    league.arbiters.add(arbiter)
    for name, city, captain, roster in TEAMS:
        team = team_services.add_team(league, name=name, club=city, captain_name=captain)
        for player in roster:
            team_services.add_team_player(team, name=player, club=name)
    team_services.generate_team_round_robin(league)
    for number, matches in RESULTS.items():
        round_ = league.rounds.get(number=number)
        team_services.start_round(round_)
        for match, results in zip(round_.team_matches.filter(away__isnull=False)
                                  .order_by("table"), matches, strict=True):
            for board in match.boards.select_related("game").order_by("board"):
                Game.objects.filter(pk=board.game_id).update(result=results[board.board - 1])
    third = league.rounds.get(number=3)
    first, second = TeamMatch.objects.filter(round=third).order_by("table")[:2]
    home = team_services.roster(first.home)
    if len(home) > 4:  # a reserve plays board 4
        team_services.set_lineup(third, first.home, [e.pk for e in home[:3]] + [home[4].pk],
                                 user=arbiter)
    short = team_services.roster(second.away)
    team_services.set_lineup(third, second.away, [e.pk for e in short[:3]] + [None],
                             user=arbiter)
    team_services.start_round(third)
    for game in Game.objects.filter(round=third).order_by("board")[::2]:
        game.result = "1/2-1/2" if game.board % 4 == 1 else "1-0"
        game.save(update_fields=["result"])
    return league
