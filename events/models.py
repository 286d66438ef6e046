"""An event (a championship) and its sections, each section one tournament (issue 17).

A tournament knows nothing of events: it keeps working alone, and a section only points at it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Sex, Tournament


class Event(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    place = models.CharField(pgettext_lazy("where it is played", "place"), max_length=200,
                             blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), blank=True,
        related_name="organised_events",
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("arbiters"), blank=True,
        related_name="arbitrated_events",
        help_text=_("They arbitrate every section of the event."),
    )

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="event_has_a_name"),
            models.CheckConstraint(
                condition=models.Q(end_date__isnull=True)
                | models.Q(start_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="event_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", args=[self.slug])

    def clean(self) -> None:
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError({"end_date": _("The event cannot end before it starts.")})


class Section(models.Model):
    """One tournament of an event (Absoluto, Feminino, Sub-14...), with its own settings."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="sections", verbose_name=_("event")
    )
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="event_section",
        verbose_name=_("tournament"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    registration_open = models.BooleanField(
        _("registration open"), default=False,
        help_text=_("Players may ask to enter this section on the event's public form."),
    )
    women_only = models.BooleanField(
        _("women's section"), default=False,
        help_text=_("Only players who register as female may enter it."),
    )

    class Meta:
        ordering = ["event", "order", "tournament__name"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return f"{self.event} · {self.tournament}"


class RegistrationStatus(models.TextChoices):
    PENDING = "pending", _("waiting for the organisers")
    APPROVED = "approved", _("confirmed")
    REFUSED = "refused", _("refused")


class Registration(models.Model):
    """A request to enter a section, sent without an account; published only once approved,
    when it becomes an entry of the section's tournament."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="registrations",
                                verbose_name=_("section"))
    name = models.CharField(_("name"), max_length=200)
    birth_date = models.DateField(_("birth date"))
    club = models.CharField(_("club or federation"), max_length=200, blank=True)
    federation_id = models.CharField(_("federation id"), max_length=40, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    # The contact is for the organisers only: no public page shows it (issue 25).
    email = models.EmailField(_("e-mail"), blank=True,
                              help_text=_("Seen by the organisers only."))
    phone = models.CharField(_("phone"), max_length=30, blank=True,
                             help_text=_("Seen by the organisers only."))
    status = models.CharField(_("status"), max_length=10, choices=RegistrationStatus.choices,
                              default=RegistrationStatus.PENDING)
    entry = models.OneToOneField(
        "tournaments.Entry", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="registration", verbose_name=_("entry"),
    )
    address = models.CharField(_("address"), max_length=45, blank=True,
                               help_text=_("Where the form was sent from, for the rate limit."))
    created = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        ordering = ["section", "name"]
        verbose_name = pgettext_lazy("a request to enter", "registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="registration_has_a_name"),
            models.CheckConstraint(
                condition=models.Q(status__in=RegistrationStatus.values),
                name="registration_status_known",
            ),
            models.CheckConstraint(condition=models.Q(sex__in=["", *Sex.values]),
                                   name="registration_sex_known"),
            # One request per person and section, unless a refused one (issue 25).
            models.UniqueConstraint(
                Lower("name"), "birth_date", "section",
                condition=~models.Q(status=RegistrationStatus.REFUSED),
                name="registration_person_once_per_section",
                violation_error_message=_(
                    "This person (same name and birth date) has already asked to enter this "
                    "section."),
            ),
            models.UniqueConstraint(
                "federation_id", "section",
                condition=~models.Q(status=RegistrationStatus.REFUSED)
                & ~models.Q(federation_id=""),
                name="registration_federation_id_once_per_section",
                violation_error_message=_(
                    "This federation id has already asked to enter this section."),
            ),
        ]
        indexes = [models.Index(fields=["address", "created"])]

    def __str__(self) -> str:
        return f"{self.name} · {self.section}"


class RegistrationSender(models.Model):
    """An address the public form was sent from (issue 29).

    Its row is the lock of the hourly limit: the count of the address's registrations and the
    insert of a new one happen while it is held, so simultaneous forms from one address queue
    instead of all reading the same count.
    """

    address = models.CharField(_("address"), max_length=45, unique=True)

    class Meta:
        verbose_name = _("registration sender")
        verbose_name_plural = _("registration senders")

    def __str__(self) -> str:
        return self.address
