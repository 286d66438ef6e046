"""Results entry by the arbiter: one game's result, or every board of a round on one page, each
refused with what was typed kept when someone else changed the game meanwhile."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.models import Game, GameResult, Round, Tournament
from tournaments.pages import round_results as round_entry
from tournaments.pages.forms import ResultForm
from tournaments.pages.permissions import (
    can_arbitrate,
    tournament_role_required,
)


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
                colours_swapped=form.cleaned_data.get("colours_swapped", False),
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
    if entered.get("colours_swapped"):
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
