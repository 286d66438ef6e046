"""Download links of the printed documents, mounted at /torneios/<slug>/pdf/ (namespace
"printing"); Portuguese paths like the rest of the site."""

from django.urls import path

from tournaments.cache.pages import tournament_page
from tournaments.printing import views

app_name = "printing"

urlpatterns = [
    path("tabela.pdf", views.crosstable, name="crosstable"),
    path("tabela-por-classificacao.pdf", views.crosstable_by_rank, name="crosstable_by_rank"),
    path("classificacao.pdf", views.standings, name="standings"),
    path("emparceiramentos.pdf", views.all_pairings, name="all_pairings"),
    path("planilhas.pdf", views.scoresheets, name="scoresheets"),
    path("rodada/<int:round_number>/emparceiramentos.pdf", views.pairings, name="pairings"),
    path("rodada/<int:round_number>/sumulas.pdf", views.slips, name="slips"),
    path("rodada/<int:round_number>/planilhas.pdf", views.scoresheets,
         name="round_scoresheets"),
    # The lists a hall pins up (issue 27), stored per version like the public pages
    path("lista-inicial.pdf", tournament_page(views.starting_list), name="starting_list"),
    path("rodada/<int:round_number>/lista-alfabetica.pdf", tournament_page(views.alphabetical_list),
         name="alphabetical_list"),
    path("rodada/<int:round_number>/cartoes.pdf", tournament_page(views.pairing_cards),
         name="pairing_cards"),
    path("rodada/<int:round_number>/classificacao.pdf", tournament_page(views.rank_after_round),
         name="rank_after_round"),
]
