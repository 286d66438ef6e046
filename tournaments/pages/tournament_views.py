"""A tournament's public pages: the front page and the list of tournaments, a tournament's page
with its players and what to do next, its rounds, and each player's games. Public pages need no
login."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import Entry, Game, Round, Tournament
from tournaments.pages import live
from tournaments.pages import pieces as page_pieces
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.live_tables import pairing_table
from tournaments.pages.permissions import can_create_tournament
from tournaments.pages.tables import (
    EntryTable,
    PlayerGamesTable,
    TournamentTable,
)
from tournaments.printing import swiss_rows
from tournaments.printing.standings_texts import local_points
from tournaments.queries import swiss_micro
from tournaments.standings.scoring import points as result_points


def home(request):
    """The front page: every tournament, newest first."""
    return render(request, "home.html", {"tournaments": Tournament.objects.all()})


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
        context["absences"] = swiss_rows.round_absences(tournament, number)
    context["live"] = live.round_live_context(request, tournament, round_)
    if tournament.micro_match:
        context["micro_matches"] = range(1, (round_.games.count() + 1) // 2 + 1)
    return table_page(request, table, f"{slug}-rodada-{number}", "tournaments/round_detail.html",
                      context, _("Round %(number)d") % {"number": number})


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
