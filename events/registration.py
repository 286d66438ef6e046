"""Entering an event's sections online (issue 17): no account, rate-limited per address,
nothing published until an organiser approves, which makes the entry in the section."""

from __future__ import annotations

import datetime

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.models import Entry

from .models import Event, Registration, RegistrationSender, RegistrationStatus, Section

# At most this many forms from one address in the window: enough for a club entering its
# players, too few for a script filling the list.
MAX_PER_ADDRESS = 10
WINDOW = datetime.timedelta(hours=1)


class RegistrationForm(forms.ModelForm):
    section = forms.ModelChoiceField(queryset=Section.objects.none(),
                                     label=gettext_lazy("section"))

    class Meta:
        model = Registration
        fields = ["section", "name", "birth_date", "club", "federation_id"]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, event: Event, public: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.public = public
        self.fields["section"].queryset = event.sections.select_related("tournament")
        self.fields["section"].label_from_instance = lambda section: section.tournament.name

    def clean_section(self) -> Section:
        section = self.cleaned_data["section"]
        if self.public and not section.registration_open:
            raise forms.ValidationError(_(
                "Registration for %(section)s is closed: choose an open section or ask the "
                "organisers.") % {"section": section.tournament.name})
        return section

    def clean_birth_date(self) -> datetime.date:
        born = self.cleaned_data["birth_date"]
        if born > timezone.localdate():
            raise forms.ValidationError(_("The birth date cannot be in the future."))
        return born


def too_many_from(address: str) -> bool:
    """The per-address counter, kept in the database with the registrations themselves."""
    since = timezone.now() - WINDOW
    return Registration.objects.filter(address=address, created__gte=since).count() \
        >= MAX_PER_ADDRESS


class TooManyRegistrations(Exception):
    """The address has sent MAX_PER_ADDRESS forms within WINDOW already."""


@transaction.atomic
def save_within_limit(registration: Registration, address: str) -> Registration:
    """Count the address's recent forms and insert this one as one step (issue 29).

    Counting, then inserting, let 20 simultaneous forms from one address read the same count
    and 11 got in. The address's RegistrationSender row is locked first (SELECT ... FOR UPDATE
    on PostgreSQL; on SQLite every transaction here starts as the one writer), so the next
    form from the address counts only after this one is saved or given up.
    """
    RegistrationSender.objects.bulk_create([RegistrationSender(address=address)],
                                           ignore_conflicts=True)
    RegistrationSender.objects.select_for_update().get(address=address)
    if too_many_from(address):
        raise TooManyRegistrations(address)
    registration.address = address
    registration.save()
    return registration


class RegistrationError(Exception):
    """An approval the tournament refuses (paired already, the person already entered...)."""


#: The audit log's actions (arbitration.models.Action) for an organiser's decision.
APPROVED = "registration-approved"
REFUSED = "registration-refused"
EDITED = "registration-edited"


def registration_state(registration: Registration) -> dict:
    """A registration as the audit log keeps it, before or after a decision."""
    return {"name": registration.name,
            "birth_date": registration.birth_date.isoformat() if registration.birth_date else "",
            "club": registration.club, "federation_id": registration.federation_id,
            "section": registration.section.tournament.name,
            "status": str(registration.status)}


def _locked(registration: Registration) -> Registration:
    return Registration.objects.select_for_update().select_related(
        "section__tournament").get(pk=registration.pk)


def _audit(registration: Registration, action: str, before: dict, user) -> None:
    """Logged in the section's tournament, in the transaction of the decision (the
    tournaments app announces it; arbitration records it: events never imports it)."""
    services.announce(registration.section.tournament, action, user=user, before=before,
                      after=registration_state(registration))


@transaction.atomic
def approve(registration: Registration, *, user=None) -> Entry:
    """Enter the registrant in the section's tournament as a person of the registry."""
    registration = _locked(registration)
    if registration.status == RegistrationStatus.APPROVED and registration.entry_id:
        return registration.entry
    before = registration_state(registration)
    try:
        entry, _match = services.enter_person(
            registration.section.tournament, name=registration.name,
            birth_date=registration.birth_date, club=registration.club,
            federation_id=registration.federation_id)
    except services.TournamentError as error:
        raise RegistrationError(str(error)) from error
    registration.status = RegistrationStatus.APPROVED
    registration.entry = entry
    registration.save(update_fields=["status", "entry"])
    _audit(registration, APPROVED, before, user)
    return entry


@transaction.atomic
def refuse(registration: Registration, *, user=None) -> None:
    registration = _locked(registration)
    if registration.status == RegistrationStatus.APPROVED:
        raise RegistrationError(_(
            "%(name)s is already entered: remove him from the tournament's player list instead."
        ) % {"name": registration.name})
    if registration.status == RegistrationStatus.REFUSED:
        return  # a second click: already refused, nothing new to log
    before = registration_state(registration)
    registration.status = RegistrationStatus.REFUSED
    registration.save(update_fields=["status"])
    _audit(registration, REFUSED, before, user)


@transaction.atomic
def edit(form: RegistrationForm, *, user=None) -> Registration:
    """Save an organiser's corrections to a registration not yet approved, logged before/after
    (in the new section's tournament when the section changed)."""
    registration = _locked(form.instance)
    if registration.status == RegistrationStatus.APPROVED:
        raise RegistrationError(_("An approved registration is an entry now: edit the player "
                                  "in the tournament."))
    before = registration_state(registration)
    saved = form.save()
    saved.refresh_from_db()
    if registration_state(saved) != before:
        _audit(saved, EDITED, before, user)
    return saved
