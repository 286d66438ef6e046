"""The organiser names and removes arbiters and co-organisers by username."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from arbitration import services
from arbitration.forms import (
    OfficialForm,
    RemoveOfficialForm,
    add_service_error,
)
from arbitration.history import history_rows
from arbitration.models import AuditEntry, Role
from arbitration.views.common import (
    organiser_required,
    roles,
)
from tournaments.models import Tournament


def _officials_page(request, tournament: Tournament, form=None, status: int = 200):
    return render(request, "arbitration/officials.html", {
        "tournament": tournament, "form": form or OfficialForm(),
        "organisers": tournament.organisers.order_by("username"),
        "arbiters": tournament.arbiters.order_by("username"),
        "history": history_rows(AuditEntry.objects.filter(
            tournament=tournament, action__in=["official-added", "official-removed"])[:20]),
        **roles(request, tournament)}, status=status)


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
