"""Entering an event's sections online (issue 17): no account, rate-limited per address,
nothing published until an organiser approves, which makes the entry in the section."""

from __future__ import annotations

import datetime
import re

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from events.models import Event, Registration, RegistrationSender, RegistrationStatus, Section
from tournaments import services
from tournaments.models import Entry, Sex

# At most this many forms from one address in the window: enough for a club entering its
# players, too few for a script filling the list.
MAX_PER_ADDRESS = 10
WINDOW = datetime.timedelta(hours=1)


class RegistrationForm(forms.ModelForm):
    section = forms.ModelChoiceField(
        queryset=Section.objects.none(), label=gettext_lazy("Section"),
        error_messages={"invalid_choice": gettext_lazy(
            "Registration for that section is closed: choose one of the open sections or ask "
            "the organisers.")})

    class Meta:
        model = Registration
        fields = ["section", "name", "sex", "birth_date", "club", "federation_id", "email",
                  "phone"]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "email": forms.EmailInput(attrs={"autocomplete": "email"}),
                   "phone": forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"})}

    def __init__(self, *args, event: Event, public: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.public = public
        sections = event.sections.select_related("tournament")
        # The public form offers the open sections only; the organisers may move a request to
        # any section of the event.
        self.fields["section"].queryset = (sections.filter(registration_open=True) if public
                                           else sections)
        self.fields["section"].label_from_instance = _section_label
        if public:
            self.fields["sex"].required = True

    def clean_name(self) -> str:
        """One space between words, so that "Ana  Souza" is the same person as "Ana Souza"."""
        return " ".join(self.cleaned_data["name"].split())

    def clean_birth_date(self) -> datetime.date:
        born = self.cleaned_data["birth_date"]
        if born > timezone.localdate():
            raise forms.ValidationError(_("The birth date cannot be in the future."))
        return born

    def clean_phone(self) -> str:
        phone = self.cleaned_data["phone"].strip()
        if phone and not (PHONE.fullmatch(phone)
                          and 8 <= sum(char.isdigit() for char in phone) <= 15):
            raise forms.ValidationError(_(
                "Write the phone with digits, and spaces, brackets, dashes or a leading +."))
        return phone

    def clean(self) -> dict:
        data = super().clean()
        section = data.get("section")
        if (section is not None and section.women_only and data.get("sex")
                and data["sex"] != Sex.FEMALE):
            self.add_error("sex", _("%(section)s is a women's section: only players who "
                                    "register as female may enter it.")
                           % {"section": section.tournament.name})
        if self.public and not data.get("email") and not data.get("phone") \
                and "email" not in self.errors and "phone" not in self.errors:
            self.add_error("email", _("Give an e-mail or a phone, so that the organisers can "
                                      "reach you."))
        if section is not None:
            self._refuse_a_second_request(section, data)
        return data

    def _refuse_a_second_request(self, section: Section, data: dict) -> None:
        """The same person (name and birth date, or federation id) once per section; the
        database's constraints say the same when two such forms arrive at once."""
        others = Registration.objects.filter(section=section).exclude(
            status=RegistrationStatus.REFUSED)
        if self.instance.pk:
            others = others.exclude(pk=self.instance.pk)
        name, born = data.get("name"), data.get("birth_date")
        if name and born and others.filter(name__iexact=name, birth_date=born).exists():
            raise forms.ValidationError(
                _("%(name)s, born on %(date)s, has already asked to enter %(section)s. To "
                  "change that request, write to the organisers.")
                % {"name": name, "date": date_format(born, "SHORT_DATE_FORMAT"),
                   "section": section.tournament.name}, code="repeated")
        federation_id = data.get("federation_id")
        if federation_id and others.filter(federation_id=federation_id).exists():
            raise forms.ValidationError(
                _("A request to enter %(section)s with federation id %(id)s exists already. "
                  "To change that request, write to the organisers.")
                % {"id": federation_id, "section": section.tournament.name}, code="repeated")


#: "+55 81 99999-0000", "(81) 99999-0000": digits (8 to 15 of them) and the usual separators.
PHONE = re.compile(r"\+?[0-9 ()\-]+")


def _section_label(section: Section) -> str:
    return section.tournament.name


def entered_message(name: str, sex: str, section: str) -> str:
    """"X is entered in S" agreeing with the person's sex where it is known (inscrito,
    inscrita), in words that need no agreement where it is not."""
    values = {"name": name, "section": section}
    if sex == Sex.FEMALE:
        return pgettext("said of a woman", "%(name)s is entered in %(section)s.") % values
    if sex == Sex.MALE:
        return pgettext("said of a man", "%(name)s is entered in %(section)s.") % values
    return _("The entry of %(name)s in %(section)s is confirmed.") % values


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
            "sex": registration.sex,
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
            federation_id=registration.federation_id, sex=registration.sex)
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
            "%(name)s's registration is approved already: to undo it, remove the player from "
            "the tournament's player list.") % {"name": registration.name})
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
