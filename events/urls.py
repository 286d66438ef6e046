"""Event pages under /eventos/ (namespace "events"), with Portuguese paths."""

from django.urls import path

from . import registration_views, views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<slug:slug>/", views.event_detail, name="detail"),
    path("<slug:slug>/inscricao/", registration_views.register, name="register"),
    path("<slug:slug>/inscritos/", registration_views.confirmed, name="confirmed"),
    path("<slug:slug>/inscricoes/", registration_views.registrations, name="registrations"),
    path("<slug:slug>/inscricoes/<int:pk>/", registration_views.decide, name="decide"),
]
