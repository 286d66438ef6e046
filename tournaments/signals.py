"""Signals other apps listen to; the arbitration app audits results, withdrawals and admin edits."""

from django.dispatch import Signal

# Sent with sender=Game after a game's result is entered, corrected or turned into a forfeit by a
# withdrawal, inside the transaction that saved it. Arguments: game (the saved Game, colours as
# played), before and after (scoring.Result or None for "not played"), user (who did it, or None
# for a management command).
result_changed = Signal()

# Sent with sender=Tournament, inside the transaction of the change, for what an official does to
# a tournament outside a game's result: a withdrawal, an edit in Django's admin. Arguments:
# tournament, action (one of the names below), before and after (JSON data: the values that
# changed), user (who did it, or None for a management command).
official_action = Signal()

PLAYER_WITHDRAWN = "player-withdrawn"
ADMIN_EDITED = "admin-edited"
# Swiss rounds (tournaments.swiss_event): the arbiter pairs, edits and publishes a round.
ROUND_PAIRED = "round-paired"
PAIRING_EDITED = "pairing-edited"
ROUND_PUBLISHED = "round-published"
