"""Tie-break names in the active language, for pages, forms and printed documents.

The registry (tiebreaks.py) is plain Python whose names are English; the names a person reads are
marked for translation here once, so the pt-BR catalogue says them as the regulation does
(Art. 4: "Confronto direto", "Maior número de vitórias", "Sonneborn-Berger", "Maioria de pretas";
for a Swiss the Brazilian regulations' "milésimos" for Buchholz and its cut and median variants
and "escore acumulado" for the progressive score).
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.standings.tiebreaks import REGISTRY

NAMES: dict[str, Promise] = {
    "direct-encounter": _("Direct encounter"),
    "wins": _("Most wins"),
    "sonneborn-berger": _("Sonneborn-Berger"),
    "most-black": _("Most games with Black"),
    "koya": _("Koya score"),
    "games-played": _("Games played"),
    "buchholz": _("Buchholz"),
    "buchholz-cut-1": _("Buchholz cut 1"),
    "buchholz-cut-2": _("Buchholz cut 2"),
    "buchholz-median-1": _("Median Buchholz"),
    "progressive": _("Progressive score"),
    "games-won": _("Games won over the board"),
    "aro": _("Average rating of opponents"),
    "aro-cut-1": _("Average rating of opponents cut 1"),
    "tpr": _("Tournament performance rating"),
}

# Short column headings (FIDE C.07 codes in English), for the printed tables and the web pages
# where the full names would not fit: a legend beside the table gives the names.
ABBREVIATIONS: dict[str, Promise] = {
    "direct-encounter": pgettext_lazy("tie-break abbreviation", "DE"),
    "wins": pgettext_lazy("tie-break abbreviation", "WIN"),
    "sonneborn-berger": pgettext_lazy("tie-break abbreviation", "SB"),
    "most-black": pgettext_lazy("tie-break abbreviation", "BPG"),
    "koya": pgettext_lazy("tie-break abbreviation", "KS"),
    "games-played": pgettext_lazy("tie-break abbreviation", "GP"),
    "buchholz": pgettext_lazy("tie-break abbreviation", "BH"),
    "buchholz-cut-1": pgettext_lazy("tie-break abbreviation", "BH-C1"),
    "buchholz-cut-2": pgettext_lazy("tie-break abbreviation", "BH-C2"),
    "buchholz-median-1": pgettext_lazy("tie-break abbreviation", "BH-M1"),
    "progressive": pgettext_lazy("tie-break abbreviation", "PS"),
    "games-won": pgettext_lazy("tie-break abbreviation", "WON"),
    "aro": pgettext_lazy("tie-break abbreviation", "ARO"),
    "aro-cut-1": pgettext_lazy("tie-break abbreviation", "ARO-C1"),
    "tpr": pgettext_lazy("tie-break abbreviation", "TPR"),
}


def tiebreak_abbreviation(tiebreak_id: str) -> str:
    """The tie-break's short heading in the active language; its id when none is marked."""
    abbreviation = ABBREVIATIONS.get(tiebreak_id)
    return str(abbreviation) if abbreviation is not None else tiebreak_id


def tiebreak_name(tiebreak_id: str) -> str:
    """The tie-break's name in the active language; the registry's English name if none is
    marked here (a tie-break added to the registry but not yet to the catalogue)."""
    name = NAMES.get(tiebreak_id)
    return str(name) if name is not None else REGISTRY[tiebreak_id].name
