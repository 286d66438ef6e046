"""Event pages under /eventos/: public, read-only; events are set up in the admin."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from events.models import Event
from events.registration_views import can_manage_event
from events.summary import summarise
from tournaments.pages.permissions import can_create_tournament


def event_list(request):
    return render(request, "events/event_list.html", {
        "events": Event.objects.all(), "can_create": can_create_tournament(request.user)})


def event_detail(request, slug: str):
    """The event's sections, each with its leaders and the round in play."""
    event = get_object_or_404(Event, slug=slug)
    sections = [summarise(section.tournament)
                for section in event.sections.select_related("tournament")]
    return render(request, "events/event_detail.html", {
        "event": event, "sections": sections,
        "can_manage": can_manage_event(request.user, event)})
