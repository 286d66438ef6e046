"""Files in and out: what other programs and people send and take away.

- `backup`, `team_backup`, `swiss_backup`: a tournament as JSON (the backup format).
- `player_list`, `player_import`: a list of players from CSV, .xlsx or .ods, in two steps.
- `table_export`: any table as CSV or .xlsx, data only, never formulas.
- `swiss_trf`, `team_trf`: FIDE's Tournament Report File, in and out.

May import: `services` and below (an import stores through the services, one transaction).
Never `printing` or `pages`.
"""
