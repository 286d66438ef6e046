"""The public registration form and list of an event, and the organisers' approval page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.login_limit import client_address
from tournaments.permissions import refuse as refuse_access

from . import registration as regs
from .models import Event, Registration, RegistrationStatus


def can_manage_event(user, event: Event) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or event.organisers.filter(pk=user.pk).exists()


def register(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    open_sections = event.sections.filter(registration_open=True)
    form = regs.RegistrationForm(request.POST or None, event=event)
    if request.method == "POST":
        address = client_address(request)
        limited = {"event": event, "form": form, "open_sections": open_sections, "limited": True}
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
            except regs.TooManyRegistrations:
                return render(request, "events/register.html", limited, status=429)
            else:
                return render(request, "events/registered.html",
                              {"event": event, "registration": registration})
    return render(request, "events/register.html",
                  {"event": event, "form": form, "open_sections": open_sections},
                  status=400 if form.errors else 200)


def confirmed(request, slug: str):
    """Approved registrations only: nothing is published before an organiser approves it."""
    event = get_object_or_404(Event, slug=slug)
    registrations = (Registration.objects.filter(section__event=event,
                                                 status=RegistrationStatus.APPROVED)
                     .select_related("section__tournament").order_by("section__order", "name"))
    return render(request, "events/confirmed.html",
                  {"event": event, "registrations": registrations})


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
            messages.success(request, _("%(name)s is entered in %(section)s.") % {
                "name": registration.name, "section": registration.section.tournament.name})
        else:
            regs.refuse(registration, user=request.user)
            messages.success(request, _("Registration of %(name)s refused.")
                             % {"name": registration.name})
    except regs.RegistrationError as error:
        messages.error(request, str(error))
    return redirect("events:registrations", event.slug)
