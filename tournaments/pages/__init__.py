"""The web pages of a tournament: its views by concern (public pages, standings, the organiser's,
players, results entry, the Swiss and team desks), their tables and forms, the role checks, the
live updates and the computed pieces each page version keeps (pieces).

May import every package of `tournaments` below it (printing, files, services, cache, queries,
models and the computation); nothing imports the pages but the URLs, `apps.ready` (the pieces
listen for committed writes) and the other apps' pages.
"""
