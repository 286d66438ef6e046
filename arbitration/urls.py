"""Arbitration pages under /arbitragem/ (namespace "arbitration"), with Portuguese paths."""

from django.urls import path

from arbitration import views
from arbitration.views import pdn as pdn_views

app_name = "arbitration"

urlpatterns = [
    path("<slug:slug>/", views.desk, name="desk"),
    path("<slug:slug>/rodada/<int:number>/", views.round_desk, name="round"),
    path("<slug:slug>/historico/", views.tournament_log, name="log"),
    path("<slug:slug>/equipe/", views.officials, name="officials"),
    path("<slug:slug>/equipe/adicionar/", views.official_add, name="official_add"),
    path("<slug:slug>/equipe/remover/", views.official_remove, name="official_remove"),
    path("<slug:slug>/partida/<int:game_id>/", views.game_detail, name="game"),
    path("<slug:slug>/partida/<int:game_id>/lances/", views.viewer, name="viewer"),
    path("<slug:slug>/partida/<int:game_id>/sumula/", views.sheet_edit, name="sheet"),
    path("<slug:slug>/partida/<int:game_id>/sumula/lance/", views.sheet_move, name="sheet_move"),
    path("<slug:slug>/partida/<int:game_id>/sumula/desfazer/", views.sheet_undo,
         name="sheet_undo"),
    path("<slug:slug>/partida/<int:game_id>/sumula.pdn", views.sheet_download,
         name="sheet_download"),
    path("<slug:slug>/partida/<int:game_id>/empate/", views.draw_claim_new, name="draw_claim_new"),
    path("<slug:slug>/partida/<int:game_id>/irregularidade/", views.irregularity_new,
         name="irregularity_new"),
    path("<slug:slug>/reclamacao/<int:claim_id>/", views.draw_claim_detail, name="draw_claim"),
    path("<slug:slug>/reclamacao/<int:claim_id>/decidir/", views.draw_claim_decide,
         name="draw_claim_decide"),
    # Issue 8: every game as one PDN file (public), and score sheets imported from one.
    path("<slug:slug>/partidas.pdn", pdn_views.tournament_pdn, name="tournament_pdn"),
    path("<slug:slug>/importar-pdn/", pdn_views.pdn_import, name="pdn_import"),
    path("<slug:slug>/importar-pdn/conferir/", pdn_views.pdn_import_preview,
         name="pdn_import_preview"),
]
