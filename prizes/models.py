"""Categories of a tournament and their prizes, as the event's regulation sets them (issue 17)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.models import RATING_MAX, Entry, Sex, Tournament


class Kind(models.TextChoices):
    ALL = "all", _("every player (overall)")
    UNDER = "under", _("age under N on the reference date (Sub-N)")
    OVER = "over", _("age N or more on the reference date (Sênior N+)")
    SEX = "sex", pgettext_lazy("category kind", "sex")
    RATING = "rating", _("rating band")
    LIST = "list", _("a list of players")


class Category(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prize_categories",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.ALL)
    age = models.PositiveSmallIntegerField(_("age"), null=True, blank=True)
    reference_date = models.DateField(
        _("reference date"), null=True, blank=True,
        help_text=_("Ages are counted on this day (often 1 January of the event's year)."),
    )
    sex = models.CharField(pgettext_lazy("category kind", "sex"), max_length=1,
                           choices=Sex.choices, blank=True)
    rating_min = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    players = models.ManyToManyField(Entry, verbose_name=_("players"), blank=True,
                                     related_name="prize_categories")
    order = models.PositiveSmallIntegerField(
        _("order"), default=1, help_text=_("Between prizes of equal value, the lower order wins."),
    )

    class Meta:
        ordering = ["tournament", "order", "pk"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"],
                                    name="category_name_unique_per_tournament"),
            models.CheckConstraint(condition=~models.Q(name=""), name="category_has_a_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def describe(self) -> str:
        """Who the category takes, in words with its own numbers ("under 14 on the reference
        date, 01/01/2026"), not the kind's template with N in it (issue 25)."""
        day = date_format(self.reference_date, "SHORT_DATE_FORMAT") if self.reference_date else ""
        if self.kind == Kind.UNDER and self.age is not None:
            return gettext("under %(age)d on the reference date, %(date)s") % {
                "age": self.age, "date": day}
        if self.kind == Kind.OVER and self.age is not None:
            return gettext("%(age)d or older on the reference date, %(date)s") % {
                "age": self.age, "date": day}
        if self.kind == Kind.SEX and self.sex:
            return (pgettext("category of", "women") if self.sex == Sex.FEMALE
                    else pgettext("category of", "men"))
        if self.kind == Kind.RATING:
            low, high = self.rating_min, self.rating_max
            if low is not None and high is not None:
                return gettext("rating from %(low)d to %(high)d") % {"low": low, "high": high}
            if low is not None:
                return gettext("rating %(low)d or more") % {"low": low}
            if high is not None:
                return gettext("rating up to %(high)d") % {"high": high}
        if self.kind == Kind.LIST:
            return gettext("players chosen by the organisers")
        return gettext("every player")

    def clean(self) -> None:
        """Each kind needs its own criterion; name the missing or wrong field."""
        errors = {}
        if self.kind in (Kind.UNDER, Kind.OVER):
            if self.age is None:
                errors["age"] = _("An age category needs the age.")
            if self.reference_date is None:
                errors["reference_date"] = _("An age category needs the reference date.")
        if self.kind == Kind.SEX and not self.sex:
            errors["sex"] = _("A category by sex needs the sex.")
        if self.kind == Kind.RATING:
            low, high = self.rating_min, self.rating_max
            for field, value in (("rating_min", low), ("rating_max", high)):
                if value is not None and value > RATING_MAX:
                    errors[field] = _("A rating is a whole number from 0 to 3000.")
            if low is None and high is None:
                errors["rating_min"] = _("A rating band needs a lowest or a highest rating.")
            elif low is not None and high is not None and low > high:
                errors["rating_max"] = _("The highest rating is below the lowest.")
        if errors:
            raise ValidationError(errors)


class Prize(models.Model):
    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="prizes",
                                 verbose_name=_("category"))
    place = models.PositiveSmallIntegerField(pgettext_lazy("prize position", "place"))
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2, null=True,
                                 blank=True)
    trophy = models.CharField(_("trophy"), max_length=120, blank=True,
                              help_text=_("A trophy, medal or other prize in kind."))

    class Meta:
        ordering = ["category", "place"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.UniqueConstraint(fields=["category", "place"],
                                    name="prize_place_unique_per_category"),
            models.CheckConstraint(condition=models.Q(place__gte=1), name="prize_place_positive"),
            models.CheckConstraint(condition=models.Q(amount__isnull=True)
                                   | models.Q(amount__gte=0), name="prize_amount_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.category} {self.place}"

    def clean(self) -> None:
        if self.amount is None and not self.trophy:
            raise ValidationError({"amount": _("A prize needs an amount or a trophy.")})


class PrizePolicy(models.Model):
    """The regulation's rules for awarding; without a row, the defaults hold."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="prize_policy", verbose_name=_("tournament"))
    one_prize_each = models.BooleanField(
        _("one prize per player"), default=True,
        help_text=_("A player entitled to several prizes receives the higher one only."),
    )
    share_money = models.BooleanField(
        _("share money between tied players"), default=False,
        help_text=_("Players level on points and every tie-break split their prizes' amounts."),
    )

    class Meta:
        verbose_name = _("prize rules")
        verbose_name_plural = _("prize rules")

    def __str__(self) -> str:
        return str(self.tournament)
