"""The organisers' forms for an event: its facts and officials, and its sections."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from events.models import Event
from tournaments.models import Tournament


def users_named(raw: str, field_label: str):
    """Users from comma-separated user names; an unknown one is named in the error."""
    names = [name.strip() for name in raw.split(",") if name.strip()]
    users = list(get_user_model().objects.filter(username__in=names))
    unknown = sorted(set(names) - {user.get_username() for user in users})
    if unknown:
        raise forms.ValidationError(_("No user is called %(names)s.") % {
            "names": ", ".join(unknown)})
    return users


class EventForm(forms.ModelForm):
    organiser_names = forms.CharField(
        label=gettext_lazy("Organisers"), required=False, max_length=1000,
        help_text=gettext_lazy("User names, separated by commas."))
    arbiter_names = forms.CharField(
        label=gettext_lazy("Arbiters"), required=False, max_length=1000,
        help_text=gettext_lazy("User names, separated by commas: they arbitrate every section."))

    class Meta:
        model = Event
        fields = ["name", "place", "start_date", "end_date"]
        widgets = {"start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            for field, relation in (("organiser_names", "organisers"),
                                    ("arbiter_names", "arbiters")):
                self.initial[field] = ", ".join(
                    getattr(self.instance, relation).values_list("username", flat=True))

    def clean_organiser_names(self):
        return users_named(self.cleaned_data["organiser_names"], "organisers")

    def clean_arbiter_names(self):
        return users_named(self.cleaned_data["arbiter_names"], "arbiters")


class SectionForm(forms.Form):
    tournament = forms.ModelChoiceField(queryset=Tournament.objects.none(),
                                        label=gettext_lazy("Tournament"))
    women_only = forms.BooleanField(
        label=gettext_lazy("Women's section"), required=False,
        help_text=gettext_lazy("Only players who register as female may enter it."))

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = Tournament.objects.managed_by(user).filter(
            event_section__isnull=True)
