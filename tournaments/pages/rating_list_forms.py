"""The rating list's upload form (issue 27): which federation published it, its date, the file."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from tournaments.models import RatingSource

# A federation's whole list is larger than a tournament's player file: a few MB at most.
MAX_LIST_BYTES = 8 * 1024 * 1024


class RatingListForm(forms.Form):
    source = forms.ChoiceField(label=_("Published by"), choices=RatingSource.choices,
                               initial=RatingSource.CBD)
    date = forms.DateField(label=_("Date of the list"),
                           help_text=_("The day it takes effect: tournaments starting on or "
                                       "after it are rated by it."),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    file = forms.FileField(
        label=_("Rating list file"),
        help_text=_("A spreadsheet (.xlsx, .ods), a CSV, or a text separated by ; or tab or "
                    "in fixed-width columns, with a header row. Nothing is saved before you "
                    "confirm the preview."),
        widget=forms.ClearableFileInput(attrs={
            "accept": ".csv,.txt,.xlsx,.ods,text/csv,text/plain,"
                      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,"
                      "application/vnd.oasis.opendocument.spreadsheet"}))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = max(MAX_LIST_BYTES, settings.FILE_UPLOAD_MAX_MEMORY_SIZE)
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is too large (%(size)s): a rating list takes at most %(limit)s.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)})
        return upload


class ConfirmListForm(forms.Form):
    digest = forms.CharField(widget=forms.HiddenInput)
