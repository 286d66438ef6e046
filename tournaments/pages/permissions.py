"""Who may do what: organisers manage their tournaments, arbiters also enter results, a team's
captain hands in its line-ups.

Every view that writes checks these on the server; templates only use them to hide buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Team, Tournament


def can_create_tournament(user) -> bool:
    """Members of the "Organizadores" group (permission add_tournament) and superusers."""
    return bool(user.is_authenticated and user.has_perm("tournaments.add_tournament"))


def can_manage(user, tournament: Tournament) -> bool:
    """A superuser, one of the tournament's organisers, or an organiser of its event."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if tournament.organisers.filter(pk=user.pk).exists():
        return True
    return _event_role(tournament, "organisers", user)


def can_arbitrate(user, tournament: Tournament) -> bool:
    """Whoever can manage the tournament, one of its arbiters, or an arbiter of its event."""
    if can_manage(user, tournament):
        return True
    if not user.is_authenticated:
        return False
    return (tournament.arbiters.filter(pk=user.pk).exists()
            or _event_role(tournament, "arbiters", user))


def _event_role(tournament: Tournament, role: str, user) -> bool:
    """Officials named on the event of which the tournament is a section (events app, issue 17):
    read through the reverse relation, so tournaments does not import events."""
    if tournament.pk is None:
        return False
    return Tournament.objects.filter(
        pk=tournament.pk, **{f"event_section__event__{role}": user}
    ).exists()


def refuse(request):
    """Anonymous visitors are sent to sign in; signed-in users without the role get 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def tournament_role_required(check: Callable[[object, Tournament], bool]):
    """Decorate a view taking `slug`: load the tournament, check the role, pass it on."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            if not check(request.user, tournament):
                return refuse(request)
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator


def can_hand_in_lineup(user, team: Team) -> bool:
    """The tournament's arbiters and organisers, and the team's captain."""
    if can_arbitrate(user, team.tournament):
        return True
    return bool(user.is_authenticated and team.captain_id == user.pk)
