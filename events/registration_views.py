"""The public registration form and list of an event, and the organisers' approval page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.login_limit import client_address
from events import registration as regs
from events.models import Event, Registration, RegistrationStatus
from tournaments.models import Entry
from tournaments.pages.permissions import refuse as refuse_access


def can_manage_event(user, event: Event) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or event.organisers.filter(pk=user.pk).exists()


def register(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    sections = event.sections.select_related("tournament")
    open_sections = [section for section in sections if section.registration_open]
    closed_sections = [section for section in sections if not section.registration_open]
    form = regs.RegistrationForm(request.POST or None, event=event)
    if request.method == "POST":
        address = client_address(request)
        limited = {"event": event, "form": form, "open_sections": open_sections,
                   "closed_sections": closed_sections, "limited": True}
        if regs.too_many_from(address):  # spares checking a form that cannot be saved
            return render(request, "events/register.html", limited, status=429)
        if form.is_valid():
            registration = form.save(commit=False)
            registration.address = address
            try:
                registration.full_clean()
                regs.save_within_limit(registration, address)
            except ValidationError as error:
                form.add_error(None, error)
            except IntegrityError:  # the same person's form, sent at the same instant
                form.add_error(None, _("This person has already asked to enter this section."))
            except regs.TooManyRegistrations:
                return render(request, "events/register.html", limited, status=429)
            else:
                return render(request, "events/registered.html",
                              {"event": event, "registration": registration})
    return render(request, "events/register.html",
                  {"event": event, "form": form, "open_sections": open_sections,
                   "closed_sections": closed_sections},
                  status=400 if form.errors else 200)


def confirmed(request, slug: str):
    """The players entered in each section, however they were entered (the form, the
    organisers' list, an import), and how many requests still wait: the names of requests
    are published only once an organiser approves them, and contacts never."""
    event = get_object_or_404(Event, slug=slug)
    sections = list(event.sections.select_related("tournament"))
    entries = (Entry.objects.filter(tournament__event_section__event=event, withdrawn=False)
               .select_related("player").order_by("player__name"))
    by_tournament: dict[int, list[Entry]] = {}
    for entry in entries:
        by_tournament.setdefault(entry.tournament_id, []).append(entry)
    pending = dict(Registration.objects.filter(section__event=event,
                                               status=RegistrationStatus.PENDING)
                   .values_list("section").annotate(Count("pk")))
    rows = [(section, by_tournament.get(section.tournament_id, []), pending.get(section.pk, 0))
            for section in sections]
    return render(request, "events/confirmed.html", {"event": event, "rows": rows})


def registrations(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    editing = None
    if request.method == "POST":
        editing = _chosen(event, request.POST.get("registration", ""))
        if editing is None:
            messages.error(request, _("Nothing was saved: choose a registration of this event "
                                      "to edit."))
            return redirect("events:registrations", event.slug)
        form = regs.RegistrationForm(request.POST, instance=editing, event=event, public=False,
                                     prefix=f"r{editing.pk}")
        if form.is_valid():
            try:
                saved = regs.edit(form, user=request.user)
            except regs.RegistrationError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("Registration of %(name)s saved.")
                                 % {"name": saved.name})
                return redirect("events:registrations", event.slug)
        elif editing.status == RegistrationStatus.APPROVED:
            form.add_error(None, _("An approved registration is an entry now: edit the player "
                                   "in the tournament."))
    rows = [(registration, regs.RegistrationForm(instance=registration, event=event,
                                                 public=False, prefix=f"r{registration.pk}")
             if registration != editing else form)
            for registration in Registration.objects.filter(section__event=event)
            .select_related("section__tournament").order_by("status", "created")]
    return render(request, "events/registrations.html", {"event": event, "rows": rows},
                  status=400 if editing else 200)


def _chosen(event: Event, value: str) -> Registration | None:
    """The registration a form names (its hidden field), or None if it names none of the
    event's (missing, not a number, too long to be one, another event's)."""
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        return None
    return Registration.objects.filter(section__event=event, pk=int(value)).first()


@require_POST
def decide(request, slug: str, pk: int):
    event = get_object_or_404(Event, slug=slug)
    if not can_manage_event(request.user, event):
        return refuse_access(request)
    registration = get_object_or_404(Registration, section__event=event, pk=pk)
    try:
        if request.POST.get("decision") == "approve":
            regs.approve(registration, user=request.user)
            messages.success(request, regs.entered_message(
                registration.name, registration.sex, registration.section.tournament.name))
        else:
            regs.refuse(registration, user=request.user)
            messages.success(request, _("Registration of %(name)s refused.")
                             % {"name": registration.name})
    except regs.RegistrationError as error:
        messages.error(request, str(error))
    return redirect("events:registrations", event.slug)
