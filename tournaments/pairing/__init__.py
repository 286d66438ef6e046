"""Pairing as pure computation: who plays whom, with which colours, from plain data about the
players or teams before a round.

- `berger`: round-robin pairing by the Berger tables (FIDE C.05 Annex 1).
- `micro_match`: micro-matches, each pairing played twice with colours reversed.
- `swiss/`: the FIDE (Dutch) System, C.04.3 (2025), checked against bbpPairings, with TRF
  reading and writing and its command line, `python -m tournaments.pairing.swiss`
  (its `__init__` lists its modules).
- `team_swiss/`: the Swiss Team Pairing System, C.04.6 (2026) (its `__init__` lists its
  modules).

What it may import: the standard library, its own modules, `standings` (the layer below it:
game records, scoring, team match records) and the plain helpers of the `rules` app (the TRF
reader decodes text with `rules.textfile`). Never the database (django.db), the models
(tournaments.models) nor anything of Django, so the engines run and are tested without a
database and from the command line.
"""
