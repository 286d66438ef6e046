"""A Swiss's pairing options page (issue 27), for its organisers: Baku acceleration, the same-club
rule and the pairs who must not meet. Each POST calls one `swiss_event` step; a refusal shows on
the form it came from, the page drawn again with what was typed."""

from __future__ import annotations

from fractions import Fraction

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import ForbiddenPair, Tournament
from tournaments.pages.pairing_option_forms import (
    ForbiddenPairForm,
    PairingOptionsForm,
    PairRoundsForm,
)
from tournaments.pages.permissions import can_arbitrate, can_manage, tournament_role_required
from tournaments.pairing.swiss.acceleration import baku
from tournaments.printing.standings_texts import local_points
from tournaments.services import swiss as swiss_event


def _refused(request, tournament: Tournament):
    """A team competition or a round robin has no such options: say so on its own page."""
    if tournament.is_individual_swiss:
        return None
    messages.error(
        request,
        swiss_event.team_competition_refusal()
        if tournament.is_swiss
        else _("This tournament is a round robin, not a Swiss."),
    )
    return redirect(tournament)


def _page(
    request,
    tournament: Tournament,
    *,
    options_form=None,
    pair_form=None,
    pair_errors=None,
    status=200,
):
    pairs = list(
        ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first__player", "second__player"
        )
    )
    context = {
        "tournament": tournament,
        "can_manage": True,
        "can_arbitrate": can_arbitrate(request.user, tournament),
        "options_form": options_form or PairingOptionsForm(tournament=tournament),
        "pair_form": pair_form or ForbiddenPairForm(tournament=tournament),
        "pairs": [
            {
                "pair": pair,
                "errors": (pair_errors or {}).get(pair.pk, []),
                "form": PairRoundsForm(
                    tournament=tournament, prefix=f"p{pair.pk}", initial={"rounds": pair.rounds}
                ),
            }
            for pair in pairs
        ],
        "paired": max(tournament.rounds.values_list("number", flat=True), default=0),
        "baku": _baku_summary(tournament),
    }
    return render(request, "tournaments/pairing_options.html", context, status=status)


def _baku_summary(tournament: Tournament) -> dict | None:
    """Group A's size and its virtual points per round (those with some), as the page says
    them; before the initial ranking too, as group A's size depends only on the entries."""
    if not tournament.baku_acceleration:
        return None
    entered = tournament.entries.filter(first_round=1).count()
    points = baku(
        range(1, entered + 1), tournament.swiss_rounds, Fraction(str(tournament.scoring_win))
    )
    group_a = [values for values in points.values() if any(values)]
    if not group_a:
        return None
    return {
        "group_a": len(group_a),
        "rounds": [
            (number, local_points(value))
            for number, value in enumerate(group_a[0], start=1)
            if value
        ],
    }


@tournament_role_required(can_manage)
def pairing_options(request, tournament: Tournament):
    """GET shows the options; POST saves Baku acceleration and the same-club rule."""
    if (refused := _refused(request, tournament)) is not None:
        return refused
    if request.method != "POST":
        return _page(request, tournament)
    form = PairingOptionsForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            swiss_event.set_pairing_options(tournament, **form.options(), user=request.user)
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Pairing options saved."))
            return redirect("tournaments:pairing_options", tournament.slug)
    return _page(request, tournament, options_form=form)


@require_POST
@tournament_role_required(can_manage)
def forbidden_pair_add(request, tournament: Tournament):
    if (refused := _refused(request, tournament)) is not None:
        return refused
    form = ForbiddenPairForm(request.POST, tournament=tournament)
    if form.is_valid():
        data = form.cleaned_data
        try:
            pair = swiss_event.add_forbidden_pair(
                tournament,
                data["first"],
                data["second"],
                from_round=data["from_round"],
                rounds=data["rounds"],
                note=data["note"],
                user=request.user,
            )
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            names = {"a": data["first"].player.name, "b": data["second"].player.name}
            messages.success(
                request,
                _("%(a)s and %(b)s will not meet from round %(number)d on.")
                % {**names, "number": pair.from_round}
                if pair.from_round > 1
                else _("%(a)s and %(b)s will not meet.") % names,
            )
            return redirect("tournaments:pairing_options", tournament.slug)
    return _page(request, tournament, pair_form=form)


@require_POST
@tournament_role_required(can_manage)
def forbidden_pair_edit(request, tournament: Tournament, pair_id: int):
    """Change the rounds of a listed pair (action "save") or take it off the list ("remove")."""
    if (refused := _refused(request, tournament)) is not None:
        return refused
    pair = get_object_or_404(
        ForbiddenPair.objects.select_related("tournament", "first__player", "second__player"),
        pk=pair_id,
        tournament=tournament,
    )
    names = {"a": pair.first.player.name, "b": pair.second.player.name}
    try:
        if request.POST.get("action") == "remove":
            swiss_event.remove_forbidden_pair(pair, user=request.user)
            messages.success(request, _("%(a)s and %(b)s may meet again.") % names)
            return redirect("tournaments:pairing_options", tournament.slug)
        form = PairRoundsForm(request.POST, tournament=tournament, prefix=f"p{pair.pk}")
        if not form.is_valid():
            return _page(
                request,
                tournament,
                pair_errors={
                    pair.pk: [error for errors in form.errors.values() for error in errors]
                },
            )
        swiss_event.change_forbidden_pair(
            pair, rounds=form.cleaned_data["rounds"], user=request.user
        )
    except services.TournamentError as error:
        return _page(request, tournament, pair_errors={pair.pk: [str(error)]})
    messages.success(request, _("Saved."))
    return redirect("tournaments:pairing_options", tournament.slug)
