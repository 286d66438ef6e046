"""Top-level URL map: each app keeps its own urls.py under a namespace."""

from django.contrib import admin
from django.urls import include, path

from config.accounts import RateLimitedPasswordResetView
from config.login_limit import RateLimitedLoginView, limit_admin_login
from tournaments.views import home

# Both sign-in pages count failed attempts and answer 429 when locked (config/login_limit.py).
limit_admin_login(admin.site)

# A lock error raised outside a view (config/lock_errors.py) is a 409, not a 500.
handler500 = "config.lock_errors.server_error"
# A refused request says why when Django knows it (a form over the size limit).
handler400 = "config.bad_request.bad_request"

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("contas/login/", RateLimitedLoginView.as_view(), name="login"),
    path("contas/password_reset/", RateLimitedPasswordResetView.as_view(),
         name="password_reset"),
    path("contas/", include("django.contrib.auth.urls")),
    path("torneios/<slug:slug>/pdf/", include("tournaments.printing.urls")),
    path("torneios/", include("tournaments.urls")),
    path("arbitragem/", include("arbitration.urls")),
]
