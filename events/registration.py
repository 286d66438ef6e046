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

from .models import Event, Registration, RegistrationStatus, Section

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


class RegistrationError(Exception):
    """An approval the tournament refuses (paired already, the person already entered...)."""


@transaction.atomic
def approve(registration: Registration) -> Entry:
    """Enter the registrant in the section's tournament as a person of the registry."""
    if registration.status == RegistrationStatus.APPROVED and registration.entry_id:
        return registration.entry
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
    return entry


def refuse(registration: Registration) -> None:
    if registration.status == RegistrationStatus.APPROVED:
        raise RegistrationError(_(
            "%(name)s is already entered: remove him from the tournament's player list instead."
        ) % {"name": registration.name})
    registration.status = RegistrationStatus.REFUSED
    registration.save(update_fields=["status"])
