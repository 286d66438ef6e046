"""An event (a championship) and its sections, each section one tournament (issue 17).

A tournament knows nothing of events: it keeps working alone, and a section only points at it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class Event(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    place = models.CharField(_("place"), max_length=200, blank=True)
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

    class Meta:
        ordering = ["event", "order", "tournament__name"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return f"{self.event} · {self.tournament}"
