"""The two board variants the project plays: Brazilian (8x8) and international (10x10).

A variant is data, not behaviour: the move generator derives all its tables from `size`.
Facts per RULES.md "Boards" (12 or 20 men each, White on the highest numbers, White first).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import DraughtsError

__all__ = [
    "BRAZILIAN",
    "INTERNATIONAL",
    "VARIANTS",
    "Variant",
    "variant_by_gametype",
    "variant_by_name",
]


@dataclass(frozen=True)
class Variant:
    """Static facts of one board variant."""

    name: str  #: "brazilian" or "international"
    size: int  #: squares along one edge: 8 or 10
    squares: int  #: playable (dark) squares: 32 or 50
    pdn_gametype: int  #: PDN GameType tag: 26 Brazilian, 20 international
    algebraic: bool  #: whether players also write squares as c3, e5 (8x8 only)
    men_per_side: int  #: men each player starts with: 12 or 20
    title: str  #: human name, for pages and PDFs

    @property
    def row_squares(self) -> int:
        """Dark squares per row (4 or 5)."""
        return self.size // 2

    @property
    def white_start(self) -> range:
        """Squares of White's men in the initial position (21-32 / 31-50)."""
        return range(self.squares - self.men_per_side + 1, self.squares + 1)

    @property
    def black_start(self) -> range:
        """Squares of Black's men in the initial position (1-12 / 1-20)."""
        return range(1, self.men_per_side + 1)

    def white_promotion_row(self) -> range:
        """Squares where a White man is crowned: Black's back row (1-4 / 1-5)."""
        return range(1, self.row_squares + 1)

    def black_promotion_row(self) -> range:
        """Squares where a Black man is crowned: White's back row (29-32 / 46-50)."""
        return range(self.squares - self.row_squares + 1, self.squares + 1)

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"


BRAZILIAN = Variant(
    name="brazilian",
    size=8,
    squares=32,
    pdn_gametype=26,
    algebraic=True,
    men_per_side=12,
    title="Brazilian draughts",
)
INTERNATIONAL = Variant(
    name="international",
    size=10,
    squares=50,
    pdn_gametype=20,
    algebraic=False,
    men_per_side=20,
    title="International draughts",
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (BRAZILIAN, INTERNATIONAL)}


def variant_by_name(name: str) -> Variant:
    """Look a variant up by its name ("brazilian" or "international"; case-insensitive)."""
    try:
        return VARIANTS[name.strip().lower()]
    except KeyError:
        raise DraughtsError(
            f"unknown variant {name!r}: expected one of {', '.join(VARIANTS)}"
        ) from None


def variant_by_gametype(gametype: int | str) -> Variant:
    """Look a variant up by its PDN GameType number (26 Brazilian, 20 international).

    A PDN GameType tag may carry extra comma-separated fields ("20,W,10,10,N2,0"); only the
    first one names the game.
    """
    text = str(gametype).split(",")[0].strip()
    for variant in VARIANTS.values():
        if text == str(variant.pdn_gametype):
            return variant
    raise DraughtsError(
        f"unsupported PDN GameType {gametype!r}: expected 26 (Brazilian) or 20 (international)"
    )
