"""The tournament's officials: organisers name arbiters and co-organisers by username."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from arbitration import audit
from arbitration.models import Action, Role
from arbitration.services.base import ArbitrationError
from tournaments.models import Tournament


def _members(tournament: Tournament, role: str):
    return tournament.organisers if role == Role.ORGANISER else tournament.arbiters


def _usernames(tournament: Tournament, role: str) -> list[str]:
    return sorted(user.get_username() for user in _members(tournament, role).all())


@transaction.atomic
def add_official(tournament: Tournament, *, username: str, role: str, user=None):
    """Name an arbiter or a co-organiser of the tournament by username."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if role not in Role.values:
        raise ArbitrationError(_("Choose arbiter or organiser."), "role")
    User = get_user_model()
    member = User.objects.filter(**{User.USERNAME_FIELD: username.strip()}).first()
    if member is None:
        raise ArbitrationError(_("No account has the username “%(username)s”.") % {
            "username": username.strip()}, "username")
    members = _members(tournament, role)
    if members.filter(pk=member.pk).exists():
        raise ArbitrationError(_("%(username)s is already %(role)s of this tournament.") % {
            "username": member.get_username(), "role": Role(role).label}, "username")
    before = _usernames(tournament, role)
    members.add(member)
    audit.record(tournament=tournament, actor=user, action=Action.OFFICIAL_ADDED,
                 before={role: before}, after={role: _usernames(tournament, role)},
                 note=member.get_username())
    return member


@transaction.atomic
def remove_official(tournament: Tournament, *, member, role: str, user=None) -> None:
    """Take a role away; a tournament always keeps at least one organiser."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if role not in Role.values:
        raise ArbitrationError(_("Choose arbiter or organiser."), "role")
    members = _members(tournament, role)
    if not members.filter(pk=member.pk).exists():
        raise ArbitrationError(_("%(username)s is not %(role)s of this tournament.") % {
            "username": member.get_username(), "role": Role(role).label})
    if role == Role.ORGANISER and members.count() == 1:
        raise ArbitrationError(_("A tournament needs at least one organiser: name another "
                                 "organiser before removing the last one."))
    before = _usernames(tournament, role)
    members.remove(member)
    audit.record(tournament=tournament, actor=user, action=Action.OFFICIAL_REMOVED,
                 before={role: before}, after={role: _usernames(tournament, role)},
                 note=member.get_username())
