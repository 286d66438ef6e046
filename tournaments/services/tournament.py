"""The tournament itself: creating it, its settings (as the audit log keeps them), the
announcement every step makes to the audit log, and the row lock the steps take."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import PairingSystem, Tournament
from tournaments.services.errors import PairingsExistError
from tournaments.signals import tournament_changed

SLUG_MAX = 70
RESERVED_SLUGS = {"novo"}  # taken by the page that creates a tournament


# The settings the audit log keeps, as the tournament form edits them.
SETTINGS_FIELDS = ("name", "place", "start_date", "end_date", "board", "time_control",
                   "draw_profile", "notation", "cycles", "swap_last_two", "scoring_win",
                   "scoring_draw", "scoring_loss", "tiebreaks", "annul_early_withdrawals")


def settings_of(tournament: Tournament) -> dict:
    """The tournament's settings as JSON data (dates as ISO text, points as text)."""
    values = {}
    for name in SETTINGS_FIELDS:
        value = getattr(tournament, name)
        if hasattr(value, "isoformat"):
            value = value.isoformat()
        elif not isinstance(value, str | int | bool | list | type(None)):
            value = str(value.normalize()) if hasattr(value, "normalize") else str(value)
        values[name] = value
    return values


def announce(tournament: Tournament, action: str, *, user=None, before=None, after=None) -> None:
    """Tell the audit log (arbitration) about an organiser's step, inside its transaction."""
    tournament_changed.send(sender=Tournament, tournament=tournament, action=action, user=user,
                            before=before, after=after)


def unique_slug(name: str) -> str:
    """A slug from the name, with -2, -3... when it is taken."""
    base = slugify(name)[:SLUG_MAX].strip("-") or "torneio"
    slug, suffix = base, 2
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        slug = f"{base[: SLUG_MAX - 4]}-{suffix}"
        suffix += 1
    return slug


@transaction.atomic
def create_tournament(*, created_by=None, organisers: Iterable = (), arbiters: Iterable = (),
                      **fields) -> Tournament:
    """Save a new tournament; whoever creates it becomes one of its organisers. A Swiss gets
    the Swiss tie-breaks unless an order is given."""
    if fields.get("system") == PairingSystem.SWISS and "tiebreaks" not in fields:
        from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER

        fields["tiebreaks"] = list(DEFAULT_SWISS_ORDER)
    tournament = Tournament(**fields)
    if not tournament.slug:
        tournament.slug = unique_slug(tournament.name)
    tournament.full_clean()
    tournament.save()
    if created_by is not None:
        tournament.organisers.add(created_by)
    tournament.organisers.add(*organisers)
    tournament.arbiters.add(*arbiters)
    announce(tournament, "tournament-created", user=created_by, after=settings_of(tournament))
    return tournament


@transaction.atomic
def update_tournament(tournament: Tournament, *, user=None) -> Tournament:
    """Save changed settings; the schedule (cycles, swap) is fixed once the rounds exist.
    The fields that changed are logged, before and after."""
    stored = _locked(tournament)
    schedule_changed = (stored.cycles, stored.swap_last_two, stored.system) != (
        tournament.cycles, tournament.swap_last_two, tournament.system)
    if schedule_changed and stored.rounds.exists():
        raise PairingsExistError(_(
            "The rounds are already generated: single or double round robin can no longer change."
        ))
    if stored.micro_match != tournament.micro_match and stored.rounds.exists():
        raise PairingsExistError(_(
            "The rounds are already generated: micro-matches can no longer be switched on or off."
        ))
    tournament.full_clean()
    tournament.save()
    page_version.bump(tournament.pk)
    old, new = settings_of(stored), settings_of(tournament)
    changed = [name for name in SETTINGS_FIELDS if old[name] != new[name]]
    if changed:
        announce(tournament, "settings-edited", user=user,
                 before={name: old[name] for name in changed},
                 after={name: new[name] for name in changed})
    return tournament


def _refuse_if_paired(tournament: Tournament, message: str) -> None:
    if tournament.rounds.exists():
        raise PairingsExistError(message)


def _locked(tournament: Tournament) -> Tournament:
    """The tournament row locked until the transaction ends, so two clicks cannot both pair."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)
