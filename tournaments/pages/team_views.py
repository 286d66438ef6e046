"""Pages of a team competition (issue 16): teams, team standings, the team crosstable, each
round's matches with their boards, each team's page, board prizes, and the line-up form.

Thin views over team_services and the plain module teams.py; tables export to CSV through
context.table_page. Writing views check the role on the server (arbiters, organisers, and a
team's captain for its own line-ups).
"""

from __future__ import annotations

from fractions import Fraction

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from django.views.decorators.http import require_POST

from tournaments.models import Entry, Round, Team, TeamCompetition, TeamSystem, Tournament
from tournaments.pages import pieces as page_pieces
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.permissions import (
    can_arbitrate,
    can_manage,
    refuse,
    tournament_role_required,
)
from tournaments.pages.tables import printed
from tournaments.pages.team_tables import (
    TEAM_TIEBREAK_NAMES,
    BoardPrizeTable,
    MatchBoardsTable,
    RosterTable,
    TeamCrosstableTable,
    TeamStandingsTable,
)
from tournaments.printing import team_documents
from tournaments.printing.all_pairings import paper_result
from tournaments.printing.collect import tournament_header
from tournaments.printing.standings_texts import local_points
from tournaments.services import teams as team_services
from tournaments.standings import teams


def team_table_page(request, table, export_name: str, template: str, context: dict,
                    title: str, subtitle: str = ""):
    """The page, its CSV (context.table_page), or with ?_export=pdf the same table printed, a
    game's result as the other printed pairings write it (issue 25)."""
    if request.GET.get("_export") == "pdf":
        names = [column.name for column in table.columns
                 if not column.column.exclude_from_export]
        values = [[printed(cell) for cell in row] for row in table.as_values()]
        if "result" in names:
            at = names.index("result")
            for row in values[1:]:
                row[at] = paper_result(row[at])
        document = team_documents.TableDocument(
            header=tournament_header(context["tournament"]), title=title, subtitle=subtitle,
            headings=tuple(values[0]), rows=tuple(tuple(row) for row in values[1:]))
        return pdf_response(team_documents.build_table_pdf(document), f"{export_name}.pdf")
    return table_page(request, table, export_name, template, context,
                      f"{title} {subtitle}".strip())


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def team_tournament(slug: str) -> Tournament:
    """The tournament, or 404 when it is not a team competition."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not TeamCompetition.objects.filter(tournament=tournament).exists():
        raise Http404(_("This tournament is not a team competition."))
    return tournament


def team_context(request, tournament: Tournament, **extra) -> dict:
    competition = tournament.team_competition
    return tournament_context(request, tournament, competition=competition,
                              teams_by_id={t.pk: t for t in tournament.teams.all()}, **extra)


def teams_page(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    team_list = list(tournament.teams.prefetch_related("members__entry__player"))
    deletable = team_services.deletable_last_round(tournament) if context["can_manage"] else None
    return render(request, "tournaments/teams/teams.html", {
        **context, "team_list": team_list, "deletable_round": deletable})


def team_standings(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    by_id = context["teams_by_id"]
    rows = []
    for line in page_pieces.team_standings(tournament):
        team = by_id[line.team]
        rows.append({"rank": line.rank, "name": team.name, "club": team.club,
                     "url": team.get_absolute_url(), "matches": line.matches,
                     "withdrawn_from_round": team.withdrawn_from_round,
                     "primary": line.primary(competition.scoring),
                     **{f"tb_{key}": line.tiebreaks[key] for key in competition.tiebreaks}})
    table = TeamStandingsTable(rows, competition.tiebreaks,
                               competition.get_primary_display().capitalize())
    context["tiebreak_legend"] = [str(TEAM_TIEBREAK_NAMES[key]) for key in competition.tiebreaks]
    return team_table_page(request, table, f"{slug}-equipes-classificacao",
                           "tournaments/teams/standings.html", context, _("Team standings"))


def team_crosstable(request, slug: str):
    """Match results with the game points in each cell, row team's first ("2,5–1,5")."""
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    by_id = context["teams_by_id"]
    records = page_pieces.team_records(tournament)
    cells: dict[tuple[int, int], list[str]] = {}
    for record in records:
        if record.is_bye or not record.complete:
            continue
        home, away = teams.match_game_points(record, tournament.scoring, competition.scoring)
        # An en dash, as the round's matches write a score: "3-1" is a date to a spreadsheet
        # that opens the CSV (1 March), "3–1" stays text (issue 20).
        cells.setdefault((record.home, record.away), []).append(
            f"{local_points(home)}–{local_points(away)}")
        cells.setdefault((record.away, record.home), []).append(
            f"{local_points(away)}–{local_points(home)}")
    standing = {line.team: line for line in page_pieces.team_standings(tournament)}
    ordered = sorted(by_id.values(), key=lambda t: (t.number or 0, t.name))
    numbers = [team.number or index for index, team in enumerate(ordered, start=1)]
    rows = []
    for number, team in zip(numbers, ordered, strict=True):
        line = standing[team.pk]
        row = {"number": number, "name": team.name, "url": team.get_absolute_url(),
               "withdrawn_from_round": team.withdrawn_from_round,
               "match_points": line.match_points, "game_points": line.game_points,
               "rank": line.rank}
        for other_number, other in zip(numbers, ordered, strict=True):
            row[f"c{other_number}"] = "×" if other == team else " / ".join(
                cells.get((team.pk, other.pk), []))
        rows.append(row)
    table = TeamCrosstableTable(rows, numbers)
    return team_table_page(request, table, f"{slug}-equipes-tabela",
                           "tournaments/teams/crosstable.html", context, _("Team crosstable"))


def board_result(board) -> tuple[str, str, str]:
    """(White, result, Black) of a match board as shown: names and the result or forfeit."""
    if board.game is not None:
        game = board.game
        return game.white.player.name, game.result or "", game.black.player.name
    return "", board.forfeit, ""


def team_round(request, slug: str, number: int):
    tournament = team_tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    context = team_context(request, tournament, round=round_)
    competition = context["competition"]
    matches = list(round_.team_matches.select_related("home", "away").prefetch_related(
        "boards__game__white__player", "boards__game__black__player").order_by("table"))
    records = {(r.home, r.away): r for r in page_pieces.team_records(tournament)
               if r.round == number}
    rows, summaries = [], []
    lineups = {(lb.team_id, lb.board): lb.entry for lb in
               round_.lineup_boards.select_related("entry__player")}
    for match in matches:
        away_name = (match.away.name if match.away
                     else pgettext("a round without a game for one player", "bye"))
        record = records.get((match.home_id, match.away_id))
        score = ""
        if record is not None and not match.is_bye:
            home_points, away_points = teams.match_game_points(
                record, tournament.scoring, competition.scoring)
            score = f"{local_points(home_points)}–{local_points(away_points)}"
        summaries.append({"match": match, "away_name": away_name, "score": score,
                          "can_lineup_home": can_hand_in_lineup(request.user, match.home),
                          "can_lineup_away": bool(match.away)
                          and can_hand_in_lineup(request.user, match.away)})
        for board in sorted(match.boards.all(), key=lambda b: b.board):
            white, result, black = board_result(board)
            if board.game is None:  # the side present is in the line-up
                home_colour = dict(teams.board_colours(competition.boards))[board.board]
                home_entry = lineups.get((match.home_id, board.board))
                away_entry = lineups.get((match.away_id, board.board))
                h = home_entry.player.name if home_entry else ""
                a = away_entry.player.name if away_entry else ""
                white, black = (h, a) if home_colour == "white" else (a, h)
            rows.append({"match": match.table, "board": board.board, "home": match.home.name,
                         "white": white or None, "result": result, "black": black or None,
                         "away": away_name})
    deletable = team_services.deletable_last_round(tournament) if context["can_manage"] else None
    context.update(summaries=summaries, started=team_services.round_started(round_),
                   deletable=deletable is not None and deletable.pk == round_.pk)
    table = MatchBoardsTable(rows)
    return team_table_page(request, table, f"{slug}-equipes-rodada-{number}",
                           "tournaments/teams/round.html", context, _("Matches"),
                           _("Round %(number)d") % {"number": number})


def team_detail(request, slug: str, team_id: int):
    """A team's roster with each player's individual score, and its matches."""
    tournament = team_tournament(slug)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    context = team_context(request, tournament, team=team)
    competition = context["competition"]
    records = page_pieces.team_records(tournament)
    scores = teams.player_scores(records, tournament.scoring)
    rows = []
    for member in team.members.select_related("entry__player").order_by("position"):
        got, games = scores.get(member.entry_id, (Fraction(0), 0))
        percentage = round(got * 100 / (games * tournament.scoring.win), 1) if games else ""
        rows.append({"position": member.position, "name": member.entry.player.name,
                     "url": member.entry.get_absolute_url(),
                     "role": _("regular") if member.position <= competition.boards
                     else _("reserve"),
                     "rating": member.entry.player.rating or "", "games": games,
                     "points": got, "percentage": percentage})
    matches = []
    by_id = context["teams_by_id"]
    for record in records:
        if team.pk not in (record.home, record.away):
            continue
        opponent = record.away if record.home == team.pk else record.home
        home_points, away_points = teams.match_game_points(record, tournament.scoring,
                                                           competition.scoring)
        mine, theirs = ((home_points, away_points) if record.home == team.pk
                        else (away_points, home_points))
        matches.append({"round": record.round,
                        "opponent": by_id[opponent] if opponent else None,
                        "score": f"{local_points(mine)}–{local_points(theirs)}"
                        if record.complete or record.is_bye else ""})
    context["matches"] = matches
    context["can_withdraw"] = (context["can_manage"] and team.withdrawn_from_round is None
                               and bool(context["paired"]))
    return team_table_page(request, RosterTable(rows), f"{slug}-equipe-{team.pk}",
                           "tournaments/teams/team.html", context, team.name)


def board_prizes(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    entries = {entry.pk: entry for entry in
               Entry.objects.filter(tournament=tournament)
               .select_related("player", "team_member__team")}
    rows = []
    prizes = teams.board_prizes(page_pieces.team_records(tournament), tournament.scoring,
                                competition.board_prize_min_games)
    for board, scores in prizes.items():
        for rank, score in enumerate(scores, start=1):
            entry = entries[score.player]
            member = getattr(entry, "team_member", None)
            rows.append({"board": board, "rank": rank, "name": entry.player.name,
                         "url": entry.get_absolute_url(),
                         "team": member.team.name if member else "", "games": score.games,
                         "points": score.points,
                         "percentage": round(score.percentage, 1)})
    return team_table_page(request, BoardPrizeTable(rows), f"{slug}-premios-por-tabuleiro",
                           "tournaments/teams/board_prizes.html", context, _("Board prizes"))


# --- writing ------------------------------------------------------------------------------------

def can_hand_in_lineup(user, team: Team) -> bool:
    """The tournament's arbiters and organisers, and the team's captain."""
    if can_arbitrate(user, team.tournament):
        return True
    return bool(user.is_authenticated and team.captain_id == user.pk)


class LineupForm(forms.Form):
    """One choice per board among the team's roster, or nobody."""

    def __init__(self, *args, players: list[Entry], current: list[Entry | None], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", gettext_lazy("(nobody: forfeit)"))] + [
            (str(entry.pk), f"{index}. {entry.player.name}")
            for index, entry in enumerate(players, start=1)]
        for board, entry in enumerate(current, start=1):
            self.fields[f"board_{board}"] = forms.TypedChoiceField(
                label=_("Board %(board)d") % {"board": board}, choices=choices, required=False,
                coerce=int, empty_value=None, initial=str(entry.pk) if entry else "")

    def lineup(self) -> list[int | None]:
        return [self.cleaned_data[name] for name in self.fields]


def lineup(request, slug: str, team_id: int, number: int):
    tournament = team_tournament(slug)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not can_hand_in_lineup(request.user, team):
        return refuse(request)
    players = team_services.roster(team)
    current = team_services.lineup_of(round_, team)
    form = LineupForm(request.POST or None, players=players, current=current)
    problems: list[str] = []
    locked = team_services.round_started(round_)
    if request.method == "POST" and form.is_valid():
        try:
            team_services.set_lineup(round_, team, form.lineup(), user=request.user)
        except team_services.LineupError as error:
            problems = error.problems
            messages.error(request, _("The line-up was refused and nothing was saved."))
        except team_services.TournamentError as error:
            messages.error(request, str(error))
            problems = [str(error)]
        else:
            messages.success(request, _("Line-up of %(team)s for round %(number)d saved.") % {
                "team": team.name, "number": number})
            return redirect("tournaments:team_round", slug, number)
    context = team_context(request, tournament, team=team, round=round_, form=form,
                           problems=problems, locked=locked)
    return render(request, "tournaments/teams/lineup.html", context,
                  status=400 if problems else 200)


@require_POST
@tournament_role_required(can_arbitrate)
def start_round(request, tournament: Tournament, number: int):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        boards = team_services.start_round(round_)
    except team_services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, ngettext(
            "Round %(number)d started: %(count)d board set up; its line-ups are locked.",
            "Round %(number)d started: %(count)d boards set up; its line-ups are locked.",
            len(boards)) % {"number": number, "count": len(boards)})
    return redirect("tournaments:team_round", tournament.slug, number)


@require_POST
@tournament_role_required(can_manage)
def generate_rounds(request, tournament: Tournament):
    """The whole team round robin at once, or the next round of a team Swiss."""
    if tournament.team_competition.system == TeamSystem.SWISS:
        try:
            round_ = team_services.pair_next_swiss_round(tournament, user=request.user)
        except team_services.TournamentError as error:
            messages.error(request, str(error))
            return redirect("tournaments:teams", tournament.slug)
        messages.success(request, _("Round %(number)d paired.") % {"number": round_.number})
        return redirect("tournaments:team_round", tournament.slug, round_.number)
    try:
        rounds = team_services.generate_team_round_robin(tournament)
    except team_services.TournamentError as error:
        messages.error(request, str(error))
        return redirect("tournaments:teams", tournament.slug)
    messages.success(request, ngettext("%(count)d round generated.", "%(count)d rounds generated.",
                                       len(rounds)) % {"count": len(rounds)})
    return redirect("tournaments:team_round", tournament.slug, 1)



@tournament_role_required(can_manage)
def delete_round(request, tournament: Tournament, number: int):
    """The team Swiss's last round, deleted or paired again while nothing is decided in it:
    GET asks for confirmation, POST does it (action "delete" or "repair"), audited."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if TeamCompetition.objects.filter(tournament=tournament).first() is None:
        raise Http404(_("This tournament is not a team competition."))
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "repair":
                again = team_services.repair_last_swiss_round(round_, user=request.user)
            elif action == "delete":
                team_services.delete_last_swiss_round(round_, user=request.user)
            else:
                messages.error(request, _("Choose to delete the round or to pair it again."))
                return redirect("tournaments:team_delete_round", tournament.slug, number)
        except team_services.TournamentError as error:
            messages.error(request, str(error))
            return redirect("tournaments:teams", tournament.slug)
        if action == "repair":
            messages.success(request, _("Round %(number)d paired again.") % {
                "number": again.number})
            return redirect("tournaments:team_round", tournament.slug, again.number)
        messages.success(request, _("Round %(number)d deleted.") % {"number": number})
        return redirect("tournaments:teams", tournament.slug)
    deletable = team_services.deletable_last_round(tournament)
    lines = [f"{match.table}. {match.home.name} – "
             + (match.away.name if match.away else pgettext(
                 "a round without a game for one player", "bye"))
             for match in round_.team_matches.select_related("home", "away").order_by("table")]
    if not lines:  # a draft of individual games
        lines = [f"{board}. {white} – {black}" for board, white, black in round_.games.order_by(
            "board").values_list("board", "white__player__name", "black__player__name")]
    context = team_context(
        request, tournament, round=round_, team=True, header_active="teams",
        deletable=deletable is not None and deletable.pk == round_.pk, pairing_lines=lines,
        action_url=reverse("tournaments:team_delete_round", args=[tournament.slug, number]),
        back_url=reverse("tournaments:team_round", args=[tournament.slug, number]))
    return render(request, "tournaments/delete_round.html", context)


# --- organising --------------------------------------------------------------------------------

class TeamSettingsForm(forms.ModelForm):
    """The team settings; the tie-break order is one select per place, not JSON to type."""

    class Meta:
        model = TeamCompetition
        fields = ["system", "swiss_rounds", "boards", "match_win", "match_draw", "match_loss",
                  "primary", "bye_match_points", "bye_game_points", "board_prize_min_games",
                  "colour_preferences", "secondary_for_colours"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(key, TEAM_TIEBREAK_NAMES[key]) for key in teams.TEAM_TIEBREAKS]
        current = list(self.instance.tiebreaks or []) if self.instance.pk else list(
            teams.DEFAULT_TEAM_TIEBREAKS)
        for place in range(1, len(teams.TEAM_TIEBREAKS) + 1):
            self.fields[f"tiebreak_{place}"] = forms.ChoiceField(
                label=_("Team tie-break %(place)d") % {"place": place}, choices=choices,
                required=False,
                initial=current[place - 1] if place <= len(current) else "")

    def clean(self):
        cleaned = super().clean()
        order = [cleaned.get(f"tiebreak_{place}") for place in
                 range(1, len(teams.TEAM_TIEBREAKS) + 1)]
        order = [key for key in order if key]
        twice = sorted({key for key in order if order.count(key) > 1})
        if twice:
            raise forms.ValidationError(_("Each team tie-break may be chosen once: %(names)s "
                                          "is chosen twice.") % {
                "names": ", ".join(str(TEAM_TIEBREAK_NAMES[key]) for key in twice)})
        self.instance.tiebreaks = order
        return cleaned


class TeamForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Team"), max_length=200)
    club = forms.CharField(label=gettext_lazy("Club or city"), max_length=200, required=False)
    captain_name = forms.CharField(label=gettext_lazy("Captain"), max_length=200,
                                   required=False)

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not any(character.isalpha() for character in name):
            raise forms.ValidationError(_("A team's name needs at least one letter."))
        return name


class TeamPlayerForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    rating = forms.IntegerField(label=gettext_lazy("Rating"), required=False, min_value=0,
                                max_value=32767)
    federation_id = forms.CharField(label=gettext_lazy("Federation id"), max_length=40,
                                    required=False)


@tournament_role_required(can_manage)
def team_settings(request, tournament: Tournament):
    """Make a tournament a team competition, or change its team settings.

    Boards and pairing system are fixed once rounds exist; a tournament that already has
    individual entries cannot become a team competition.
    """
    competition = TeamCompetition.objects.filter(tournament=tournament).first()
    if competition is None and tournament.entries.exists():
        messages.error(request, _(
            "This tournament already has players entered one by one: a team competition "
            "starts with its teams."))
        return redirect(tournament)
    before = (competition.system, competition.boards) if competition else None
    form = TeamSettingsForm(request.POST or None,
                            instance=competition or TeamCompetition(tournament=tournament))
    if request.method == "POST" and form.is_valid():
        changed = before is not None and before != (form.instance.system, form.instance.boards)
        if changed and tournament.rounds.exists():
            form.add_error("boards", _(
                "The rounds are already generated: the boards and the pairing system are "
                "fixed."))
        else:
            form.save()
            messages.success(request, _("Team competition settings saved."))
            return redirect("tournaments:teams", tournament.slug)
    return render(request, "tournaments/teams/settings.html",
                  {"form": form, "tournament": tournament})


@tournament_role_required(can_manage)
def add_team(request, tournament: Tournament):
    if not TeamCompetition.objects.filter(tournament=tournament).exists():
        raise Http404(_("This tournament is not a team competition."))
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = team_services.add_team(tournament, **form.cleaned_data)
        except team_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(team)s added.") % {"team": team.name})
            return redirect(team)
    return render(request, "tournaments/teams/form.html",
                  {"form": form, "tournament": tournament, "heading": _("Add a team")},
                  status=400 if form.errors else 200)


@tournament_role_required(can_manage)
def add_team_player(request, tournament: Tournament, team_id: int):
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    form = TeamPlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            member = team_services.add_team_player(team, **form.cleaned_data)
        except team_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(name)s added to %(team)s as number %(position)d.")
                             % {"name": member.entry.player.name, "team": team.name,
                                "position": member.position})
            return redirect(team)
    return render(request, "tournaments/teams/form.html",
                  {"form": form, "tournament": tournament, "team": team,
                   "heading": _("Add a player to %(team)s") % {"team": team.name}},
                  status=400 if form.errors else 200)


class TeamWithdrawalForm(forms.Form):
    from_round = forms.IntegerField(
        label=gettext_lazy("Withdrawn from round"),
        help_text=gettext_lazy("The first round the team does not play; its remaining "
                               "matches become forfeits on every board."))


@tournament_role_required(can_manage)
def withdraw_team(request, tournament: Tournament, team_id: int):
    """An organiser withdraws a whole team from a round on (audited; undone by return_team)."""
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    form = TeamWithdrawalForm(request.POST or None, initial={
        "from_round": team_services.first_round_to_withdraw(team)})
    if request.method == "POST" and form.is_valid():
        try:
            forfeits = team_services.withdraw_team(team, form.cleaned_data["from_round"],
                                                   user=request.user)
        except team_services.TournamentError as error:
            form.add_error("from_round", str(error))
        else:
            messages.success(request, ngettext(
                "%(team)s withdrawn from round %(number)d; %(count)d board already set up "
                "became a forfeit (Art. 28).",
                "%(team)s withdrawn from round %(number)d; %(count)d boards already set up "
                "became forfeits (Art. 28).", len(forfeits)) % {
                "team": team.name, "number": form.cleaned_data["from_round"],
                "count": len(forfeits)})
            return redirect(team)
    return render(request, "tournaments/teams/form.html",
                  {"form": form, "tournament": tournament, "team": team,
                   "heading": _("Withdraw %(team)s") % {"team": team.name},
                   "submit": _("Withdraw the team")},
                  status=400 if form.errors else 200)


@require_POST
@tournament_role_required(can_manage)
def return_team(request, tournament: Tournament, team_id: int):
    """An organiser undoes a team's withdrawal made by mistake; the log keeps both."""
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    try:
        restored, kept = team_services.return_team(team, user=request.user)
    except team_services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, ngettext(
            "%(team)s plays again; %(count)d board got its result back.",
            "%(team)s plays again; %(count)d boards got their results back.",
            len(restored)) % {"team": team.name, "count": len(restored)})
        if kept:
            messages.warning(request, _(
                "Results changed since the withdrawal were kept: rounds %(rounds)s.") % {
                "rounds": ", ".join(sorted({str(game.round.number) for game in kept}))})
    return redirect(team)


def match_slips(request, slug: str, number: int):
    """The round's result slips as PDF: one per match, with all its boards."""
    tournament = team_tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    colours = dict(teams.board_colours(tournament.team_competition.boards))
    slips = []
    for match in (round_.team_matches.filter(away__isnull=False).select_related("home", "away")
                  .order_by("table")):
        home = team_services.lineup_of(round_, match.home)
        away = team_services.lineup_of(round_, match.away)
        boards = []
        for board, home_colour in colours.items():
            h, a = home[board - 1], away[board - 1]
            h_name = h.player.name if h else ""
            a_name = a.player.name if a else ""
            white, black = (h_name, a_name) if home_colour == "white" else (a_name, h_name)
            boards.append((board, white, black))
        slips.append(team_documents.MatchSlip(round=number, table=match.table,
                                              home=match.home.name, away=match.away.name,
                                              boards=tuple(boards)))
    content = team_documents.build_match_slips_pdf(tournament_header(tournament), number, slips)
    return pdf_response(content, f"{slug}-rodada-{number}-sumulas-equipes.pdf")
