"""Download links of the printed documents, mounted at /torneios/<slug>/pdf/ (namespace
"printing"); Portuguese paths like the rest of the site."""

from django.urls import path

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
]
