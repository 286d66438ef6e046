"""Standings as pure computation: from plain records of games and matches to points, tie-breaks
and ranks, for round robins, Swiss events and team competitions.

- `scoring`: game results and the points they are worth, in exact fractions (Art. 2, Art. 28).
- `games`: the recorded games and the crosstable built from them once.
- `swiss_table`: a Swiss player's rounds (byes, forfeits, absences) for the tie-breaks, and
  the two texts of FIDE C.07 section 16.
- `performance`: average rating of opponents and performance rating (FIDE's dp table).
- `tiebreaks`: the tie-breaks, one small class each, in a registry keyed by a stable id.
- `tiebreak_names`: the tie-breaks' names in the active language.
- `ranking`: the standings after any round, points then the tie-breaks in order.
- `withdrawals`: whose results a withdrawal annuls when the regulation says so.
- `rating_report`: each rated player's games, expected score and rating change.
- `rating_season`: a season of tournaments rated in date order, new ratings carried over.
- `teams/`: team competitions: line-ups, match scores, team standings and tie-breaks, board
  prizes (its `__init__` lists its modules).

What it may import: the standard library and its own modules only, plain data in and out, never
the database (django.db) nor the models (tournaments.models), so every rule is tested without a
database and reused by the pairing, the services, the files and the pages. The one exception
is Django's translation (`tiebreak_names`), for names a person reads. It is the bottom layer of
`tournaments` (tests/project/test_layers.py): it imports no other package of the app, not even
`pairing`.
"""
