"""Top-level URL map: each app keeps its own urls.py under a namespace."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from config.accounts import RateLimitedPasswordResetView
from config.login_limit import RateLimitedLoginView, limit_admin_login
from tournaments.cache.pages import site_page
from tournaments.pages.publishing_api import receive as receive_publication
from tournaments.pages.tournament_views import home

# Both sign-in pages count failed attempts and answer 429 when locked (config/login_limit.py).
limit_admin_login(admin.site)

# A lock error raised outside a view (config/lock_errors.py) is a 409, not a 500.
handler500 = "config.lock_errors.server_error"
# A refused request says why when Django knows it (a form over the size limit).
handler400 = "config.bad_request.bad_request"

urlpatterns = [
    path("", site_page(home), name="home"),
    path("admin/", admin.site.urls),
    # The venue publishes its copy of a tournament here (issue 27, tournaments/files/publishing.py).
    path("api/publicar/<slug:slug>/", receive_publication, name="publish_api"),
    # The language switch is on every page, public ones included, which proxies may share between
    # visitors (issue 15): a per-visitor CSRF token would make every page private. Choosing a
    # language only sets a cookie the visitor can change back on the next page, so it is exempt.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("contas/login/", RateLimitedLoginView.as_view(), name="login"),
    path("contas/password_reset/", RateLimitedPasswordResetView.as_view(),
         name="password_reset"),
    path("contas/", include("django.contrib.auth.urls")),
    path("torneios/<slug:slug>/pdf/", include("tournaments.printing.urls")),
    path("torneios/<slug:slug>/premios/", include("prizes.urls")),
    path("torneios/", include("tournaments.urls")),
    path("arbitragem/", include("arbitration.urls")),
    path("eventos/", include("events.urls")),
]
