"""Tournaments: players, round robins, Swiss events and team competitions, their results,
standings, files, pages and printed documents. Each package holds one concern and imports only
the packages below it; the README's "Layout" section has the map, and
tests/project/test_layers.py keeps it.
"""
