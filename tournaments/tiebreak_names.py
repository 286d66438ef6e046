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

from .tiebreaks import REGISTRY

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


def tiebreak_name(tiebreak_id: str) -> str:
    """The tie-break's name in the active language; the registry's English name if none is
    marked here (a tie-break added to the registry but not yet to the catalogue)."""
    name = NAMES.get(tiebreak_id)
    return str(name) if name is not None else REGISTRY[tiebreak_id].name
