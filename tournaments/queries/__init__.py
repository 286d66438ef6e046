"""The stored tournament read into plain data, in a fixed few queries, for the engines, the
pages and the paper.

- `reports`: standings and crosstable rows by the tournament's tie-breaks.
- `swiss_standings`: a stored Swiss as the tie-breaks' per-round table.
- `swiss_micro`: a Swiss played as micro-matches, as the engine and the tables see it.
- `swiss_trf`: a stored tournament as the engine's TRF data and as the TRF file exported.
- `pairing_options`: a Swiss's forbidden pairs in a round and Baku's virtual points (issue 27).
- `rating_lists`: the federations' rating list in force on a day, and a player's row on it.
- `rating_season`: a season's finished tournaments, players, games and start ratings, rated.

May import: `models`, and the computation below them (`standings`, `pairing`). Reads only:
every change goes through `services`, above.
"""
