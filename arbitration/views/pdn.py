"""Tournament-wide PDN (issue 8): the public download of every game, and the arbiter's import of
a file with several score sheets: upload, preview, confirm.

Between the preview and the confirmation the file's text waits in the session (no temporary
file), and what reading and replaying it found waits in the cache under its hash (issue 13);
the confirmation matches it again and compares a digest of what the preview showed, so a sheet
or result saved meanwhile by someone else is never overwritten unseen.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from arbitration import services
from arbitration.pdn_forms import PdnConfirmForm, PdnUploadForm
from arbitration.services import pdn_export, pdn_reading
from arbitration.services import pdn_import as importing  # the view below is named pdn_import
from arbitration.views.common import arbiter_required, roles
from tournaments.models import Tournament

PDN_CONTENT_TYPE = "application/x-draughts-pdn; charset=utf-8"


def _session_key(tournament: Tournament) -> str:
    return f"arbitration-pdn-import-{tournament.pk}"


@require_safe
def tournament_pdn(request, slug: str):
    """Every game of the tournament as one PDN file (public data, like the round pages).

    `?results=0` leaves out the games that have a result but no score sheet; the desk's form
    sends "results=0" and, when its box is ticked, "results=1" too.
    """
    tournament = get_object_or_404(Tournament, slug=slug)
    flags = request.GET.getlist("results")
    include_results = not flags or "1" in flags
    # Streamed game by game (issue 13): a big event's file starts at once, in constant memory.
    chunks = (chunk.encode("utf-8") for chunk in
              pdn_export.stream_tournament(tournament, include_results=include_results))
    response = StreamingHttpResponse(chunks, content_type=PDN_CONTENT_TYPE)
    response["Content-Disposition"] = (
        f'attachment; filename="{pdn_export.export_filename(tournament)}"')
    return response


def _preview_page(request, tournament: Tournament, plan: importing.ImportPlan, *, filename: str,
                  form: PdnConfirmForm | None = None, status: int = 200):
    if form is None and plan.syntax_error is None:
        form = PdnConfirmForm(plan=plan, initial={"preview": plan.state_digest})
    return render(request, "arbitration/pdn_import_preview.html", {
        "tournament": tournament, "plan": plan, "form": form, "filename": filename,
        "items": form.rows() if form is not None else [{"row": row} for row in plan.rows],
        "counts": plan.counts, **roles(request, tournament),
    }, status=status)


@arbiter_required
def pdn_import(request, tournament: Tournament):
    """Upload a PDN file with several games; a readable file goes on to the preview."""
    key = _session_key(tournament)
    if request.method != "POST":
        return render(request, "arbitration/pdn_import.html", {
            "tournament": tournament, "form": PdnUploadForm(),
            "pending": request.session.get(key), **roles(request, tournament)})
    form = PdnUploadForm(request.POST, request.FILES)
    plan = None
    if form.is_valid():
        try:
            plan = importing.analyse_import(tournament, form.cleaned_data["upload"])
        except pdn_reading.ImportTooLargeError as error:
            form.add_error("upload", error.message)
    if plan is not None and not plan.rows and plan.syntax_error is None:
        form.add_error("upload", _("The file holds no game."))
    if plan is None or not form.is_valid():
        return render(request, "arbitration/pdn_import.html", {
            "tournament": tournament, "form": form, "pending": request.session.get(key),
            **roles(request, tournament)})
    if plan.syntax_error is not None:
        request.session.pop(key, None)  # a refused file leaves nothing pending
        return _preview_page(request, tournament, plan, filename=form.filename)
    request.session[key] = {"text": plan.text, "filename": form.filename}
    if form.encoding_note:
        messages.info(request, form.encoding_note)
    return redirect("arbitration:pdn_import_preview", tournament.slug)


@arbiter_required
def pdn_import_preview(request, tournament: Tournament):
    """What importing the pending file would do, game by game; POST carries out the ticks."""
    key = _session_key(tournament)
    pending = request.session.get(key)
    if pending is None:
        messages.info(request, _("No PDN import is pending: upload the file."))
        return redirect("arbitration:pdn_import", tournament.slug)
    text, filename = pending["text"], pending.get("filename", "")
    if request.method != "POST":
        plan = importing.analyse_import(tournament, text)
        return _preview_page(request, tournament, plan, filename=filename)
    if "cancel" in request.POST:
        request.session.pop(key, None)
        messages.info(request, _("PDN import cancelled: nothing was imported."))
        return redirect("arbitration:desk", tournament.slug)
    # Matched again without replaying the sheets: their problems are only shown, and are
    # added (check_sheets) when the page has to be shown again.
    plan = importing.analyse_import(tournament, text, replay=False)
    if request.POST.get("preview") != plan.state_digest:
        messages.error(request, _(
            "Score sheets or results of these games changed since the preview was shown "
            "(or another file was uploaded). Nothing was imported: check the preview below."))
        importing.check_sheets(plan)
        return _preview_page(request, tournament, plan, filename=filename, status=409)
    form = PdnConfirmForm(request.POST, plan=plan)
    if form.is_valid():
        try:
            outcome = importing.import_games(plan, form.cleaned_data["choices"], user=request.user)
        except services.StaleSheetError as error:
            messages.error(request, error.message)
            plan = importing.analyse_import(tournament, text)
            return _preview_page(request, tournament, plan, filename=filename, status=409)
        except services.ArbitrationError as error:
            form.add_error(None, error.message)
        else:
            request.session.pop(key, None)
            messages.success(request, _imported_message(outcome))
            return redirect("arbitration:desk", tournament.slug)
    importing.check_sheets(plan)
    return _preview_page(request, tournament, plan, filename=filename, form=form)


def _imported_message(outcome: importing.ImportOutcome) -> str:
    return _("PDN imported: %(sheets)s, %(results)s.") % {
        "sheets": ngettext("%(count)d score sheet", "%(count)d score sheets",
                           len(outcome.sheets)) % {"count": len(outcome.sheets)},
        "results": ngettext("%(count)d result", "%(count)d results",
                            len(outcome.results)) % {"count": len(outcome.results)},
    }
