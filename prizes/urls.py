"""Prize pages, mounted at /torneios/<slug>/premios/ (namespace "prizes")."""

from django.urls import path

from prizes import views

app_name = "prizes"

urlpatterns = [
    path("", views.prize_list, name="list"),
    path("categorias/", views.manage, name="manage"),
    path("categoria/<int:category_id>/", views.category_standings, name="category"),
    path("categoria/<int:category_id>/remover/", views.delete_category, name="delete_category"),
]
