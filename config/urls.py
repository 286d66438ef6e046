"""Top-level URL map: each app keeps its own urls.py under a namespace."""

from django.contrib import admin
from django.urls import include, path

from tournaments.views import home

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("contas/", include("django.contrib.auth.urls")),
    path("torneios/<slug:slug>/pdf/", include("tournaments.printing.urls")),
    path("torneios/", include("tournaments.urls")),
    path("arbitragem/", include("arbitration.urls")),
]
