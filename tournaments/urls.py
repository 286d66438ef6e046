"""Tournament pages under /torneios/ (namespace "tournaments"), with Portuguese paths."""

from django.urls import path

from . import backup_download, live, swiss_views, views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("novo/", views.tournament_create, name="create"),
    path("<slug:slug>/", views.tournament_detail, name="detail"),
    path("<slug:slug>/editar/", views.tournament_edit, name="edit"),
    path("<slug:slug>/rodadas/", views.rounds_overview, name="rounds"),
    path("<slug:slug>/rodada/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/rodada/<int:number>/ao-vivo/", live.round_updates, name="round_live"),
    path("<slug:slug>/classificacao/", views.standings, name="standings"),
    path("<slug:slug>/classificacao/ao-vivo/<int:number>/", live.standings_updates,
         name="standings_live"),
    path("<slug:slug>/tabela/", views.crosstable, name="crosstable"),
    path("<slug:slug>/jogador/<int:entry_id>/", views.player_detail, name="player"),
    path("<slug:slug>/jogadores/novo/", views.add_player, name="add_player"),
    path("<slug:slug>/jogadores/importar/", views.import_players, name="import_players"),
    path("<slug:slug>/jogador/<int:entry_id>/remover/", views.remove_player,
         name="remove_player"),
    path("<slug:slug>/jogador/<int:entry_id>/desistencia/", views.withdraw_player,
         name="withdraw"),
    path("<slug:slug>/numeros/sorteio/", views.draw_numbers, name="draw_numbers"),
    path("<slug:slug>/numeros/", views.set_numbers, name="set_numbers"),
    path("<slug:slug>/gerar-rodadas/", views.generate_rounds, name="generate_rounds"),
    path("<slug:slug>/partida/<int:game_id>/", views.game_result, name="game_result"),
    path("<slug:slug>/suico/", swiss_views.swiss_desk, name="swiss"),
    path("<slug:slug>/suico/emparceirar/", swiss_views.swiss_pair, name="swiss_pair"),
    path("<slug:slug>/suico/ranking/", swiss_views.swiss_rank, name="swiss_rank"),
    path("<slug:slug>/suico/folga/", swiss_views.swiss_absence, name="swiss_absence"),
    path("<slug:slug>/suico/folga/<int:absence_id>/cancelar/", swiss_views.swiss_cancel_absence,
         name="swiss_cancel_absence"),
    path("<slug:slug>/suico/volta/<int:entry_id>/", swiss_views.swiss_come_back,
         name="swiss_come_back"),
    path("<slug:slug>/suico/inscricao-tardia/", swiss_views.swiss_late_entry,
         name="swiss_late_entry"),
    path("<slug:slug>/suico/rodada/<int:number>/reemparceirar/", swiss_views.swiss_repair,
         name="swiss_repair"),
    path("<slug:slug>/suico/rodada/<int:number>/publicar/", swiss_views.swiss_publish,
         name="swiss_publish"),
    path("<slug:slug>/suico/rodada/<int:number>/trocar-cores/<int:board>/",
         swiss_views.swiss_swap, name="swiss_swap"),
    path("<slug:slug>/suico/rodada/<int:number>/trocar-adversarios/",
         swiss_views.swiss_exchange, name="swiss_exchange"),
    path("<slug:slug>/copia-de-seguranca/", backup_download.download_backup, name="backup"),
]
