"""The web pages of a tournament: its views by concern (public pages, standings, the organiser's,
players, results entry, the Swiss and team desks), their tables and forms, the role checks, the
live updates and the computed pieces each page version keeps (pieces).
"""
