"""The desk of a team competition (issue 16): the line-ups a captain hands in, the rounds the
arbiter starts and the organiser generates or deletes, the competition's settings, its teams and
their players, and a team's withdrawal and return.

The rosters of a whole league from one file have their own desk module, team_roster_views.

Thin views over team_services; each checks the role on the server (arbiters, organisers, and a
team's captain for its own line-ups).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from django.views.decorators.http import require_POST

from tournaments.models import Entry, Round, Team, TeamCompetition, TeamSystem, Tournament
from tournaments.pages.permissions import (
    can_arbitrate,
    can_hand_in_lineup,
    can_manage,
    refuse,
    tournament_role_required,
)
from tournaments.pages.team_tables import TEAM_TIEBREAK_NAMES
from tournaments.pages.team_views import team_context, team_tournament
from tournaments.services import teams as team_services
from tournaments.standings import teams


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
