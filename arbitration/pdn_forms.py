"""Forms of the tournament-wide PDN import (issue 8): the upload, and the preview's ticks.

The preview form is built from an ImportPlan: one box per score sheet that can be imported
(another, unticked, box when it would replace a sheet) and one per result the file gives.
Nothing is ticked that would overwrite what the game already has.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from arbitration.services.pdn_import import ImportChoice, ImportPlan, ImportRow
from arbitration.services.pdn_reading import decode_pdn
from rules.textfile import TextDecodingError
from tournaments.rules_messages import encoding_note, text_decoding_problem


class PdnUploadForm(forms.Form):
    upload = forms.FileField(
        label=_("PDN file"),
        widget=forms.ClearableFileInput(attrs={"accept": ".pdn,.txt,text/plain"}),
        help_text=_("A file with several games. Each is matched to a pairing by its Round tag "
                    "and its White and Black players."),
    )

    def clean_upload(self) -> str:
        upload = self.cleaned_data["upload"]
        limit = settings.FILE_UPLOAD_MAX_MEMORY_SIZE
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is too large (%(size)s): at most %(limit)s can be imported at once. "
                  "Split it into several files.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)}
            )
        self.filename = upload.name
        try:
            decoded = decode_pdn(upload.read())
        except TextDecodingError as error:
            raise forms.ValidationError(text_decoding_problem(error)) from error
        self.encoding_note = encoding_note(decoded)
        text = decoded.text
        if not text.strip():
            raise forms.ValidationError(_("The file is empty."))
        return text


class PdnConfirmForm(forms.Form):
    """The preview's ticks; `cleaned_data["choices"]` is what `import_games` carries out."""

    preview = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, plan: ImportPlan, **kwargs):
        super().__init__(*args, **kwargs)
        self.plan = plan
        for row in plan.rows:
            number = row.number
            if row.can_import_sheet and row.sheet is None:
                self.fields[f"sheet_{number}"] = forms.BooleanField(
                    label=_("Import this score sheet"), required=False, initial=True)
            elif row.can_import_sheet:
                self.fields[f"replace_{number}"] = forms.BooleanField(
                    label=_("Replace the game's score sheet with this one"), required=False,
                    initial=False)
            if row.can_set_result:
                self.fields[f"result_{number}"] = forms.BooleanField(
                    label=_("Also set the result to %(result)s")
                    % {"result": row.offered_result_label},
                    required=False, initial=not row.result_differs)

    def _bound(self, name: str):
        return self[name] if name in self.fields else None

    def rows(self) -> list[dict[str, object]]:
        """Each game of the file with its boxes, for the template."""
        return [{"row": row,
                 "sheet_field": self._bound(f"sheet_{row.number}")
                 or self._bound(f"replace_{row.number}"),
                 "result_field": self._bound(f"result_{row.number}")}
                for row in self.plan.rows]

    def _choice(self, row: ImportRow) -> ImportChoice | None:
        data = self.cleaned_data
        new = bool(data.get(f"sheet_{row.number}"))
        replace = bool(data.get(f"replace_{row.number}"))
        result = bool(data.get(f"result_{row.number}"))
        if not (new or replace or result):
            return None
        return ImportChoice(
            number=row.number, sheet=new or replace, replace=replace, result=result,
            sheet_version=row.sheet_version,
            game_version=row.game.version if row.game is not None else 1)

    def clean(self):
        cleaned = super().clean()
        choices = [choice for row in self.plan.rows if (choice := self._choice(row))]
        if not choices:
            raise forms.ValidationError(
                _("Tick at least one score sheet or result to import."), code="nothing")
        cleaned["choices"] = choices
        return cleaned
