"""Tournament facts as stored. Computation (pairing, standings) lives in plain modules."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Board(models.IntegerChoices):
    BRAZILIAN = 64, _("64 squares (Brazilian)")
    INTERNATIONAL = 100, _("100 squares (international)")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    place = models.CharField(_("place"), max_length=200, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    board = models.PositiveSmallIntegerField(
        _("board"), choices=Board.choices, default=Board.BRAZILIAN
    )

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__isnull=True)
                | models.Q(start_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.slug])
