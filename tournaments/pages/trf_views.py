"""TRF files on the site (issue 25): a tournament from another program's file, with the
import's readings said on the page, and the TRF download the rating office and chess-results
read (the same text as `manage.py import_trf` and `export_trf`)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from rules.textfile import TextDecodingError, decode_text
from tournaments.files.swiss_trf import TrfImportError, import_trf
from tournaments.files.team_trf import TeamTrfError, team_trf
from tournaments.files.team_trf_import import import_team_trf, is_team_file
from tournaments.models import Tournament
from tournaments.pages.permissions import (
    can_arbitrate,
    can_create_tournament,
    refuse,
    tournament_role_required,
)
from tournaments.pairing.swiss.trf import TrfError
from tournaments.queries.swiss_micro import TRF_REFUSAL
from tournaments.queries.swiss_trf import export_trf_text
from tournaments.rules_messages import text_decoding_problem
from tournaments.services import TournamentError
from tournaments.services.teams import is_team_event


class TrfUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("TRF file"),
        help_text=gettext_lazy("A FIDE tournament report (TRF-16 or TRF-2026) from "
                               "Swiss-Manager, lichess, JaVaFo, bbpPairings or this site."),
        widget=forms.ClearableFileInput(attrs={"accept": ".trf,.txt,text/plain"}),
    )

    def clean_file(self):
        """Too large a file is refused here, before it is read whole."""
        upload = self.cleaned_data["file"]
        limit = settings.FILE_UPLOAD_MAX_MEMORY_SIZE
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is too large (%(size)s): at most %(limit)s can be imported at once.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)})
        return upload


def import_trf_page(request: HttpRequest) -> HttpResponse:
    """Upload a TRF file: a new tournament, each unusual entry's reading said on its page."""
    if not can_create_tournament(request.user):
        return refuse(request)
    form = TrfUploadForm(request.POST or None, request.FILES or None)
    problem = ""
    if request.method == "POST" and form.is_valid():
        try:
            text = decode_text(form.cleaned_data["file"].read()).text
            if is_team_file(text):  # TRF-2026 team records: a team competition
                tournament, notes = import_team_trf(text, created_by=request.user), []
            else:
                imported = import_trf(text, created_by=request.user)
                tournament, notes = imported.tournament, imported.notes
        except TextDecodingError as error:
            problem = text_decoding_problem(error)
        except (TrfError, TrfImportError, TeamTrfError, TournamentError) as error:
            problem = str(error)
        else:
            messages.success(request, _("Tournament imported from the TRF file."))
            for note in notes:
                messages.warning(request, note)
            return redirect(tournament)
    return render(request, "tournaments/trf_import.html", {"form": form, "problem": problem},
                  status=400 if problem else 200)


@require_safe
@never_cache
@tournament_role_required(can_arbitrate)
def download_trf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The TRF file (complete rounds) as an attachment; officials only: it has birth dates."""
    if is_team_event(tournament):
        text = team_trf(tournament)
    elif tournament.micro_match:
        messages.error(request, str(TRF_REFUSAL))
        return redirect(tournament)
    else:
        text = export_trf_text(tournament)
    response = HttpResponse(text.encode("utf-8"), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response
