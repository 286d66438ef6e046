"""Entering both results of a micro-match at once (issue 17): both or neither are saved.

Each game stays an ordinary Game with its own page, score sheet and claims; this page only
spares the arbiter two forms and refuses a match result with one game missing.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.models import Game, GameResult, Tournament
from tournaments.pages.permissions import can_arbitrate, tournament_role_required
from tournaments.pairing import micro_match

PLAYED = [choice for choice in GameResult.choices if choice[0]]


class MicroMatchForm(forms.Form):
    first = forms.ChoiceField(label=gettext_lazy("First game"), choices=PLAYED)
    second = forms.ChoiceField(label=gettext_lazy("Return game (colours reversed)"),
                               choices=PLAYED)
    first_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    second_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, games: tuple[Game, Game], **kwargs):
        kwargs.setdefault("initial", {"first": games[0].result, "second": games[1].result,
                                      "first_version": games[0].version,
                                      "second_version": games[1].version})
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].error_messages["required"] = _(
                "A micro-match result needs both games: this one is missing.")


def match_games(tournament: Tournament, round_number: int, match: int) -> tuple[Game, Game]:
    boards = (2 * match - 1, 2 * match)
    games = list(Game.objects.with_players().filter(
        round__tournament=tournament, round__number=round_number, board__in=boards
    ).order_by("board"))
    if not tournament.micro_match or len(games) != micro_match.GAMES_PER_MATCH:
        raise Http404(_("No such micro-match."))
    return games[0], games[1]


@tournament_role_required(can_arbitrate)
def micro_match_result(request, tournament: Tournament, number: int, match: int):
    games = match_games(tournament, number, match)
    form = MicroMatchForm(request.POST or None, games=games)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                for game, field in zip(games, ("first", "second"), strict=True):
                    services.record_result(game, result=data[field],
                                           expected_version=data[f"{field}_version"],
                                           user=request.user)
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Micro-match saved: match %(match)d of round %(round)d.")
                             % {"match": match, "round": number})
            return redirect("tournaments:round", tournament.slug, number)
    return render(request, "tournaments/micro_match_result.html",
                  {"form": form, "games": games, "tournament": tournament, "number": number,
                   "match": match}, status=400 if form.errors else 200)
