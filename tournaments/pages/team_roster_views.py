"""The team desk's roster import (issue 27): a league's rosters from one file, its preview, its
confirmation, and a template to fill in. The competition's organisers only, before the rounds are
generated (the page says why once they are).

The file's rows wait in the session between the upload and the confirmation, as the player
import's do (player_views.import_players): at most spreadsheets.MAX_ROWS rows of short strings.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.files import roster_import
from tournaments.files.import_problems import CsvImportError
from tournaments.files.roster_list import TEMPLATE_HEADER, RosterRow, parse_rosters_file
from tournaments.files.roster_template import TEMPLATE_NAME, template_file
from tournaments.models import Tournament
from tournaments.pages.forms import CsvImportForm
from tournaments.pages.permissions import can_manage, tournament_role_required
from tournaments.pages.team_views import team_context, team_tournament
from tournaments.services import teams as team_services


class RosterImportForm(CsvImportForm):
    """The player import's file field (its size checked the same way), named for rosters."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].label = gettext_lazy("Roster file (CSV, Excel or LibreOffice)")
        self.fields["file"].help_text = gettext_lazy(
            "One row per player: equipe, ordem, nome and, if you have them, clube, id federação, "
            "rating, nascimento (or team, order, name, club, federation id, rating, birth "
            "date). Nothing is saved before you confirm the preview.")


class ConfirmForm(forms.Form):
    digest = forms.CharField(widget=forms.HiddenInput)


def _key(tournament: Tournament) -> str:
    return f"roster-import-{tournament.pk}"


def _locked_reason(tournament: Tournament) -> str:
    if tournament.rounds.exists():
        return _("The rounds are already generated: the rosters are fixed, and a file can no "
                 "longer add teams or players. Rosters are imported before the first round.")
    return ""


@tournament_role_required(can_manage)
def import_rosters(request, tournament: Tournament):
    """Send the file; a readable one goes on to the preview, nothing is saved."""
    tournament = team_tournament(tournament.slug)  # 404 unless a team competition
    locked = _locked_reason(tournament)
    form = RosterImportForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    status = 200
    if request.method == "POST" and locked:
        messages.error(request, locked)
        status = 409
    elif request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = parse_rosters_file(upload.read(), upload.name)
        except CsvImportError as error:
            problems = [str(problem) for problem in error.problems]
            messages.error(request, _("The file was refused and nothing was saved."))
            status = 400
        else:
            request.session[_key(tournament)] = {
                "rows": [row.as_json() for row in parsed.rows], "filename": upload.name,
                "sheet": parsed.sheet, "note": parsed.note}
            return redirect("tournaments:import_rosters_preview", tournament.slug)
    context = team_context(request, tournament, form=form, problems=problems, locked=locked,
                           template_header=";".join(TEMPLATE_HEADER))
    return render(request, "tournaments/teams/roster_import.html", context, status=status)


def _pending(request, tournament: Tournament) -> tuple[dict, list[RosterRow]] | None:
    stored = request.session.get(_key(tournament))
    try:
        return stored, [RosterRow.from_json(data) for data in stored["rows"]]
    except (TypeError, KeyError, ValueError):  # nothing pending, or kept by an older version
        request.session.pop(_key(tournament), None)
        return None


@tournament_role_required(can_manage)
def import_rosters_preview(request, tournament: Tournament):
    """Row by row: the team created or found, the player new or found, his order, or why the
    row is refused; POST confirms (only when nothing is refused) or cancels."""
    tournament = team_tournament(tournament.slug)  # 404 unless a team competition
    pending = _pending(request, tournament)
    if pending is None:
        messages.info(request, _("No roster import is pending: send the file."))
        return redirect("tournaments:import_rosters", tournament.slug)
    if request.method == "POST" and "cancel" in request.POST:
        request.session.pop(_key(tournament), None)
        messages.info(request, _("Roster import cancelled: nothing was saved."))
        return redirect("tournaments:teams", tournament.slug)
    stored, rows = pending
    plan = roster_import.plan_rosters(tournament, rows)
    locked = _locked_reason(tournament)
    form = ConfirmForm(request.POST or None, initial={"digest": plan.digest})
    status = 200
    if request.method == "POST":
        if locked:
            messages.error(request, locked)
            status = 409
        elif not form.is_valid() or form.cleaned_data["digest"] != plan.digest:
            messages.warning(request, _(
                "The registry or the competition changed since you saw the preview: check it "
                "again, then confirm."))
            form, status = ConfirmForm(initial={"digest": plan.digest}), 409
        else:
            try:
                saved = roster_import.carry_out(tournament, plan, user=request.user)
            except team_services.TournamentError as error:
                messages.error(request, str(error))
                status = 400
            else:
                request.session.pop(_key(tournament), None)
                messages.success(request, ngettext(
                    "Rosters imported: %(count)d player placed.",
                    "Rosters imported: %(count)d players placed.",
                    len(plan.places)) % {"count": len(plan.places)})
                if saved.teams_created:
                    messages.info(request, _("New teams: %(names)s.") % {
                        "names": ", ".join(saved.teams_created)})
                return redirect("tournaments:teams", tournament.slug)
    context = team_context(request, tournament, form=form, plan=plan, counts=plan.counts,
                           teams=plan.by_team(), locked=locked,
                           filename=stored.get("filename", ""), sheet=stored.get("sheet"),
                           note=stored.get("note", ""))
    return render(request, "tournaments/teams/roster_import_preview.html", context,
                  status=status)


@tournament_role_required(can_manage)
def roster_template(request, tournament: Tournament, extension: str = "csv"):
    """A file to fill in (files/roster_template.py): the header in Portuguese and two example
    rows, as a CSV (with a byte-order mark and `;`, as Brazilian Excel opens it in columns) or
    an Excel workbook."""
    content, content_type = template_file(extension)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(
        True, f"{TEMPLATE_NAME}.{extension}")
    return response
