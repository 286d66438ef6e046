"""A tournament's players as the organiser and the arbiter handle them: adding one, importing a
spreadsheet through a preview (issue 20), removing one, a withdrawal and its undoing.

Every view that writes checks the role first. Views stay thin: they read a form, call one service
step and turn its domain error into a message."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.files import player_import
from tournaments.files.import_problems import CsvImportError
from tournaments.files.player_list import PlayerRow, empty_rows_note, parse_players_file
from tournaments.models import Tournament
from tournaments.pages.forms import (
    CsvImportForm,
    PlayerForm,
    PlayerImportConfirmForm,
)
from tournaments.pages.permissions import (
    can_arbitrate,
    can_manage,
    tournament_role_required,
)


@tournament_role_required(can_manage)
def add_player(request, tournament: Tournament):
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            entry = services.add_player(tournament, **form.cleaned_data, user=request.user)
        except services.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s added.") % {"name": entry.player.name})
            if "add_another" in request.POST:
                return redirect("tournaments:add_player", tournament.slug)
            return redirect(tournament)
    return render(request, "tournaments/player_form.html",
                  {"form": form, "tournament": tournament})


def _import_key(tournament: Tournament) -> str:
    return f"player-import-{tournament.pk}"


@tournament_role_required(can_manage)
def import_players(request, tournament: Tournament):
    """Send a CSV or spreadsheet; a readable file goes on to the preview, nothing is saved."""
    form = CsvImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = parse_players_file(upload.read(), upload.name)
        except CsvImportError as error:
            problems = [str(problem) for problem in error.problems]
            messages.error(request, _("The file was refused and no player was added."))
        else:
            # At most MAX_ROWS rows of short strings wait in the session for the confirmation.
            request.session[_import_key(tournament)] = {
                "rows": [row.as_json() for row in parsed.rows], "filename": upload.name,
                "sheet": parsed.sheet, "note": parsed.note}
            if parsed.note:
                messages.info(request, parsed.note)
            if parsed.empty_rows:
                messages.info(request, empty_rows_note(parsed))
            return redirect("tournaments:import_players_preview", tournament.slug)
    return render(request, "tournaments/import_players.html",
                  {"form": form, "tournament": tournament, "problems": problems},
                  status=400 if problems else 200)


def _pending_rows(request, tournament: Tournament) -> tuple[dict, list[PlayerRow]] | None:
    pending = request.session.get(_import_key(tournament))
    try:
        return pending, [PlayerRow.from_json(data) for data in pending["rows"]]
    except (TypeError, KeyError, ValueError):  # nothing pending, or kept by an older version
        request.session.pop(_import_key(tournament), None)
        return None


@tournament_role_required(can_manage)
def import_players_preview(request, tournament: Tournament):
    """Who each row of the pending file is: added, merged (with the file's disagreements to
    choose) or refused; POST confirms the choices or cancels (issue 20)."""
    pending = _pending_rows(request, tournament)
    if pending is None:
        messages.info(request, _("No player import is pending: send the file."))
        return redirect("tournaments:import_players", tournament.slug)
    if request.method == "POST" and "cancel" in request.POST:
        request.session.pop(_import_key(tournament), None)
        messages.info(request, _("Player import cancelled: nothing was saved."))
        return redirect(tournament)
    stored, rows = pending
    plan = player_import.plan_import(tournament, rows)
    form = PlayerImportConfirmForm(request.POST or None, plan=plan)
    problems, status = [], 200
    if request.method == "POST":
        if not form.is_valid():
            status = 400
        elif form.cleaned_data["digest"] != plan.digest:
            messages.warning(request, _(
                "The registry or the tournament changed since you saw the preview: check it "
                "again, then confirm."))
            form, status = PlayerImportConfirmForm(plan=plan), 409
        elif not plan.of(player_import.ADD) and not plan.of(player_import.MERGE):
            messages.error(request, _("Every row of the file is refused: nothing to import."))
            status = 400
        else:
            try:
                outcome = player_import.carry_out(tournament, plan, form.taken(),
                                                  user=request.user)
            except CsvImportError as error:
                problems = [str(problem) for problem in error.problems]
                messages.error(request, _("The file was refused and no player was added."))
                status = 400
            except services.TournamentError as error:
                messages.error(request, str(error))
                status = 400
            else:
                request.session.pop(_import_key(tournament), None)
                _report_import(request, outcome)
                return redirect(tournament)
    return render(request, "tournaments/import_players_preview.html", {
        "tournament": tournament, "form": form, "plan": plan, "counts": plan.counts,
        "filename": stored.get("filename", ""), "sheet": stored.get("sheet"),
        "note": stored.get("note", ""), "problems": problems}, status=status)


def _report_import(request, outcome: player_import.ImportOutcome) -> None:
    count = outcome.added + len(outcome.merged)
    messages.success(request, ngettext("%(count)d player imported.",
                                       "%(count)d players imported.", count) % {"count": count})
    for planned in outcome.merged:
        messages.info(request, _(
            "Line %(line)d is %(name)s, already registered (%(how)s): one person, "
            "not a new one."
        ) % {"line": planned.line, "name": planned.match.player.name,
             "how": planned.match.reason})
    for planned in outcome.refused:
        messages.warning(request, _("Line %(line)d was not imported: %(reason)s") % {
            "line": planned.line, "reason": planned.reason})
    if outcome.updated:
        messages.info(request, ngettext(
            "%(count)d value of the registry was replaced by the file's.",
            "%(count)d values of the registry were replaced by the file's.",
            len(outcome.updated)) % {"count": len(outcome.updated)})


@require_POST
@tournament_role_required(can_manage)
def remove_player(request, tournament: Tournament, entry_id: int):
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    try:
        services.remove_entry(entry, user=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s removed.") % {"name": entry.player.name})
    return redirect(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def withdraw_player(request, tournament: Tournament, entry_id: int):
    entry = get_object_or_404(tournament.entries.select_related("player", "tournament"),
                              pk=entry_id)
    try:
        forfeits = services.withdraw_player(entry, user=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        if tournament.is_swiss and not forfeits:
            # Between two Swiss rounds nothing becomes a forfeit: he is simply not paired again
            # (a rehearsal found "0 partida restante virou W.O." here).
            message = _("%(name)s withdrawn: left out of the pairing of the next rounds.") % {
                "name": entry.player.name}
        else:
            message = ngettext(
                "%(name)s withdrawn; %(count)d remaining game became a forfeit (Art. 28).",
                "%(name)s withdrawn; %(count)d remaining games became forfeits (Art. 28).",
                len(forfeits)) % {"name": entry.player.name, "count": len(forfeits)}
        messages.success(request, message)
    return redirect(tournament)


@require_POST
@tournament_role_required(can_manage)
def undo_withdrawal(request, tournament: Tournament, entry_id: int):
    """An organiser undoes a withdrawal made by mistake; the log keeps both."""
    entry = get_object_or_404(tournament.entries.select_related("player", "tournament"),
                              pk=entry_id)
    try:
        restored, kept = services.undo_withdrawal(entry, user=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, ngettext(
            "%(name)s is back in the tournament; %(count)d forfeit undone.",
            "%(name)s is back in the tournament; %(count)d forfeits undone.",
            len(restored)) % {"name": entry.player.name, "count": len(restored)})
        if kept:
            messages.warning(request, _(
                "Results changed since the withdrawal were kept: rounds %(rounds)s."
            ) % {"rounds": ", ".join(str(game.round.number) for game in kept)})
    return redirect(tournament)
