"""The demo's rating list and a finished tournament it rates (issue 27), so the rating report and
the season's rating report show figures on a fresh `make run`.

The list is a small CBD list dated 1 September 2026, before every demo tournament starts, read
from the CBD's layout and confirmed through the same preview an organiser confirms; its ratings
are the registry's for the round robin's players, so confirming it changes no rating. The
finished tournament is a six-player round robin of October 2026 (K 20), five of its players on
the list and one without a rating, with a forfeit: the season report for 2026 rates it.
"""

from __future__ import annotations

import datetime

from tournaments import services
from tournaments.files.rating_list import parse_rating_list
from tournaments.models import Board, Game, RatingList, RatingSource, TimeControl, Tournament
from tournaments.services import rating_lists

DEMO_LIST_FILE = "rating-cbd-2026-09-demo.csv"
DEMO_LIST_DATE = datetime.date(2026, 9, 1)
CUP_SLUG = "copa-primavera-de-damas-campinas-2026"
CUP_SEED = 20261010

# As the CBD publishes it: names in capitals without accents, the state federation, no club.
DEMO_LIST = """ID CBD;Nome;Federação;Rating;Categoria;Ano de nascimento
CBD-09873;ANTONIO MARCIO ARAUJO;FPED;2212;M;1975
CBD-10021;JOAO GONCALVES DA SILVA;FPD;2105;M;1979
CBD-10110;SEBASTIAO CONCEICAO JUNIOR;FBD;2040;A;1988
CBD-10458;MARIA APARECIDA CONCEICAO;FPD;1987;A;1992
CBD-10777;JOSE INACIO LOBO;FGD;1932;A;1969
CBD-10989;TANIA REGINA MAGALHAES;FDERJ;1921;A;1995
CBD-11204;LUIZA FERNANDES BRANDAO;FMD;1876;B;2001
CBD-11532;BEATRIZ SIMOES GUIMARAES;FPRD;1810;B;2006
CBD-11840;RODRIGO PAIVA CAMARGO;FPD;1768;B;2004
CBD-12015;HELENA DUTRA BARCELOS;FGD;1702;C;2010
"""

# (name, club, rating, CBD id): five of the list and a newcomer without a rating.
CUP_PLAYERS = [
    ("João Gonçalves da Silva", "Clube de Damas de São Paulo", 2105, "CBD-10021"),
    ("Maria Aparecida Conceição", "Associação Campineira de Damas", 1987, "CBD-10458"),
    ("Tânia Regina Magalhães", "Clube Carioca de Damas", 1921, "CBD-10989"),
    ("Luíza Fernandes Brandão", "Federação Mineira de Damas", 1876, "CBD-11204"),
    ("Beatriz Simões Guimarães", "Damas Clube Curitiba", 1810, "CBD-11532"),
    ("Pedro Henrique Sales", "Associação Campineira de Damas", None, ""),
]
# Rounds 1-5 of the Berger table, board by board: every game played, one forfeit.
CUP_RESULTS = {
    1: ["1-0", "1/2-1/2", "0-1"],
    2: ["1/2-1/2", "1-0", "1-0"],
    3: ["0-1", "1/2-1/2", "+-"],
    4: ["1-0", "0-1", "1/2-1/2"],
    5: ["1/2-1/2", "1-0", "0-1"],
}


def load_rating_list(organiser) -> RatingList:
    """Read, preview and confirm the demo's CBD list (once)."""
    loaded = RatingList.objects.filter(file_name=DEMO_LIST_FILE,
                                       confirmed_at__isnull=False).first()
    if loaded is not None:
        return loaded
    parsed = parse_rating_list(DEMO_LIST.encode("utf-8"), DEMO_LIST_FILE)
    pending = rating_lists.stage_list(source=RatingSource.CBD, date=DEMO_LIST_DATE,
                                      file_name=DEMO_LIST_FILE, rows=parsed.rows,
                                      user=organiser)
    rating_lists.confirm_list(pending, rating_lists.plan_list(pending).digest, user=organiser)
    pending.refresh_from_db()
    return pending


def load_cup(organiser, arbiter) -> Tournament:
    """Create (once) and play out the finished round robin the season report rates."""
    cup = Tournament.objects.filter(slug=CUP_SLUG).first()
    if cup is not None:
        return cup
    cup = services.create_tournament(
        name="Copa Primavera de Damas de Campinas 2026", slug=CUP_SLUG, place="Campinas, SP",
        start_date=datetime.date(2026, 10, 10), end_date=datetime.date(2026, 10, 10),
        board=Board.BRAZILIAN, time_control=TimeControl.RAPID, created_by=organiser,
        arbiters=[arbiter])
    for name, club, rating, federation_id in CUP_PLAYERS:
        services.add_player(cup, name=name, club=club, rating=rating,
                            federation_id=federation_id, user=organiser)
    services.draw_numbers(cup, seed=CUP_SEED, user=organiser)
    services.generate_rounds(cup, user=organiser)
    for game in (Game.objects.of_tournament(cup).select_related("round")
                 .order_by("round__number", "board")):
        services.record_result(game, result=CUP_RESULTS[game.round.number][game.board - 1],
                               expected_version=game.version, user=arbiter)
    cup.refresh_from_db()
    return cup
