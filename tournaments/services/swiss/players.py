"""A Swiss's players between rounds: byes and absences asked for, late entries, and a withdrawn
player coming back."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import REQUESTED_BYES, Absence, AbsenceKind, Entry, Player, Tournament
from tournaments.services.errors import DuplicatePlayerError
from tournaments.services.swiss.rounds import SwissError, _refuse_unless_swiss, _renumber
from tournaments.services.tournament import _locked, announce
from tournaments.services.withdrawals import withdrawal_state


@transaction.atomic
def request_absence(entry: Entry, round_number: int, kind: str) -> Absence:
    """A half- or zero-point bye asked for, or an absence, before the round is paired (C.04.2);
    the player is left out of that round's pairing."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    if kind not in AbsenceKind.values:
        raise SwissError(_("\"%(kind)s\" is not a kind of bye.") % {"kind": kind})
    if not 1 <= round_number <= tournament.swiss_rounds:
        raise SwissError(_("The tournament has rounds 1 to %(count)d.") % {
            "count": tournament.swiss_rounds})
    # An unpublished pairing is not yet the round's: the arbiter re-pairs it with the request.
    if tournament.rounds.filter(number__gte=round_number, published=True).exists():
        raise SwissError(_(
            "Round %(number)d is already paired: a bye is asked for before the pairing."
        ) % {"number": round_number})
    if kind in REQUESTED_BYES:
        taken = entry.absences.filter(kind__in=REQUESTED_BYES).exclude(
            round_number=round_number).count()
        if taken >= tournament.max_requested_byes:
            raise SwissError(_(
                "%(name)s has already had the %(count)d bye(s) the regulation allows."
            ) % {"name": entry.player.name, "count": tournament.max_requested_byes})
    absence, _created = Absence.objects.update_or_create(
        entry=entry, round_number=round_number, defaults={"kind": kind})
    return absence


@transaction.atomic
def cancel_absence(entry: Entry, round_number: int) -> None:
    """The player will play that round after all (before it is paired)."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    if tournament.rounds.filter(number__gte=round_number, published=True).exists():
        raise SwissError(_("Round %(number)d is already paired.") % {"number": round_number})
    entry.absences.filter(round_number=round_number).delete()


@transaction.atomic
def enter_late(tournament: Tournament, *, name: str, club: str = "", rating: int | None = None,
               federation_id: str = "") -> Entry:
    """A late entry (C.04.2): paired from the next round on, his missed rounds unplayed with
    no points; pairing numbers are given again by the initial-ranking order (rating, then name),
    the newcomer taking his place among the others."""
    page_version.bump(tournament.pk)  # what the public pages show changes
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    first_round = last + 1
    if first_round > tournament.swiss_rounds:
        raise SwissError(_("Every round is paired: it is too late to enter."))
    player = Player.objects.filter(federation_id=federation_id).first() if federation_id else None
    if player is None:
        player = Player(name=name, club=club, rating=rating, federation_id=federation_id)
        player.full_clean()
        player.save()
    elif tournament.entries.filter(player=player).exists():
        raise DuplicatePlayerError(_(
            "%(name)s (federation id %(id)s) is already in this tournament."
        ) % {"name": player.name, "id": federation_id})
    entry = Entry.objects.create(tournament=tournament, player=player, first_round=first_round)
    _renumber(list(tournament.entries.select_related("player")))
    entry.refresh_from_db()
    return entry


@transaction.atomic
def come_back(entry: Entry, *, user=None) -> Entry:
    """A Swiss player who had withdrawn plays again from the next round paired (his rounds away
    stay unplayed, no points); only a Swiss can take him back, a round robin's games are gone."""
    page_version.bump(entry.tournament_id)  # what the public pages show changes
    tournament = _locked(entry.tournament)
    _refuse_unless_swiss(tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.withdrawn:
        raise SwissError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    if last >= tournament.swiss_rounds:
        raise SwissError(_("Every round is paired: it is too late to come back."))
    entry.withdrawn = False
    entry.save(update_fields=["withdrawn"])
    announce(tournament, "withdrawal-undone", user=user, before=withdrawal_state(entry, True),
             after=withdrawal_state(entry, False))
    return entry
