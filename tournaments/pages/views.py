"""Tournament pages. Public pages need no login; every view that writes checks the role first.

Views stay thin: they read a form, call one service step and turn its domain error into a message.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from tournaments import services
from tournaments.files import player_import
from tournaments.files.player_list import (
    CsvImportError,
    PlayerRow,
    empty_rows_note,
    parse_players_file,
)
from tournaments.files.table_export import EXPORT_FORMATS, export_response
from tournaments.models import Entry, Game, GameResult, Round, Tournament
from tournaments.pages import crosstable_grid, live, standings_html, swiss_pages
from tournaments.pages import pieces as page_pieces
from tournaments.pages import round_results as round_entry
from tournaments.pages.forms import (
    CsvImportForm,
    DrawNumbersForm,
    PairingNumbersForm,
    PlayerForm,
    PlayerImportConfirmForm,
    ResultForm,
    TournamentForm,
)
from tournaments.pages.permissions import (
    can_arbitrate,
    can_create_tournament,
    can_manage,
    refuse,
    tournament_role_required,
)
from tournaments.pages.swiss_tables import SwissPairingTable
from tournaments.pages.tables import (
    CrosstableTable,
    EntryTable,
    PairingTable,
    PlayerGamesTable,
    StandingsTable,
    TournamentTable,
    local_points,
    tiebreak_label,
    tiebreak_legend,
)
from tournaments.queries import reports, swiss_micro
from tournaments.standings.scoring import points as result_points


def home(request):
    """The front page: every tournament, newest first."""
    return render(request, "home.html", {"tournaments": Tournament.objects.all()})


def table_page(request, table, export_name: str, template: str, context: dict,
               title: str = ""):
    """Render a page around a sortable table, or the table alone as a download:
    ?_export=csv or ?_export=xlsx (csv_export.py: numbers as numbers, formulas neutralised);
    `title` names the sheet of the .xlsx."""
    RequestConfig(request, paginate=False).configure(table)
    export_format = request.GET.get("_export")
    # Only the formats the pages offer: django-tables2 also knows ods, yaml..., whose packages
    # are not installed, so another ?_export= shows the page.
    if export_format in EXPORT_FORMATS:
        title = str(title or export_name)
        tournament = context.get("tournament")
        document_title = f"{tournament.name} – {title}" if tournament else title
        return export_response(request, table, export_format, export_name, title,
                               document_title)
    return render(request, template, {**context, "table": table})


def roles(request, tournament: Tournament) -> dict:
    return {
        "can_manage": can_manage(request.user, tournament),
        "can_arbitrate": can_arbitrate(request.user, tournament),
    }


def tournament_context(request, tournament: Tournament, **extra) -> dict:
    round_numbers = page_pieces.round_numbers(tournament)
    if tournament.is_swiss and not can_arbitrate(request.user, tournament):
        # A Swiss round the arbiter has not published yet is not the public's.
        round_numbers = page_pieces.published_round_numbers(tournament)
    return {"tournament": tournament, "round_numbers": round_numbers,
            "paired": bool(round_numbers),
            "tiebreak_names": [tiebreak_label(key) for key in tournament.tiebreaks],
            "scoring": {outcome: local_points(getattr(tournament.scoring, outcome))
                        for outcome in ("win", "draw", "loss")},
            **roles(request, tournament), **extra}


# --- public pages -------------------------------------------------------------------------------

def tournament_list(request):
    table = TournamentTable(Tournament.objects.all())
    return table_page(request, table, "torneios", "tournaments/tournament_list.html",
                      {"can_create": can_create_tournament(request.user)}, _("Tournaments"))


def tournament_detail(request, slug: str):
    # Joined, so telling a team competition (issue 16) costs no query.
    tournament = get_object_or_404(Tournament.objects.select_related("team_competition"),
                                   slug=slug)
    competition = getattr(tournament, "team_competition", None)
    entries = list(tournament.entries.by_number())
    context = tournament_context(request, tournament, entries=entries, competition=competition)
    table = EntryTable(entries, exclude=() if context["can_arbitrate"] else ("actions",))
    context["next_step"] = "" if competition else next_step(tournament, entries,
                                                            context["paired"])
    return table_page(request, table, f"{slug}-jogadores", "tournaments/tournament_detail.html",
                      context, _("Players"))


def next_step(tournament: Tournament, entries: list[Entry], paired: bool) -> str:
    """What the organiser should do next, said on the page while it is empty."""
    if not entries:
        return _("No players yet: add players or import a spreadsheet (CSV, Excel or LibreOffice).")
    if paired:
        return ""
    if tournament.is_swiss:
        return _("Swiss: set the initial ranking, then pair round 1 on the Swiss pairing page.")
    if len(entries) < 2:
        return _("A round robin needs at least two players: add more players.")
    if any(entry.number is None for entry in entries):
        return _("Rounds not generated yet: draw numbers then generate.")
    return _("Pairing numbers are set: generate the rounds.")


def round_detail(request, slug: str, number: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(
        Round.objects.select_related("bye__player", "tournament"), tournament=tournament,
        number=number
    )
    context = tournament_context(request, tournament, round=round_)
    if not round_.published and not context["can_arbitrate"]:
        raise Http404(_("No such round."))
    table = pairing_table(request, round_, can_arbitrate=context["can_arbitrate"])
    if tournament.is_swiss:
        bye_points = swiss_micro.bye_points(tournament)
        context["bye_points"] = local_points(bye_points)
        # "1 point", "0.5 points": the plural form follows the value, a whole number or not.
        context["bye_points_count"] = (bye_points.numerator if bye_points.denominator == 1
                                       else 2)
        context["absences"] = swiss_pages.round_absences(tournament, number)
    context["live"] = live.round_live_context(request, tournament, round_)
    if tournament.micro_match:
        context["micro_matches"] = range(1, (round_.games.count() + 1) // 2 + 1)
    return table_page(request, table, f"{slug}-rodada-{number}", "tournaments/round_detail.html",
                      context, _("Round %(number)d") % {"number": number})


def pairing_table(request, round_: Round, *, can_arbitrate: bool) -> PairingTable:
    """A round's table as its page shows it (also redrawn by the live updates, live.py): a
    Swiss round's with each player's points before it. Its games and those points are computed
    once per version (issue 15)."""
    tournament = round_.tournament
    games = page_pieces.round_games(tournament, round_)
    short_headings = not request.GET.get("_export")
    if tournament.is_swiss:
        before = page_pieces.swiss_scores_before(tournament, round_.number)
        return SwissPairingTable(
            games, points_before={pk: local_points(score) for pk, score in before.items()},
            exclude=() if can_arbitrate and round_.published else ("edit",),
            short_headings=short_headings)
    return PairingTable(games, exclude=() if can_arbitrate else ("edit",),
                        short_headings=short_headings)


def rounds_overview(request, slug: str):
    """The first round still being played, or the first round: the usual way into the rounds."""
    tournament = get_object_or_404(Tournament, slug=slug)
    open_round = (Game.objects.of_tournament(tournament).filter(result="", round__published=True)
                  .order_by("round__number").values_list("round__number", flat=True).first())
    number = open_round or tournament.rounds.filter(published=True).values_list(
        "number", flat=True).first()
    if number is None:
        messages.info(request, _("Rounds not generated yet: draw numbers then generate."))
        return redirect(tournament)
    return redirect("tournaments:round", slug, number)


def selected_round(request, round_numbers: list[int]) -> int | None:
    """?rodada=N for the standings after round N; all rounds when absent."""
    raw = request.GET.get("rodada")
    if not raw:
        return None
    try:
        number = int(raw)
    except ValueError:
        raise Http404(_("No such round.")) from None
    if number not in round_numbers:
        raise Http404(_("No such round."))
    return number


def standings(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    context = tournament_context(request, tournament)
    up_to_round = selected_round(request, context["round_numbers"])
    context["up_to_round"] = up_to_round
    context["tiebreak_legend"] = tiebreak_legend(tournament.tiebreaks)
    context["games_legend"] = games_legend()
    context["encounter_legend"] = standings_html.encounter_legend(list(tournament.tiebreaks))
    if up_to_round is None:
        context["live"] = live.standings_live_context(request, tournament)
    if request.GET.get("_export") not in EXPORT_FORMATS:
        # The page in one pass (standings_html says why); the downloads below keep
        # django-tables2.
        context["standings"] = standings_page_table(request, tournament, up_to_round)
        return render(request, "tournaments/standings.html", context)
    suffix = f"-rodada-{up_to_round}" if up_to_round else ""
    title = (_("Standings after round %(number)s") % {"number": up_to_round} if up_to_round
             else _("Standings"))
    return table_page(request, standings_table(request, tournament, up_to_round),
                      f"{slug}-classificacao{suffix}", "tournaments/standings.html", context,
                      title)


def standings_page_table(request, tournament: Tournament,
                         up_to_round: int | None = None) -> standings_html.Table:
    """The standings as the page shows them (also redrawn by the live updates, live.py), sorted
    as `?sort=` asks."""
    rows = page_pieces.standings_rows(tournament, up_to_round)  # once per version (issue 15)
    note = rounds_counted_note(tournament) if up_to_round is None else ""
    return standings_html.build(rows, list(tournament.tiebreaks), request.GET, note)


def rounds_counted_note(tournament: Tournament) -> str:
    """Which rounds a Swiss's default standings count while a published round is in play: the
    complete ones only (reports.standings says why), so a reader does not take them for the
    standings with the round in play's results (issue 25)."""
    if not tournament.is_swiss:
        return ""
    complete = page_pieces.complete_rounds(tournament)
    published = page_pieces.published_round_numbers(tournament)
    if not published or max(published) <= complete:
        return ""
    if complete == 0:
        return _("Round %(in_play)s is being played: the standings count complete rounds only, "
                 "and none is complete yet.") % {"in_play": complete + 1}
    return _("Standings after round %(complete)s, the last complete round. Round %(in_play)s is "
             "being played: its results count here once every game of it has one.") % {
        "complete": complete, "in_play": complete + 1}


def standings_table(request, tournament: Tournament,
                    up_to_round: int | None = None) -> StandingsTable:
    """The standings as the downloads hold them (?_export=csv, xlsx), full tie-break names."""
    rows = page_pieces.standings_rows(tournament, up_to_round)  # once per version (issue 15)
    exporting = bool(request.GET.get("_export"))
    return StandingsTable(rows, tournament.tiebreaks, short_headings=not exporting)


def crosstable(request, slug: str):
    """The grid in one pass over rows computed once per version and language; the CSV export
    goes through django-tables2 (crosstable_grid says why)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context = tournament_context(request, tournament)
    if tournament.is_swiss:
        context["round_columns"], context["rows"] = page_pieces.swiss_crosstable(tournament)
        context["tiebreak_legend"] = tiebreak_legend(tournament.tiebreaks)
        # its points and places are the standings', after the complete rounds (issue 25)
        context["rounds_note"] = rounds_counted_note(tournament)
        context["encounter_legend"] = standings_html.encounter_legend(
            list(tournament.tiebreaks), on_page=False)
        return render(request, "tournaments/swiss_crosstable.html", context)
    if request.GET.get("_export") in EXPORT_FORMATS:
        return crosstable_export(request, tournament, context)
    by_rank = request.GET.get("ordem") == BY_RANK
    grid = page_pieces.crosstable_grid(tournament, by_rank)
    if by_rank:  # another order would move the rows off the diagonal
        rows, sort = grid.rows, ""
    else:
        rows, sort = crosstable_grid.order(grid.rows, request.GET.get("sort"))
    context.update(
        grid=rows, by_rank=by_rank, by_rank_value=BY_RANK,
        column_legend=crosstable_legend(tournament),
        headings=crosstable_grid.headings(grid.columns, list(tournament.tiebreaks), request.GET,
                                          sort, orderable=not by_rank))
    return render(request, "tournaments/crosstable.html", context)


def crosstable_export(request, tournament: Tournament, context: dict):
    """The crosstable as CSV, through django-tables2 like the other tables' exports."""
    slug = tournament.slug
    entries = reports.numbered_entries(tournament)
    records = reports.game_records(tournament)
    cells = reports.cells_in_rounds(
        tournament, reports.crosstable_cells(records, tournament.scoring))
    ranked = reports.standings(tournament, records=records, entries=entries)
    by_rank = request.GET.get("ordem") == BY_RANK
    if by_rank:
        # Swiss-Manager's order: columns in the rows' order, numbered 1..n, so each player's
        # own square falls on the diagonal (issue 12).
        columns = [(standing.entry.number, str(place))
                   for place, standing in enumerate(ranked, start=1)]
    else:
        columns = [(entry.number, str(entry.number)) for entry in entries]
    rows = [
        {"rank": standing.rank, "number": standing.entry.number,
         "name": standing.entry.player.name, "points": standing.points,
         "sort_name": standing.entry.player.sort_name,
         "rating": standing.rating, "games": standing.games,
         "url": standing.entry.get_absolute_url(),
         "cells": {str(number): cells.get((standing.entry.number, number))
                   for number, _label in columns},
         **{f"tb_{index}": value
            for index, value in enumerate(standing.row.tiebreaks.values(), start=1)}}
        for standing in ranked
    ]
    table = CrosstableTable(rows, columns, tournament.tiebreaks, by_rank=by_rank)
    context["by_rank"] = by_rank
    context["by_rank_value"] = BY_RANK
    context["column_legend"] = crosstable_legend(tournament)
    return table_page(request, table, f"{slug}-tabela", "tournaments/crosstable.html", context,
                      _("Crosstable"))


BY_RANK = "classificacao"  # ?ordem=classificacao: the crosstable by rank in both directions


def games_legend() -> str:
    """ "G: games played", the short heading spelt out under the standings and crosstable."""
    return _("%(games)s: games played") % {"games": pgettext("games played column heading", "G")}


def crosstable_legend(tournament: Tournament) -> str:
    """ "G: games played; DE: Direct encounter; ..." for the crosstable's short headings."""
    from tournaments.printing.collect import tiebreak_labels

    parts = [games_legend()]
    parts += [f"{label.abbreviation}: {label.name}"
              for label in tiebreak_labels(list(tournament.tiebreaks))]
    encounter = standings_html.encounter_legend(list(tournament.tiebreaks), on_page=False)
    return "; ".join(parts) + "." + (f" {encounter}" if encounter else "")


def player_detail(request, slug: str, entry_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), tournament=tournament,
                              pk=entry_id)
    if tournament.is_swiss:  # his rounds, every player's computed once per version (issue 15)
        context = tournament_context(request, tournament, entry=entry)
        context.update(page_pieces.swiss_player_rounds(tournament, entry))
        return render(request, "tournaments/swiss_player.html", context)
    games = (Game.objects.involving(entry)
             .select_related("round", "white__player", "black__player").order_by("round__number"))
    scoring = tournament.scoring
    rows = []
    for game in games:
        as_white = game.white_id == entry.pk
        opponent = game.black if as_white else game.white
        scored = ""
        if game.result_value is not None:
            white_points, black_points = result_points(game.result_value, scoring)
            scored = white_points if as_white else black_points
        rows.append({
            "round": game.round.number,
            "colour": _("White") if as_white else _("Black"),
            "opponent": str(opponent),
            "opponent_url": reverse("tournaments:player", args=[slug, opponent.pk]),
            "result": game.result, "points": scored,
        })
    byes = list(entry.byes.values_list("number", flat=True))
    bye = pgettext("a round without a game for one player", "bye")
    rows.extend({"round": number, "colour": "", "opponent": bye, "result": "", "points": ""}
                for number in byes)
    table = PlayerGamesTable(rows)
    context = tournament_context(request, tournament, entry=entry, byes=byes)
    return table_page(request, table, f"{slug}-jogador-{entry.number or entry.pk}",
                      "tournaments/player_detail.html", context, entry.player.name)


# --- organiser and arbiter actions --------------------------------------------------------------

def tournament_create(request):
    if not can_create_tournament(request.user):
        return refuse(request)
    form = TournamentForm(request.POST or None, system=request.GET.get("system"))
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in TournamentForm.Meta.fields
                  if name in form.cleaned_data}
        tournament = services.create_tournament(
            created_by=request.user, tiebreaks=form.instance.tiebreaks, **fields)
        messages.success(request, _(
            "Tournament created. Next: add players or import a spreadsheet (CSV, Excel or "
            "LibreOffice)."))
        return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@tournament_role_required(can_manage)
def tournament_edit(request, tournament: Tournament):
    form = TournamentForm(request.POST or None, instance=tournament,
                          system=request.GET.get("system"))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(form.save(commit=False), user=request.user)
        except services.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Tournament settings saved."))
            return redirect(tournament)
    return render(request, "tournaments/tournament_form.html",
                  {"form": form, "tournament": tournament})


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


@tournament_role_required(can_manage)
def draw_numbers(request, tournament: Tournament):
    form = DrawNumbersForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.draw_numbers(tournament, seed=form.cleaned_data["seed"], user=request.user)
        except services.TournamentError as error:
            messages.error(request, str(error))
        else:
            tournament.refresh_from_db()
            messages.success(request, _(
                "Pairing numbers drawn by lot (seed %(seed)d, kept to replay the draw)."
            ) % {"seed": tournament.pairing_seed})
            return redirect(tournament)
    return render(request, "tournaments/draw_numbers.html",
                  {"form": form, "tournament": tournament})


@tournament_role_required(can_manage)
def set_numbers(request, tournament: Tournament):
    entries = list(tournament.entries.by_number())
    form = PairingNumbersForm(request.POST or None, entries=entries)
    if request.method == "POST" and form.is_valid():
        try:
            services.set_numbers(tournament, form.numbers(), user=request.user)
        except services.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Pairing numbers saved."))
            return redirect(tournament)
    return render(request, "tournaments/set_numbers.html",
                  {"form": form, "tournament": tournament})


@require_POST
@tournament_role_required(can_manage)
def generate_rounds(request, tournament: Tournament):
    try:
        rounds = services.generate_rounds(tournament, user=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
        return redirect(tournament)
    messages.success(request, ngettext("%(count)d round generated.", "%(count)d rounds generated.",
                                       len(rounds)) % {"count": len(rounds)})
    return redirect("tournaments:round", tournament.slug, 1)


@tournament_role_required(can_arbitrate)
def game_result(request, tournament: Tournament, game_id: int):
    game = get_object_or_404(
        Game.objects.select_related("round__tournament", "white__player", "black__player"),
        round__tournament=tournament, pk=game_id,
    )
    form = ResultForm(request.POST or None, game=game)
    status = 200
    if request.method == "POST" and form.is_valid():
        form_data = form.cleaned_data
        try:
            services.record_result(
                game, result=form.cleaned_data["result"],
                colours_swapped=form.cleaned_data["colours_swapped"],
                expected_version=form.cleaned_data["version"], user=request.user,
            )
        except services.StaleResultError as error:
            # Show the game as it is now beside what this arbiter entered, which was not saved;
            # he decides again from there.
            game = error.current
            form = ResultForm(game=game)
            form.stale_message = f"{error} {entered_result(game, form_data)}"
            status = 409
        except services.TournamentError as error:
            form.add_error("result", str(error))
        else:
            messages.success(request, _("Result saved: board %(board)d of round %(round)d.") % {
                "board": game.board, "round": game.round.number})
            return redirect("tournaments:round", tournament.slug, game.round.number)
    return render(request, "tournaments/game_result.html",
                  {"form": form, "game": game, "tournament": tournament}, status=status)


def entered_result(game: Game, entered: dict) -> str:
    """The result a stale form carried, with the colours it gave, said beside the stored one."""
    white, black = game.scheduled_white, game.scheduled_black
    if entered["colours_swapped"]:
        white, black = black, white
    result = entered["result"]
    return _("What you entered was not saved: %(result)s (%(white)s with White, %(black)s with "
             "Black).") % {
        "result": GameResult(result).label if result else _("not played yet"),
        "white": white.player.name, "black": black.player.name}


@tournament_role_required(can_arbitrate)
def round_results(request, tournament: Tournament, number: int):
    """Every board of a round on one page, typed with the keyboard and saved at once."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    games = round_entry.round_games(round_)
    form = round_entry.RoundResultsForm(request.POST or None, games=games)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                saved = round_entry.record_round_results(round_, form.entries(),
                                                           user=request.user)
            except round_entry.RoundResultsError as error:
                form = refused_round_form(form, error, round_)
                status = 409 if error.current else 400
            except services.TournamentError as error:
                form.add_error(None, str(error))
                status = 400
            else:
                messages.success(request, ngettext(
                    "Round %(round)d: %(count)d result saved.",
                    "Round %(round)d: %(count)d results saved.", len(saved.changed))
                    % {"round": number, "count": len(saved.changed)})
                return redirect("tournaments:round", tournament.slug, number)
        else:
            status = 400
    return render(request, "tournaments/round_results.html", {
        "form": form, "round": round_, "tournament": tournament,
        "code_help": round_entry.CODE_HELP, "bye": round_.bye,
        "meanings": round_entry.code_meanings()}, status=status)


def refused_round_form(form, error, round_: Round):
    """The form again after a refused save: what the arbiter typed stays, except on the boards
    someone else changed meanwhile, which show the stored result and its new version beside a
    message saying what he had typed."""
    data = form.data.copy()
    for game_id, game in error.current.items():
        typed = form.cleaned_data[round_entry.field_name(game)]
        data[round_entry.field_name(game)] = round_entry.SHOWN_CODE.get(game.result, "")
        data[round_entry.version_name(game)] = str(game.version)
        error.problems[game_id] = "{} {}".format(error.problems[game_id], _(
            "What you typed was not saved: %(result)s.") % {
            "result": GameResult(typed).label if typed else _("not played yet")})
    refused = round_entry.RoundResultsForm(data, games=round_entry.round_games(round_))
    refused.is_valid()
    for game in refused.games:
        if game.pk in error.problems:
            refused.add_error(round_entry.field_name(game), error.problems[game.pk])
    return refused
