"""People as stored: the player registry (one record per person) and a player's entry in one
tournament, with his pairing number.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.collation import fold
from tournaments.models.tournament import Tournament

# Ratings the federations publish fit here; a figure outside is a typing error (issue 17).
RATING_MAX = 3000
RATING_OUT_OF_RANGE = _("A rating is a whole number from 0 to 3000.")


class Sex(models.TextChoices):
    MALE = "M", pgettext_lazy("sex", "male")
    FEMALE = "F", pgettext_lazy("sex", "female")


class Player(models.Model):
    """A person, one record however many tournaments he plays (issue 17: the player registry)."""

    name = models.CharField(_("name"), max_length=200)
    # The name with accents and case folded (collation.fold), kept by save(): the order people
    # read, the same on SQLite and PostgreSQL (issue 12).
    sort_name = models.CharField(_("name for sorting"), max_length=200, editable=False,
                                 blank=True, db_index=True)
    club = models.CharField(_("club or federation"), max_length=200, blank=True)
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, validators=[MaxValueValidator(RATING_MAX)],
        help_text=_("National (CBD) rating."),
    )
    federation_id = models.CharField(
        _("federation id"), max_length=40, blank=True, help_text=_("National (CBD) id.")
    )
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True,
        help_text=_("When only the year is known; filled from the birth date otherwise."),
    )
    state = models.CharField(_("state"), max_length=40, blank=True)
    fmjd_id = models.CharField(_("FMJD id"), max_length=40, blank=True)
    fmjd_rating = models.PositiveSmallIntegerField(
        _("FMJD rating"), null=True, blank=True, validators=[MaxValueValidator(RATING_MAX)]
    )
    # What a starting list prints beside the name (issue 27): an FMJD title (GMI, MI, MF...) or
    # a national one, as the federation's list writes it.
    title = models.CharField(_("title"), max_length=20, blank=True,
                             help_text=_("FMJD or national title, as the federation writes it: "
                                         "GMI, MI, MF…"))

    class Meta:
        ordering = ["sort_name", "name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="player_has_a_name"),
            models.UniqueConstraint(
                fields=["federation_id"], condition=~models.Q(federation_id=""),
                name="player_federation_id_unique",
            ),
            models.UniqueConstraint(
                fields=["fmjd_id"], condition=~models.Q(fmjd_id=""),
                name="player_fmjd_id_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(rating__isnull=True) | models.Q(rating__lte=RATING_MAX),
                name="player_rating_at_most_3000",
            ),
            models.CheckConstraint(
                condition=models.Q(fmjd_rating__isnull=True)
                | models.Q(fmjd_rating__lte=RATING_MAX),
                name="player_fmjd_rating_at_most_3000",
            ),
            models.CheckConstraint(
                condition=models.Q(sex__in=["", *Sex.values]), name="player_sex_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.derive()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = update_fields = {*update_fields, "sort_name"}
        if update_fields is not None and "birth_date" in update_fields:
            kwargs["update_fields"] = {*update_fields, "birth_year"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:person", args=[self.pk])

    def clean(self) -> None:
        """Name the field at fault: a birth in the future, a year that contradicts the date."""
        from django.utils import timezone

        errors = {}
        today = timezone.localdate()
        if self.birth_date and self.birth_date > today:
            errors["birth_date"] = _("The birth date cannot be in the future.")
        elif self.birth_date and self.birth_year and self.birth_year != self.birth_date.year:
            errors["birth_year"] = _("The birth year differs from the birth date's year.")
        elif self.birth_year and not 1900 <= self.birth_year <= today.year:
            errors["birth_year"] = _("The birth year must be between 1900 and this year.")
        for field in ("rating", "fmjd_rating"):
            value = getattr(self, field)
            if value is not None and not 0 <= value <= RATING_MAX:
                errors[field] = RATING_OUT_OF_RANGE
        if errors:
            raise ValidationError(errors)

    def born_in(self) -> int | None:
        return self.birth_date.year if self.birth_date else self.birth_year

    def derive(self) -> None:
        """The fields save() keeps from the others; a bulk write, which skips save(), calls it."""
        self.sort_name = fold(self.name)
        if self.birth_date:
            self.birth_year = self.birth_date.year


class EntryQuerySet(models.QuerySet):
    def by_number(self) -> EntryQuerySet:
        return self.select_related("player").order_by(
            models.F("number").asc(nulls_last=True), "player__sort_name", "player__name"
        )


class Entry(models.Model):
    """A player's place in one tournament, with his pairing number once drawn or set."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    first_round = models.PositiveSmallIntegerField(
        _("first round"), default=1,
        help_text=_("Swiss: a late entry is paired from this round on (C.04.2)."),
    )
    # What the withdrawal changed, so it can be undone: [{"game": id, "before": result,
    # "after": result}] for each game it turned into a forfeit.
    withdrawal_games = models.JSONField(_("games the withdrawal changed"), default=list,
                                        blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_player_once_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"], name="entry_number_unique_per_tournament"
            ),
            models.CheckConstraint(
                condition=models.Q(number__isnull=True) | models.Q(number__gte=1),
                name="entry_number_positive",
            ),
        ]

    def __str__(self) -> str:
        if self.number is None:
            return self.player.name
        return f"{self.number}. {self.player.name}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:player", args=[self.tournament.slug, self.pk])

    def clean(self) -> None:
        """The admin's entry form: say it, where the database would only refuse the row."""
        if self.number is not None and self.number < 1:
            raise ValidationError({"number": _("Pairing numbers start at 1.")})
