"""Organisers create and edit events and choose their sections (no admin needed)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from events.forms import EventForm, SectionForm
from events.models import Event, Section
from events.registration_views import can_manage_event
from tournaments.pages.permissions import can_create_tournament
from tournaments.pages.permissions import refuse as refuse_access


def unique_event_slug(name: str) -> str:
    base = slugify(name)[:70] or "evento"
    slug, counter = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, counter = f"{base}-{counter}", counter + 1
    return slug


def event_create(request):
    if not can_create_tournament(request.user):
        return refuse_access(request)
    return _edit(request, None)


def event_edit(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    return _edit(request, event)


def _edit(request, event: Event | None):
    form = EventForm(request.POST or None, instance=event)
    section_form = SectionForm(user=request.user) if event else None
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            saved = form.save(commit=False)
            if not saved.slug:
                saved.slug = unique_event_slug(saved.name)
            saved.save()
            organisers = form.cleaned_data["organiser_names"]
            if event is None and request.user not in organisers:
                organisers.append(request.user)
            saved.organisers.set(organisers)
            saved.arbiters.set(form.cleaned_data["arbiter_names"])
        messages.success(request, _("Event saved."))
        return redirect("events:edit", saved.slug)
    return render(request, "events/event_form.html",
                  {"form": form, "event": event, "section_form": section_form,
                   "sections": event.sections.select_related("tournament") if event else []},
                  status=400 if form.errors else 200)


@require_POST
def add_section(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    form = SectionForm(request.POST, user=request.user)
    if form.is_valid():
        Section.objects.create(event=event, tournament=form.cleaned_data["tournament"],
                               order=event.sections.count() + 1,
                               women_only=form.cleaned_data["women_only"])
        messages.success(request, _("Section added."))
    else:
        messages.error(request, _("Choose a tournament you organise that is in no event yet."))
    return redirect("events:edit", event.slug)


@require_POST
def toggle_registration(request, slug: str, pk: int):
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    section = get_object_or_404(Section, event=event, pk=pk)
    section.registration_open = not section.registration_open
    section.save(update_fields=["registration_open"])
    messages.success(request, (_("Registration opened for %(section)s.")
                               if section.registration_open
                               else _("Registration closed for %(section)s."))
                     % {"section": section.tournament.name})
    return redirect("events:edit", event.slug)


@require_POST
def toggle_women_only(request, slug: str, pk: int):
    """Mark a section as the women's section or not: the registration form then takes only
    registrations of sex F for it (issue 25)."""
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    section = get_object_or_404(Section, event=event, pk=pk)
    section.women_only = not section.women_only
    section.save(update_fields=["women_only"])
    messages.success(request, (_("%(section)s is now the women's section.")
                               if section.women_only
                               else _("%(section)s is now open to every player."))
                     % {"section": section.tournament.name})
    return redirect("events:edit", event.slug)
