"""Tie-break names in the active language, for pages, forms and printed documents.

The registry (tiebreaks.py) is plain Python whose names are English; the names a person reads are
marked for translation here once, so the pt-BR catalogue says them as the regulation does
(Art. 4: "Confronto direto", "Maior número de vitórias", "Sonneborn-Berger", "Maioria de pretas").
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
}


def tiebreak_name(tiebreak_id: str) -> str:
    """The tie-break's name in the active language; the registry's English name if none is
    marked here (a tie-break added to the registry but not yet to the catalogue)."""
    name = NAMES.get(tiebreak_id)
    return str(name) if name is not None else REGISTRY[tiebreak_id].name
