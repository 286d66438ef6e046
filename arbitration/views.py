"""The arbiter's desk. Views stay thin: read a form, call one service step, show its error.

Reading pages (game, viewer, claims) are public; the desk pages and every write check the
tournament role on the server (tournaments.permissions), whatever the templates show.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Game, Round, Tournament
from tournaments.permissions import can_arbitrate, can_manage, tournament_role_required
from tournaments.services import StaleResultError, TournamentError

from . import describe, services
from .forms import (
    DecisionForm,
    DrawClaimForm,
    IrregularityForm,
    MoveForm,
    OfficialForm,
    RemoveOfficialForm,
    SheetForm,
    VersionForm,
    add_service_error,
)
from .history import history_rows
from .models import AuditEntry, DrawClaim, Notation, Role, ScoreSheet
from .sheets import SheetReplay
from .viewer import illegal_line, viewer_state

arbiter_required = tournament_role_required(can_arbitrate)
organiser_required = tournament_role_required(can_manage)


def _game(tournament: Tournament, game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("round__tournament", "white__player", "black__player"),
        round__tournament=tournament, pk=game_id,
    )


def _roles(request, tournament: Tournament) -> dict[str, bool]:
    return {"can_arbitrate": can_arbitrate(request.user, tournament),
            "can_manage": can_manage(request.user, tournament)}


def _algebraic(sheet: ScoreSheet | None, tournament: Tournament) -> bool:
    notation = sheet.notation if sheet is not None else services.default_notation(tournament)
    return notation == Notation.ALGEBRAIC


def sheet_problems(replay: SheetReplay, algebraic: bool) -> dict[str, str]:
    """The problems to show above a sheet: syntax error (with the text there) and the move the
    replay stopped at, each "" when absent."""
    syntax, near = "", ""
    if replay.syntax_error is not None:
        error = replay.syntax_error
        syntax = describe.syntax_line(error.code, error.line, error.column)
        near = describe.snippet(replay.text, error.line, error.column)
    elif replay.start_error is not None:
        syntax = describe.syntax_line("start", None, None)
    warning = ""
    if replay.gametype_mismatch:
        warning = _("The sheet's GameType tag names another board; it is replayed on this "
                    "tournament's board.")
    elif len(replay.games) > 1:
        warning = _("The text holds %(count)d games; only the first is this game's sheet.") % {
            "count": len(replay.games)}
    return {"syntax": syntax, "near": near, "illegal": illegal_line(replay, algebraic),
            "warning": warning}


# --- public pages -------------------------------------------------------------------------------

def game_detail(request, slug: str, game_id: int):
    """A game's page: result, score sheet, claims and, for its arbiters, its history."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = _game(tournament, game_id)
    sheet = services.sheet_of(game)
    roles = _roles(request, tournament)
    context = {
        "tournament": tournament, "game": game, "sheet": sheet, **roles,
        "draw_claims": game.draw_claims.select_related("claimant__player"),
        "irregularities": game.irregularity_claims.select_related("reported_by__player"),
    }
    if sheet is not None:
        replay = services.sheet_replay(game, sheet)
        context["problems"] = sheet_problems(replay, _algebraic(sheet, tournament))
        context["sheet_moves"] = len(replay.plies)
    if roles["can_arbitrate"]:
        context["history"] = history_rows(game.audit_entries.select_related("actor"))
    return render(request, "arbitration/game_detail.html", context)


def viewer(request, slug: str, game_id: int):
    """The board at any half-move (?ply=N), the moves and the draw counters there."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = _game(tournament, game_id)
    sheet = services.sheet_of(game)
    state = None
    if sheet is not None:
        replay = services.sheet_replay(game, sheet)
        state = viewer_state(replay, request.GET.get("ply"),
                             algebraic=_algebraic(sheet, tournament),
                             flipped=request.GET.get("flip") == "1")
    return render(request, "arbitration/viewer.html", {
        "tournament": tournament, "game": game, "sheet": sheet, "state": state,
        "flip": request.GET.get("flip") == "1", **_roles(request, tournament),
    })


def sheet_download(request, slug: str, game_id: int):
    """The sheet's PDN text exactly as stored."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = _game(tournament, game_id)
    sheet = get_object_or_404(ScoreSheet, game=game)
    response = HttpResponse(sheet.pdn, content_type="application/x-draughts-pdn; charset=utf-8")
    name = slugify(f"{tournament.slug}-r{game.round.number}-m{game.board}") or "partida"
    response["Content-Disposition"] = f'attachment; filename="{name}.pdn"'
    return response


def draw_claim_detail(request, slug: str, claim_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    claim = get_object_or_404(
        DrawClaim.objects.select_related("game__round__tournament", "game__white__player",
                                         "game__black__player", "claimant__player",
                                         "decided_by"),
        game__round__tournament=tournament, pk=claim_id,
    )
    return _claim_page(request, tournament, claim, DecisionForm(claim=claim))


def _claim_page(request, tournament: Tournament, claim: DrawClaim, form, status: int = 200):
    evidence = claim.evidence or {}
    return render(request, "arbitration/draw_claim.html", {
        "tournament": tournament, "claim": claim, "game": claim.game, "form": form,
        "sentence": describe.claim_sentence(evidence, claim.system_upheld) if evidence else "",
        "facts": describe.evidence_facts(evidence),
        **_roles(request, tournament),
    }, status=status)


# --- the arbiter's desk -------------------------------------------------------------------------

@arbiter_required
def desk(request, tournament: Tournament):
    """Every round with what is missing: results, sheets, open claims."""
    rounds = tournament.rounds.annotate(
        games_count=Count("games", distinct=True),
        missing_results=Count("games", filter=Q(games__result=""), distinct=True),
        missing_sheets=Count("games", filter=Q(games__score_sheet__isnull=True), distinct=True),
        sheet_problems=Count("games", filter=Q(games__score_sheet__isnull=False)
                             & (Q(games__score_sheet__illegal_ply__isnull=False)
                                | ~Q(games__score_sheet__syntax_code="")), distinct=True),
        open_claims=Count("games__draw_claims", filter=Q(games__draw_claims__decision=""),
                          distinct=True),
    )
    return render(request, "arbitration/desk.html", {
        "tournament": tournament, "rounds": rounds, **_roles(request, tournament)})


@arbiter_required
def round_desk(request, tournament: Tournament, number: int):
    """One round: which games lack a result or a sheet, which have open claims."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    games = (round_.games.select_related("white__player", "black__player", "score_sheet")
             .annotate(open_claims=Count("draw_claims", filter=Q(draw_claims__decision=""))))
    claims = (DrawClaim.objects.open().filter(game__round=round_)
              .select_related("game", "claimant__player"))
    rows = []
    for game in games:
        sheet = getattr(game, "score_sheet", None)
        rows.append({"game": game, "sheet": sheet,
                     "needs_attention": not game.result or sheet is None
                     or sheet.has_problem or game.open_claims})
    return render(request, "arbitration/round.html", {
        "tournament": tournament, "round": round_, "rows": rows, "open_claims": claims,
        "round_numbers": list(tournament.rounds.values_list("number", flat=True)),
        "missing_results": sum(1 for row in rows if not row["game"].result),
        "missing_sheets": sum(1 for row in rows if row["sheet"] is None),
        **_roles(request, tournament),
    })


@arbiter_required
def tournament_log(request, tournament: Tournament):
    entries = (AuditEntry.objects.filter(tournament=tournament)
               .select_related("game__round", "actor"))
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(request, "arbitration/log.html", {
        "tournament": tournament, "page": page, "rows": history_rows(page.object_list),
        **_roles(request, tournament)})


# --- score sheets -------------------------------------------------------------------------------

def _sheet_page(request, tournament: Tournament, game: Game, *, sheet_form=None, move_form=None,
                status: int = 200):
    sheet = services.sheet_of(game)
    version = sheet.version if sheet is not None else 0
    replay = services.sheet_replay(game, sheet)
    algebraic = _algebraic(sheet, tournament)
    if sheet_form is None:
        accepted = ", ".join(
            replay.plies[ply - 1].move_label for ply in (sheet.accepted_plies if sheet else [])
            if ply <= len(replay.plies))
        sheet_form = SheetForm(board=tournament.board, initial={
            "pdn": sheet.pdn if sheet else "",
            "notation": sheet.notation if sheet else services.default_notation(tournament),
            "accepted": accepted, "version": version})
    if move_form is None:
        move_form = MoveForm(board=tournament.board, initial={
            "version": version, "notation": services.default_notation(tournament)})
    state = viewer_state(replay, None, algebraic=algebraic, size=320)
    return render(request, "arbitration/sheet.html", {
        "tournament": tournament, "game": game, "sheet": sheet, "state": state,
        "problems": sheet_problems(replay, algebraic), "sheet_form": sheet_form,
        "move_form": move_form, "undo_form": VersionForm(initial={"version": version}),
        "can_type": replay.syntax_error is None and replay.start_error is None
        and replay.illegal is None,
        "next_label": _next_label(replay), **_roles(request, tournament),
    }, status=status)


def _next_label(replay: SheetReplay) -> str:
    plies = replay.plies
    if not plies:
        board = replay.replay.start if replay.replay else None
        return "1..." if board is not None and board.turn.value == "B" else "1."
    last = plies[-1]
    return f"{last.number}..." if last.side == "W" else f"{last.number + 1}."


@arbiter_required
def sheet_edit(request, tournament: Tournament, game_id: int):
    """The score sheet: type moves one by one, or paste or upload the PDN text."""
    game = _game(tournament, game_id)
    if request.method != "POST":
        return _sheet_page(request, tournament, game)
    form = SheetForm(request.POST, request.FILES, board=tournament.board)
    if not form.is_valid():
        return _sheet_page(request, tournament, game, sheet_form=form)
    try:
        sheet = services.save_sheet(
            game, pdn=form.cleaned_data["text"], notation=form.cleaned_data["notation"],
            accepted_moves=form.cleaned_data["accepted"],
            expected_version=form.cleaned_data["version"], user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return _sheet_page(request, tournament, game, sheet_form=form)
    if sheet.has_problem:
        messages.warning(request, _("Score sheet saved as written; it has a problem, shown below."))
    else:
        messages.success(request, _("Score sheet saved: %(count)d half-moves replayed.") % {
            "count": sheet.moves_count})
    return redirect("arbitration:sheet", tournament.slug, game.pk)


@require_POST
@arbiter_required
def sheet_move(request, tournament: Tournament, game_id: int):
    """Append one typed move, checked against the position before it."""
    game = _game(tournament, game_id)
    form = MoveForm(request.POST, board=tournament.board)
    if not form.is_valid():
        return _sheet_page(request, tournament, game, move_form=form)
    try:
        _sheet, typed = services.append_move(
            game, move_text=form.cleaned_data["move"], let_stand=form.cleaned_data["let_stand"],
            notation=form.cleaned_data["notation"], expected_version=form.cleaned_data["version"],
            user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return _sheet_page(request, tournament, game, move_form=form)
    if typed.irregularity is not None:
        messages.warning(request, _(
            "%(move)s recorded as an irregular move the opponent let stand "
            "(Art. 23 (%(category)s))."
        ) % {"move": typed.label, "category": typed.irregularity.category})
    else:
        messages.success(request, _("%(move)s recorded.") % {"move": typed.label})
    return redirect(reverse("arbitration:sheet", args=[tournament.slug, game.pk]) + "#move-form")


@require_POST
@arbiter_required
def sheet_undo(request, tournament: Tournament, game_id: int):
    """Take the last move off the sheet."""
    game = _game(tournament, game_id)
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The form was incomplete: nothing was changed."))
        return redirect("arbitration:sheet", tournament.slug, game.pk)
    try:
        services.remove_last_move(game, expected_version=form.cleaned_data["version"],
                                  user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The last move was removed from the score sheet."))
    return redirect(reverse("arbitration:sheet", args=[tournament.slug, game.pk]) + "#move-form")


# --- draw claims --------------------------------------------------------------------------------

@arbiter_required
def draw_claim_new(request, tournament: Tournament, game_id: int):
    """Record a draw claim; the sheet's verdict is shown on the claim's page."""
    game = _game(tournament, game_id)
    replay = services.sheet_replay(game, services.sheet_of(game))
    rule_ids = replay.rule_ids()
    if request.method == "POST":
        form = DrawClaimForm(request.POST, game=game, rule_ids=rule_ids)
        if form.is_valid():
            try:
                claim = services.make_draw_claim(
                    game, claimant=form.cleaned_data["claimant"], rule=form.cleaned_data["rule"],
                    move=form.cleaned_data["move"], user=request.user)
            except services.ArbitrationError as error:
                add_service_error(form, error)
            else:
                return redirect("arbitration:draw_claim", tournament.slug, claim.pk)
    else:
        form = DrawClaimForm(game=game, rule_ids=rule_ids,
                             initial={"move": request.GET.get("move", "")})
    return render(request, "arbitration/draw_claim_form.html", {
        "tournament": tournament, "game": game, "form": form,
        "has_sheet": replay.replay is not None, "rules_available": replay.rules_available,
        **_roles(request, tournament)})


@require_POST
@arbiter_required
def draw_claim_decide(request, tournament: Tournament, claim_id: int):
    """Confirm or override the verdict; upholding sets the result to a draw in one step."""
    claim = get_object_or_404(
        DrawClaim.objects.select_related("game__round__tournament", "game__white__player",
                                         "game__black__player", "claimant__player"),
        game__round__tournament=tournament, pk=claim_id,
    )
    form = DecisionForm(request.POST, claim=claim)
    if not form.is_valid():
        return _claim_page(request, tournament, claim, form)
    try:
        services.decide_draw_claim(
            claim, decision=form.cleaned_data["decision"], reason=form.cleaned_data["reason"],
            expected_game_version=form.cleaned_data["game_version"], user=request.user)
    except services.ClaimRecheckedError as error:
        messages.warning(request, error.message)
        return redirect("arbitration:draw_claim", tournament.slug, claim.pk)
    except StaleResultError as error:
        claim.refresh_from_db()
        claim.game.refresh_from_db()
        messages.error(request, str(error))
        return _claim_page(request, tournament, claim, DecisionForm(claim=claim), status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return _claim_page(request, tournament, claim, form)
    except TournamentError as error:
        form.add_error(None, str(error))
        return _claim_page(request, tournament, claim, form)
    messages.success(request, _("Decision recorded."))
    return redirect("arbitration:game", tournament.slug, claim.game_id)


# --- irregularities -----------------------------------------------------------------------------

@arbiter_required
def irregularity_new(request, tournament: Tournament, game_id: int):
    """Record an Art. 23 irregularity; the sheet proposes the category where it shows one."""
    game = _game(tournament, game_id)
    sheet = services.sheet_of(game)
    replay = services.sheet_replay(game, sheet)
    algebraic = _algebraic(sheet, tournament)
    if request.method == "POST":
        form = IrregularityForm(request.POST, game=game)
        if form.is_valid():
            try:
                services.record_irregularity(
                    game, move=form.cleaned_data["move"], category=form.cleaned_data["category"],
                    reported_by=form.cleaned_data["reported_by"],
                    decision=form.cleaned_data["decision"], note=form.cleaned_data["note"],
                    user=request.user)
            except services.ArbitrationError as error:
                add_service_error(form, error)
            else:
                messages.success(request, _("Irregularity recorded."))
                return redirect("arbitration:game", tournament.slug, game.pk)
    else:
        initial = {"move": request.GET.get("move", "")}
        if replay.illegal is not None and not initial["move"]:
            initial["move"] = replay.illegal.sheet.move_label
        ply = replay.ply_of(initial["move"]) if initial["move"] else None
        if ply is not None:
            initial["category"] = services.sheet_category_at(replay, ply)
        form = IrregularityForm(game=game, initial=initial)
    return render(request, "arbitration/irregularity_form.html", {
        "tournament": tournament, "game": game, "form": form,
        "sheet_shows": illegal_line(replay, algebraic), **_roles(request, tournament)})


# --- officials ----------------------------------------------------------------------------------

def _officials_page(request, tournament: Tournament, form=None, status: int = 200):
    return render(request, "arbitration/officials.html", {
        "tournament": tournament, "form": form or OfficialForm(),
        "organisers": tournament.organisers.order_by("username"),
        "arbiters": tournament.arbiters.order_by("username"),
        "history": history_rows(AuditEntry.objects.filter(
            tournament=tournament, action__in=["official-added", "official-removed"])[:20]),
        **_roles(request, tournament)}, status=status)


@organiser_required
def officials(request, tournament: Tournament):
    """The organiser names and removes arbiters and co-organisers by username."""
    return _officials_page(request, tournament)


@require_POST
@organiser_required
def official_add(request, tournament: Tournament):
    form = OfficialForm(request.POST)
    if form.is_valid():
        try:
            member = services.add_official(tournament, username=form.cleaned_data["username"],
                                           role=form.cleaned_data["role"], user=request.user)
        except services.ArbitrationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(username)s is now %(role)s of this tournament.") % {
                "username": member.get_username(), "role": Role(form.cleaned_data["role"]).label})
            return redirect("arbitration:officials", tournament.slug)
    return _officials_page(request, tournament, form)


@require_POST
@organiser_required
def official_remove(request, tournament: Tournament):
    form = RemoveOfficialForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The form was incomplete: nothing was changed."))
        return redirect("arbitration:officials", tournament.slug)
    member = get_object_or_404(get_user_model(), pk=form.cleaned_data["user_id"])
    try:
        services.remove_official(tournament, member=member, role=form.cleaned_data["role"],
                                 user=request.user)
    except services.ArbitrationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(username)s is no longer %(role)s of this tournament.") % {
            "username": member.get_username(), "role": Role(form.cleaned_data["role"]).label})
    return redirect("arbitration:officials", tournament.slug)
