"""A Swiss's pairing options (issue 27), set by its organiser: Baku acceleration (C.04.5.1), the
same-club rule and the pairs he names, for every round or the first N; a pair added once rounds
are paired applies from the next round to pair.

The engine reads them at each pairing (queries.pairing_options). A change that would alter what
applies to a round already paired is refused, naming the round: the round was paired under the
old options, and its pairing, the draft page's note and the TRF of the tournament would no longer
agree. Delete the round first (while nothing is played in it), or limit the change to the rounds
still to pair.
"""

from __future__ import annotations

from fractions import Fraction

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, ForbiddenPair, Tournament
from tournaments.queries import pairing_options as options_query
from tournaments.queries.pairing_options import NamedPair, Options
from tournaments.services.swiss.rounds import SwissError, _refuse_unless_swiss
from tournaments.services.tournament import _locked, announce

__all__ = [
    "PairingOptionError",
    "add_forbidden_pair",
    "change_forbidden_pair",
    "next_round_to_pair",
    "remove_forbidden_pair",
    "set_pairing_options",
]

SETTINGS_EDITED = "settings-edited"


class PairingOptionError(SwissError):
    """A pairing option the tournament cannot take now; the message says why."""


def _paired_rounds(tournament: Tournament) -> list[int]:
    return list(tournament.rounds.order_by("number").values_list("number", flat=True))


def _refuse_paired_change(
    tournament: Tournament,
    before: Options,
    after: Options,
    acceleration: tuple[bool, bool] | None = None,
) -> None:
    """Refuse if a round already paired would get other forbidden pairs or virtual points."""
    paired = _paired_rounds(tournament)
    if not paired:
        return
    clubs = options_query.clubs_of(tournament)
    old_points = new_points = {}
    if acceleration is not None and acceleration[0] != acceleration[1]:
        old_points = options_query.accelerations(tournament, enabled=acceleration[0])
        new_points = options_query.accelerations(tournament, enabled=acceleration[1])
    for number in paired:
        if (
            options_query.round_pairs(before, clubs, number).pairs()
            != options_query.round_pairs(after, clubs, number).pairs()
        ):
            raise PairingOptionError(
                _(
                    "Round %(number)d is already paired: this change would alter the pairs "
                    "forbidden in it. Change only the rounds not paired yet, or first delete the "
                    "rounds from round %(number)d on."
                )
                % {"number": number}
            )
        if _in_round(old_points, number) != _in_round(new_points, number):
            raise PairingOptionError(
                _(
                    "Round %(number)d is already paired with the virtual points of the "
                    "acceleration as they were: the acceleration can no longer be switched. "
                    "First delete the rounds from round %(number)d on."
                )
                % {"number": number}
            )


def _in_round(points: dict[int, list[Fraction]], number: int) -> dict[int, Fraction]:
    return {
        pk: values[number - 1]
        for pk, values in points.items()
        if number <= len(values) and values[number - 1]
    }


def _check_rounds(tournament: Tournament, rounds: int | None) -> None:
    if rounds is not None and not 1 <= rounds <= tournament.swiss_rounds:
        raise PairingOptionError(
            _(
                "The tournament has %(count)d rounds: give a number from 1 to %(count)d, or leave "
                "it empty for every round."
            )
            % {"count": tournament.swiss_rounds}
        )


def next_round_to_pair(tournament: Tournament) -> int:
    """The first round not paired yet: where a pair added now starts."""
    return max(_paired_rounds(tournament), default=0) + 1


def _check_span(tournament: Tournament, from_round: int, rounds: int | None) -> None:
    """The pair's first round is a round of the tournament, and its last one is not before it."""
    if not 1 <= from_round <= tournament.swiss_rounds:
        raise PairingOptionError(
            _("The tournament has %(count)d rounds: the pair cannot start in round %(number)d.")
            % {"count": tournament.swiss_rounds, "number": from_round}
        )
    if rounds is not None and rounds < from_round:
        raise PairingOptionError(
            _("The pair starts in round %(first)d: it cannot end in round %(last)d, before it.")
            % {"first": from_round, "last": rounds}
        )


def _summary(tournament: Tournament) -> dict:
    """The options as the audit log keeps them (entry numbers, not ids)."""
    return {
        "baku_acceleration": tournament.baku_acceleration,
        "forbid_same_club": tournament.forbid_same_club,
        "same_club_rounds": tournament.same_club_rounds,
        "forbidden_pairs": [
            [p.first.number, p.second.number, p.rounds, p.from_round]
            for p in ForbiddenPair.objects.filter(tournament=tournament).select_related(
                "first", "second"
            )
        ],
    }


@transaction.atomic
def set_pairing_options(
    tournament: Tournament,
    *,
    baku_acceleration: bool,
    forbid_same_club: bool,
    same_club_rounds: int | None,
    user=None,
) -> Tournament:
    """Baku acceleration on or off, and the same-club rule: off, every round or the first N."""
    # The backup, and so the copy published from the venue, carries the options (issue 27).
    page_version.bump(tournament.pk)
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    if not forbid_same_club:
        same_club_rounds = None
    _check_rounds(tournament, same_club_rounds)
    before = options_query.options_of(tournament)
    after = Options(forbid_same_club, same_club_rounds, before.named)
    _refuse_paired_change(
        tournament, before, after, (tournament.baku_acceleration, baku_acceleration)
    )
    old = _summary(tournament)
    tournament.baku_acceleration = baku_acceleration
    tournament.forbid_same_club = forbid_same_club
    tournament.same_club_rounds = same_club_rounds
    tournament.save(update_fields=["baku_acceleration", "forbid_same_club", "same_club_rounds"])
    announce(tournament, SETTINGS_EDITED, user=user, before=old, after=_summary(tournament))
    return tournament


def _named_without(before: Options, pair: ForbiddenPair | None) -> tuple[NamedPair, ...]:
    if pair is None:
        return before.named
    return tuple(p for p in before.named if (p.first, p.second) != (pair.first_id, pair.second_id))


@transaction.atomic
def add_forbidden_pair(
    tournament: Tournament,
    first: Entry,
    second: Entry,
    *,
    rounds: int | None = None,
    from_round: int | None = None,
    note: str = "",
    user=None,
) -> ForbiddenPair:
    """Two players who must not meet, from round `from_round` to round `rounds` (None: the last).

    `from_round` None is the next round to pair: round 1 before any pairing, and after rounds are
    paired the first round not paired (the arbiter learns in round 4 that two players are
    brothers; rounds 1 to 4 keep their pairing)."""
    # The backup, and so the copy published from the venue, carries the options (issue 27).
    page_version.bump(tournament.pk)
    tournament = _locked(tournament)
    _refuse_unless_swiss(tournament)
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise PairingOptionError(_("Both players must be in this tournament."))
    if first.pk == second.pk:
        raise PairingOptionError(
            _("Choose two different players: %(name)s cannot be paired with himself anyway.")
            % {"name": first.player.name}
        )
    _check_rounds(tournament, rounds)
    if from_round is None:
        from_round = next_round_to_pair(tournament)
        if from_round > tournament.swiss_rounds:
            raise PairingOptionError(
                _("Every round is paired: a pair added now would apply to none.")
            )
    _check_span(tournament, from_round, rounds)
    low, high = sorted((first, second), key=lambda entry: entry.pk)
    if ForbiddenPair.objects.filter(first=low, second=high).exists():
        raise PairingOptionError(
            _("%(a)s and %(b)s are already listed as a pair.")
            % {"a": first.player.name, "b": second.player.name}
        )
    before = options_query.options_of(tournament)
    after = Options(
        before.forbid_same_club,
        before.same_club_rounds,
        (*before.named, NamedPair(low.pk, high.pk, rounds, note, from_round)),
    )
    _refuse_paired_change(tournament, before, after)
    old = _summary(tournament)
    try:
        with transaction.atomic():
            pair = ForbiddenPair.objects.create(
                tournament=tournament,
                first=low,
                second=high,
                from_round=from_round,
                rounds=rounds,
                note=note.strip(),
            )
    except IntegrityError as error:  # the same pair added at the same moment
        raise PairingOptionError(
            _("%(a)s and %(b)s are already listed as a pair.")
            % {"a": first.player.name, "b": second.player.name}
        ) from error
    announce(tournament, SETTINGS_EDITED, user=user, before=old, after=_summary(tournament))
    return pair


@transaction.atomic
def change_forbidden_pair(
    pair: ForbiddenPair,
    *,
    rounds: int | None,
    from_round: int | None = None,
    note: str | None = None,
    user=None,
) -> ForbiddenPair:
    """The rounds a listed pair applies to (and its note): a pair for every round can end after
    the rounds already paired; `from_round` None keeps its first round."""
    # The backup, and so the copy published from the venue, carries the options (issue 27).
    page_version.bump(pair.tournament_id)
    tournament = _locked(pair.tournament)
    pair = ForbiddenPair.objects.get(pk=pair.pk)
    _check_rounds(tournament, rounds)
    if from_round is None:
        from_round = pair.from_round
    _check_span(tournament, from_round, rounds)
    before = options_query.options_of(tournament)
    after = Options(
        before.forbid_same_club,
        before.same_club_rounds,
        (
            *_named_without(before, pair),
            NamedPair(pair.first_id, pair.second_id, rounds, pair.note, from_round),
        ),
    )
    _refuse_paired_change(tournament, before, after)
    old = _summary(tournament)
    pair.rounds = rounds
    pair.from_round = from_round
    if note is not None:
        pair.note = note.strip()
    pair.save(update_fields=["rounds", "from_round", "note"])
    announce(tournament, SETTINGS_EDITED, user=user, before=old, after=_summary(tournament))
    return pair


@transaction.atomic
def remove_forbidden_pair(pair: ForbiddenPair, *, user=None) -> None:
    """The pair may meet again, in the rounds not paired yet."""
    # The backup, and so the copy published from the venue, carries the options (issue 27).
    page_version.bump(pair.tournament_id)
    tournament = _locked(pair.tournament)
    before = options_query.options_of(tournament)
    after = Options(before.forbid_same_club, before.same_club_rounds, _named_without(before, pair))
    _refuse_paired_change(tournament, before, after)
    old = _summary(tournament)
    pair.delete()
    announce(tournament, SETTINGS_EDITED, user=user, before=old, after=_summary(tournament))
