"""Tournament pages under /torneios/ (namespace "tournaments"), with Portuguese paths.

The public pages are served through page_cache: stored per tournament version for visitors
without a session, with ETag and Cache-Control (issue 15).
"""

from django.urls import path

from . import (
    backup_download,
    live,
    micro_match_views,
    person_views,
    rating_views,
    team_views,
    views,
)
from .page_cache import site_page, tournament_page

app_name = "tournaments"

urlpatterns = [
    path("", site_page(views.tournament_list), name="list"),
    path("novo/", views.tournament_create, name="create"),
    path("pessoa/<int:pk>/", person_views.person_detail, name="person"),
    path("<slug:slug>/", tournament_page(views.tournament_detail), name="detail"),
    path("<slug:slug>/editar/", views.tournament_edit, name="edit"),
    path("<slug:slug>/rodadas/", views.rounds_overview, name="rounds"),
    path("<slug:slug>/rodada/<int:number>/", tournament_page(views.round_detail), name="round"),
    path("<slug:slug>/rodada/<int:number>/ao-vivo/", live.round_updates, name="round_live"),
    path("<slug:slug>/rodada/<int:number>/resultados/", views.round_results,
         name="round_results"),
    path("<slug:slug>/classificacao/", tournament_page(views.standings), name="standings"),
    path("<slug:slug>/classificacao/ao-vivo/<int:number>/", live.standings_updates,
         name="standings_live"),
    path("<slug:slug>/tabela/", tournament_page(views.crosstable), name="crosstable"),
    path("<slug:slug>/rating/", rating_views.rating_report_page, name="rating_report"),
    path("<slug:slug>/jogador/<int:entry_id>/", tournament_page(views.player_detail),
         name="player"),
    path("<slug:slug>/jogadores/novo/", views.add_player, name="add_player"),
    path("<slug:slug>/jogadores/importar/", views.import_players, name="import_players"),
    path("<slug:slug>/jogador/<int:entry_id>/remover/", views.remove_player,
         name="remove_player"),
    path("<slug:slug>/jogador/<int:entry_id>/desistencia/", views.withdraw_player,
         name="withdraw"),
    path("<slug:slug>/jogador/<int:entry_id>/desfazer-desistencia/", views.undo_withdrawal,
         name="undo_withdrawal"),
    path("<slug:slug>/numeros/sorteio/", views.draw_numbers, name="draw_numbers"),
    path("<slug:slug>/numeros/", views.set_numbers, name="set_numbers"),
    path("<slug:slug>/gerar-rodadas/", views.generate_rounds, name="generate_rounds"),
    path("<slug:slug>/partida/<int:game_id>/", views.game_result, name="game_result"),
    path("<slug:slug>/rodada/<int:number>/micro/<int:match>/",
         micro_match_views.micro_match_result, name="micro_match"),
    path("<slug:slug>/copia-de-seguranca/", backup_download.download_backup, name="backup"),
    # team competitions (issue 16)
    path("<slug:slug>/equipes/", team_views.teams_page, name="teams"),
    path("<slug:slug>/equipes/configurar/", team_views.team_settings, name="team_settings"),
    path("<slug:slug>/equipes/nova/", team_views.add_team, name="add_team"),
    path("<slug:slug>/equipe/<int:team_id>/jogadores/novo/", team_views.add_team_player,
         name="add_team_player"),
    path("<slug:slug>/equipes/gerar-rodadas/", team_views.generate_rounds,
         name="team_generate_rounds"),
    path("<slug:slug>/equipes/classificacao/", team_views.team_standings,
         name="team_standings"),
    path("<slug:slug>/equipes/tabela/", team_views.team_crosstable, name="team_crosstable"),
    path("<slug:slug>/equipes/premios-por-tabuleiro/", team_views.board_prizes,
         name="board_prizes"),
    path("<slug:slug>/equipes/rodada/<int:number>/", team_views.team_round, name="team_round"),
    path("<slug:slug>/equipes/rodada/<int:number>/sumulas.pdf", team_views.match_slips,
         name="team_slips"),
    path("<slug:slug>/equipes/rodada/<int:number>/iniciar/", team_views.start_round,
         name="team_start_round"),
    path("<slug:slug>/equipe/<int:team_id>/", team_views.team_detail, name="team"),
    path("<slug:slug>/equipe/<int:team_id>/rodada/<int:number>/escalacao/", team_views.lineup,
         name="lineup"),
]
