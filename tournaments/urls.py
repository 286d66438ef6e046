from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("<slug:slug>/", views.tournament_detail, name="detail"),
]
