"""The organiser's forms for categories, prizes and the prize rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from prizes.models import Category, Prize, PrizePolicy
from tournaments.models import Tournament


class CategoryForm(forms.ModelForm):
    class Meta:
        model = Category
        fields = ["name", "kind", "age", "reference_date", "sex", "rating_min", "rating_max",
                  "players", "order"]
        widgets = {"reference_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "players": forms.CheckboxSelectMultiple}

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        self.fields["players"].queryset = tournament.entries.by_number()
        self.fields["players"].help_text = _("Only for a category that is a list of players.")


class PrizeForm(forms.ModelForm):
    class Meta:
        model = Prize
        fields = ["category", "place", "amount", "trophy"]

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].queryset = tournament.prize_categories.all()


class PolicyForm(forms.ModelForm):
    class Meta:
        model = PrizePolicy
        fields = ["one_prize_each", "share_money"]
