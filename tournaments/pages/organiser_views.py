"""The organiser's pages that create and set up a tournament: its settings, the pairing numbers
(drawn by lot or typed) and the generation of the rounds.

Every view that writes checks the role first. Views stay thin: they read a form, call one service
step and turn its domain error into a message."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Tournament
from tournaments.pages.forms import (
    DrawNumbersForm,
    PairingNumbersForm,
    TournamentForm,
)
from tournaments.pages.permissions import (
    can_create_tournament,
    can_manage,
    refuse,
    tournament_role_required,
)


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
