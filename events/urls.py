"""Event pages under /eventos/ (namespace "events"), with Portuguese paths."""

from django.urls import path

from events import manage_views, registration_views, views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("novo/", manage_views.event_create, name="create"),
    path("<slug:slug>/editar/", manage_views.event_edit, name="edit"),
    path("<slug:slug>/secoes/", manage_views.add_section, name="add_section"),
    path("<slug:slug>/secoes/<int:pk>/inscricoes/", manage_views.toggle_registration,
         name="toggle_registration"),
    path("<slug:slug>/secoes/<int:pk>/feminina/", manage_views.toggle_women_only,
         name="toggle_women_only"),
    path("<slug:slug>/", views.event_detail, name="detail"),
    path("<slug:slug>/inscricao/", registration_views.register, name="register"),
    path("<slug:slug>/inscritos/", registration_views.confirmed, name="confirmed"),
    path("<slug:slug>/inscricoes/", registration_views.registrations, name="registrations"),
    path("<slug:slug>/inscricoes/<int:pk>/", registration_views.decide, name="decide"),
]
