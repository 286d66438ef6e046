"""The arbiter's Swiss page: initial ranking, pair, check, edit and publish one round at a time,
byes asked for and late entries. Each POST calls one `swiss_event` step and says what happened."""

from __future__ import annotations

from fractions import Fraction

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Absence, Round, Tournament
from tournaments.pages.permissions import can_arbitrate, can_manage, tournament_role_required
from tournaments.pages.swiss_forms import AbsenceForm, ExchangeForm, LateEntryForm
from tournaments.printing.standings_texts import local_points
from tournaments.queries import pairing_options
from tournaments.services import swiss as swiss_event


def _back(tournament: Tournament):
    """The Swiss page; a round robin's own page, a team competition's teams page (one
    redirect, where the message shows)."""
    if not tournament.is_swiss:
        return redirect(tournament)
    if not tournament.is_individual_swiss:
        return redirect("tournaments:teams", tournament.slug)
    return redirect("tournaments:swiss", tournament.slug)


def _pending(tournament: Tournament) -> Round | None:
    return tournament.rounds.filter(published=False).order_by("number").first()


def points_before(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Each paired player's points before `round_number`, by entry id, as the page prints them."""
    return {pk: local_points(score)
            for pk, score in scores_before(tournament, round_number).items()}


def scores_before(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """Each paired player's points before `round_number`, by entry id."""
    position = swiss_event.position_before(tournament, round_number)
    by_number = dict(tournament.entries.values_list("number", "pk"))
    return {by_number[p.number]: p.score for p in position.players}


def _draft_scores(tournament: Tournament, round_number: int
                  ) -> tuple[dict[int, Fraction], dict[int, str]]:
    """Each paired player's points before the round, and the virtual points Baku's acceleration
    gives him in it (issue 27, only those who have some), by entry id."""
    position = swiss_event.position_before(tournament, round_number)
    by_number = dict(tournament.entries.values_list("number", "pk"))
    scores = {by_number[p.number]: p.score for p in position.players}
    virtual = {by_number[p.number]: local_points(p.acceleration) for p in position.players
               if p.acceleration}
    return scores, virtual


def forbidden_note(tournament: Tournament, round_number: int) -> dict | None:
    """The forbidden pairings the engine kept in the round, for the draft page: each club with
    its number of players, each named pair."""
    pairs = pairing_options.forbidden_in_round(tournament, round_number)
    if not pairs:
        return None
    names = dict(tournament.entries.values_list("pk", "player__name"))
    return {"clubs": [(club, len(ids)) for club, ids in pairs.clubs.items()],
            "named": [(names[p.first], names[p.second], p.note) for p in pairs.named]}


@tournament_role_required(can_arbitrate)
def swiss_desk(request, tournament: Tournament):
    if not tournament.is_swiss:
        messages.info(request, _("This tournament is a round robin, not a Swiss."))
        return redirect(tournament)
    if not tournament.is_individual_swiss:
        messages.error(request, swiss_event.team_competition_refusal())
        return redirect("tournaments:teams", tournament.slug)
    pending = _pending(tournament)
    boards, bye_points, bye_points_count = [], "", 2
    virtual, forbidden = {}, None
    if pending is not None:
        scores, virtual = _draft_scores(tournament, pending.number)
        before = {pk: local_points(score) for pk, score in scores.items()}
        for game in pending.games.select_related("white__player", "black__player"):
            boards.append({"game": game, "white_points": before.get(game.white_id, ""),
                           "black_points": before.get(game.black_id, ""),
                           "white_virtual": virtual.get(game.white_id, ""),
                           "black_virtual": virtual.get(game.black_id, "")})
        forbidden = forbidden_note(tournament, pending.number)
        if pending.bye_id:
            score = scores.get(pending.bye_id)
            if score is not None:
                bye_points = local_points(score)
                # "1 ponto", "0,5 pontos": the plural form follows the value, as on the round
                # page (tournaments.pages.tournament_views.round_detail).
                score = Fraction(score)
                bye_points_count = score.numerator if score.denominator == 1 else 2
    last = tournament.rounds.order_by("-number").first()
    deletable = last if last is not None and not swiss_event.round_has_records(last) else None
    context = {
        "deletable_round": deletable, "virtual": virtual, "forbidden": forbidden,
        "tournament": tournament, "pending": pending, "boards": boards, "bye_points": bye_points,
        "bye_points_count": bye_points_count,
        "next_number": (last.number + 1) if last else 1, "paired": last is not None,
        "can_manage": can_manage(request.user, tournament), "can_arbitrate": True,
        # A bye or absence of a round already published cannot be cancelled (swiss_event.
        # cancel_absence): the page offers no button that would only answer so.
        "published_through": max(tournament.rounds.filter(published=True)
                                 .values_list("number", flat=True), default=0),
        "absences": Absence.objects.filter(entry__tournament=tournament)
        .select_related("entry__player"),
        "absence_form": AbsenceForm(tournament=tournament),
        "late_form": LateEntryForm(),
        "exchange_form": ExchangeForm(tournament=tournament),
        "warnings": request.session.pop(f"swiss-warnings-{tournament.pk}", []),
        "withdrawn": tournament.entries.filter(withdrawn=True).select_related("player"),
    }
    return render(request, "tournaments/swiss_desk.html", context)


def _step(request, tournament: Tournament, step, success: str):
    try:
        result = step()
    except services.TournamentError as error:
        messages.error(request, str(error))
        return None
    messages.success(request, success)
    return result


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_pair(request, tournament: Tournament):
    _step(request, tournament, lambda: swiss_event.pair_next_round(tournament, user=request.user),
          _("Round paired. Check it, then publish it."))
    return _back(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_repair(request, tournament: Tournament, number: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    _step(request, tournament, lambda: swiss_event.repair_round(round_, user=request.user),
          _("Round paired again."))
    return _back(tournament)


@tournament_role_required(can_arbitrate)
def swiss_delete_round(request, tournament: Tournament, number: int):
    """The last round, deleted or paired again while nothing is played in it, published or
    not (issue 25): GET asks for confirmation, POST does it (action "delete" or "repair")."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not tournament.is_individual_swiss:
        messages.error(request, swiss_event.team_competition_refusal()
                       if tournament.is_swiss else
                       _("This tournament is a round robin, not a Swiss."))
        return _back(tournament)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "repair":
            if _step(request, tournament,
                     lambda: swiss_event.repair_round(round_, user=request.user),
                     _("Round paired again.")) is None:
                return redirect("tournaments:swiss_delete_round", tournament.slug, number)
        elif action == "delete":
            if _step(request, tournament,
                     lambda: swiss_event.delete_last_round(round_, user=request.user),
                     _("Round %(number)d deleted.") % {"number": number}) is None:
                return redirect("tournaments:swiss_delete_round", tournament.slug, number)
        else:
            messages.error(request, _("Choose to delete the round or to pair it again."))
            return redirect("tournaments:swiss_delete_round", tournament.slug, number)
        return _back(tournament)
    last = tournament.rounds.order_by("-number").first()
    deletable = last is not None and last.pk == round_.pk and not swiss_event.round_has_records(
        round_)
    lines = [f"{game.board}. {game.white.player.name} – {game.black.player.name}"
             for game in round_.games.select_related("white__player", "black__player")
             .order_by("board")]
    context = {
        "tournament": tournament, "round": round_, "deletable": deletable, "team": False,
        "header_active": "swiss", "pairing_lines": lines,
        "can_manage": can_manage(request.user, tournament), "can_arbitrate": True,
        "action_url": reverse("tournaments:swiss_delete_round", args=[tournament.slug, number]),
        "back_url": reverse("tournaments:swiss", args=[tournament.slug]),
    }
    return render(request, "tournaments/delete_round.html", context)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_publish(request, tournament: Tournament, number: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if _step(request, tournament, lambda: swiss_event.publish_round(round_, user=request.user),
             _("Round %(number)d published.") % {"number": number}) is not None:
        return redirect("tournaments:round", tournament.slug, number)
    return _back(tournament)


def _keep_warnings(request, tournament: Tournament, warnings: list[str] | None) -> None:
    """After an edit: every criterion the whole draft breaks (issue 25), or that it breaks none."""
    if warnings is None:
        return
    if warnings:
        request.session[f"swiss-warnings-{tournament.pk}"] = warnings
    else:
        messages.info(request, _("After this edit the pairing breaks no criterion."))


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_swap(request, tournament: Tournament, number: int, board: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    warnings = _step(request, tournament,
                     lambda: swiss_event.swap_colours(round_, board, user=request.user),
                     _("Colours swapped on board %(board)d.") % {"board": board})
    _keep_warnings(request, tournament, warnings)
    return _back(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_exchange(request, tournament: Tournament, number: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = ExchangeForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose two players of the round."))
        return _back(tournament)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    warnings = _step(request, tournament, lambda: swiss_event.exchange_opponents(
        round_, first, second, user=request.user), _("%(a)s and %(b)s exchanged places.") % {
        "a": first.player.name, "b": second.player.name})
    _keep_warnings(request, tournament, warnings)
    return _back(tournament)


@require_POST
@tournament_role_required(can_manage)
def swiss_rank(request, tournament: Tournament):
    _step(request, tournament, lambda: swiss_event.rank_by_rating(tournament),
          _("Initial ranking set: rating, then name."))
    return redirect(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_absence(request, tournament: Tournament):
    form = AbsenceForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _back(tournament)
    data = form.cleaned_data
    _step(request, tournament, lambda: swiss_event.request_absence(
        data["entry"], data["round_number"], data["kind"]), _("Saved."))
    return _back(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_cancel_absence(request, tournament: Tournament, entry_id: int, number: int):
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    _step(request, tournament, lambda: swiss_event.cancel_absence(entry, number), _("Saved."))
    return _back(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_late_entry(request, tournament: Tournament):
    form = LateEntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give at least the player's name."))
        return _back(tournament)
    _step(request, tournament, lambda: swiss_event.enter_late(tournament, **form.cleaned_data),
          _("%(name)s entered late.") % {"name": form.cleaned_data["name"]})
    return _back(tournament)


@require_POST
@tournament_role_required(can_arbitrate)
def swiss_come_back(request, tournament: Tournament, entry_id: int):
    entry = get_object_or_404(tournament.entries.select_related("player", "tournament"),
                              pk=entry_id)
    _step(request, tournament, lambda: swiss_event.come_back(entry, user=request.user),
          _("%(name)s is back and plays again from the next round.") % {
              "name": entry.player.name})
    return _back(tournament)
