"""Signals other apps listen to; the arbitration app audits results through `result_changed`."""

from django.dispatch import Signal

# Sent with sender=Game after a game's result is entered, corrected or turned into a forfeit by a
# withdrawal, inside the transaction that saved it. Arguments: game (the saved Game, colours as
# played), before and after (scoring.Result or None for "not played"), user (who did it, or None
# for a management command).
result_changed = Signal()
