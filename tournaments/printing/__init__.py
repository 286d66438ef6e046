"""Printed documents of a tournament: crosstable, standings, pairings, result slips, score sheets
and game records.

Each document module takes plain data (`data.py`) and returns PDF bytes, so the layout is tested
without a database; `collect.py` turns the stored tournament into that data, and `views.py` and the
`print_pdf` command serve the same bytes.

What the web pages and the paper both say is here too, below the pages, so the two agree:
`standings_texts` (points, the direct encounter's texts), `swiss_rows` (a Swiss's crosstable and
player rows) and `counted_rounds` (the rounds a Swiss's standings count, and their note).

May import: `files`, `services`, `cache`, `queries`, the models and the computation below them;
never `pages`, which import the printing (tests/project/test_layers.py).
"""
