"""Forms of the arbiter's Swiss page: bye requests, late entries, exchanges of opponents."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import AbsenceKind, Entry


class AbsenceForm(forms.Form):
    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    kind = forms.ChoiceField(label=_("Kind"), choices=AbsenceKind.choices)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = tournament.entries.by_number()
        self.fields["round_number"].max_value = tournament.swiss_rounds


class LateEntryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    club = forms.CharField(label=_("Club or federation"), max_length=200, required=False)
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=32767, required=False)
    federation_id = forms.CharField(label=_("Federation id"), max_length=40, required=False)


class ExchangeForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Exchanges places with"))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = tournament.entries.by_number()
