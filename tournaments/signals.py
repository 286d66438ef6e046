"""Signals other apps listen to; the arbitration app audits results, withdrawals and admin edits."""

from django.dispatch import Signal

# Sent with sender=Game after a game's result is entered, corrected or turned into a forfeit by a
# withdrawal, inside the transaction that saved it. Arguments: game (the saved Game, colours as
# played), before and after (scoring.Result or None for "not played"), user (who did it, or None
# for a management command).
result_changed = Signal()

# Sent with sender=Tournament after an organiser's step on the whole tournament, inside the
# transaction that made it: creating it, adding or importing players, drawing or setting the
# pairing numbers, generating the rounds, editing the settings, withdrawing a player or undoing
# a withdrawal. Arguments: tournament, action (an arbitration.models.Action value: the
# tournaments app only names it), user (or None for a command), before and after (JSON data,
# the facts: counts, the seed, the fields changed).
tournament_changed = Signal()

# The actions the tournaments app names itself (the others are named at their call).
PLAYER_WITHDRAWN = "player-withdrawn"
# A whole team withdrawn from a round, and the withdrawal undone (issue 16).
TEAM_WITHDRAWN = "team-withdrawn"
TEAM_RETURNED = "team-returned"
ADMIN_EDITED = "admin-edited"
# Swiss rounds (tournaments.services.swiss): the arbiter pairs, edits and publishes a round.
ROUND_PAIRED = "round-paired"
PAIRING_EDITED = "pairing-edited"
ROUND_PUBLISHED = "round-published"
# The last round of a Swiss (individual or team) thrown away while nothing is played in it.
ROUND_DELETED = "round-deleted"
# On a public server, a copy published from the venue made an ordinary tournament (issue 27).
COPY_UNLOCKED = "copy-unlocked"
