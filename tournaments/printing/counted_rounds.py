"""Which rounds a Swiss's standings count while a published round is in play, each piece kept
once per tournament version (issue 15), and the note that says so under the standings, on the
page and on paper alike (issue 25).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.cache.pages import cached_piece
from tournaments.models import Tournament
from tournaments.queries import reports


def complete_rounds(tournament: Tournament) -> int:
    """reports.complete_rounds, once per version: the rounds a Swiss's standings count."""
    return cached_piece(tournament, "complete-rounds",
                        lambda: reports.complete_rounds(tournament))


def published_round_numbers(tournament: Tournament) -> list[int]:
    """The rounds the public sees: a Swiss pairing is theirs once the arbiter publishes it."""
    return cached_piece(tournament, "published-round-numbers", lambda: list(
        tournament.rounds.filter(published=True).values_list("number", flat=True)))


def rounds_counted_note(tournament: Tournament) -> str:
    """Which rounds a Swiss's default standings count while a published round is in play: the
    complete ones only (reports.standings says why), so a reader does not take them for the
    standings with the round in play's results (issue 25)."""
    if not tournament.is_swiss:
        return ""
    complete = complete_rounds(tournament)
    published = published_round_numbers(tournament)
    if not published or max(published) <= complete:
        return ""
    if complete == 0:
        return _("Round %(in_play)s is being played: the standings count complete rounds only, "
                 "and none is complete yet.") % {"in_play": complete + 1}
    return _("Standings after round %(complete)s, the last complete round. Round %(in_play)s is "
             "being played: its results count here once every game of it has one.") % {
        "complete": complete, "in_play": complete + 1}
