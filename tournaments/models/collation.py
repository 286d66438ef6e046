"""Names sorted as people read them: accents and case folded first, the name as written second.

"Ângela" and "Érico" sorted after "Márcio" by code point (issue 12). Database collations differ
between SQLite and PostgreSQL (and PostgreSQL's depend on the server's locale), so the key is
computed here, stored beside the name (`Player.sort_name`) for the database to order by, and
used as is for lists sorted in Python: the order is the same on every database.
"""

from __future__ import annotations

import unicodedata


def fold(name: str) -> str:
    """The name without accents, case folded, spaces collapsed: "Ângela  Souza" -> "angela souza".

    Letters that decompose (á, ç, ñ) lose their marks; the others are kept as they are.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())


def name_key(name: str) -> tuple[str, str]:
    """Sort key: the folded name, then the original so "Angela" and "Ângela" keep one order."""
    return fold(name), name
