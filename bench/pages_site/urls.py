"""The site's URLs plus a bare view: HttpResponse("ok") through the same middleware."""

from django.http import HttpResponse
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


def bare(request):
    return HttpResponse("ok")


urlpatterns = [path("bench-bare/", bare), *site_urlpatterns]
