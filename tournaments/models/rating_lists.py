"""Rating lists as the federations publish them (issue 27): one list (its source, the date it
takes effect, the file it came from, who loaded it) and its rows, one per federation id.

The rows keep what the list says, whoever the registry knows: a player added later by his id
takes his name, club, rating and birth year from the list in force at the tournament's start
(tournaments/queries/rating_lists.py). A list loaded but not yet confirmed (`confirmed_at` empty)
waits for its preview and is in force nowhere.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.players import RATING_MAX


class RatingSource(models.TextChoices):
    CBD = "cbd", _("CBD (national)")
    FMJD = "fmjd", _("FMJD (international)")
    OTHER = "other", pgettext_lazy("rating list source", "other (national ids)")


# Which registry fields a list of each source matches and rates: the CBD's (and another
# national list's) ids are the registry's federation ids, the FMJD's its FMJD ids.
NATIONAL_SOURCES = (RatingSource.CBD, RatingSource.OTHER)
REGISTRY_FIELDS = {RatingSource.CBD: ("federation_id", "rating"),
                   RatingSource.OTHER: ("federation_id", "rating"),
                   RatingSource.FMJD: ("fmjd_id", "fmjd_rating")}


class RatingList(models.Model):
    """One published list; in force from its date until a later list of the same kind."""

    source = models.CharField(_("source"), max_length=8, choices=RatingSource.choices)
    date = models.DateField(_("date of the list"),
                            help_text=_("The day the list takes effect."))
    file_name = models.CharField(_("file name"), max_length=255, blank=True)
    loaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+",
                                  verbose_name=_("loaded by"))
    loaded_at = models.DateTimeField(_("loaded at"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    class Meta:
        ordering = ["-date", "-confirmed_at"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        indexes = [models.Index(fields=["source", "date"], name="rating_list_source_date")]

    def __str__(self) -> str:
        return f"{self.get_source_display()} {self.date:%d/%m/%Y}"

    @property
    def national(self) -> bool:
        return self.source in NATIONAL_SOURCES


class RatingListRow(models.Model):
    """One player as the list gives him."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="rows",
                                    verbose_name=_("rating list"))
    federation_id = models.CharField(_("federation id"), max_length=40)
    name = models.CharField(_("name"), max_length=200)
    federation = models.CharField(_("federation or club"), max_length=200, blank=True)
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True,
                                              validators=[MaxValueValidator(RATING_MAX)])
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    title = models.CharField(_("title or category"), max_length=20, blank=True)
    games = models.PositiveIntegerField(_("games"), null=True, blank=True)

    class Meta:
        ordering = ["rating_list", "federation_id"]
        verbose_name = _("rating list row")
        verbose_name_plural = _("rating list rows")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "federation_id"],
                                    name="rating_list_row_id_once"),
            models.CheckConstraint(condition=~models.Q(federation_id=""),
                                   name="rating_list_row_has_an_id"),
            models.CheckConstraint(
                condition=models.Q(rating__isnull=True) | models.Q(rating__lte=RATING_MAX),
                name="rating_list_row_rating_at_most_3000"),
        ]
        indexes = [models.Index(fields=["federation_id"], name="rating_list_row_id")]

    def __str__(self) -> str:
        return f"{self.federation_id} {self.name}"
