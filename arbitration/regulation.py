"""The regulation's names the arbitration stores: the draw rules and Art. 23's categories.

Django choices, apart from the models that store them so that the sentences about claims and
irregularities (arbitration/describe.py) name them without importing the models.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.draws import ENDGAME_5, KING_MOVES, MAIN_DIAGONAL, THREE_VS_ONE, THREEFOLD


class RuleId(models.TextChoices):
    """The engine's draw rule ids (rules/draws.py); which apply comes from the profile."""

    THREEFOLD = THREEFOLD, _("threefold repetition")
    KING_MOVES = KING_MOVES, _("king moves only")
    ENDGAME_5 = ENDGAME_5, _("five-move endgame")
    MAIN_DIAGONAL = MAIN_DIAGONAL, _("three pieces against a lone king on the main diagonal")
    THREE_VS_ONE = THREE_VS_ONE, _("three pieces against a lone king")


class Category(models.TextChoices):
    """Art. 23 of the competition regulation (002): irregularities, (a) to (n)."""

    A = "a", _("(a) two moves in a row")
    B = "b", _("(b) an irregular move of a man or king")
    C = "c", _("(c) touching one piece and playing another")
    D = "d", _("(d) taking a move back")
    E = "e", _("(e) playing an opponent's piece")
    F = "f", _("(f) making a move when a capture was possible")
    G = "g", _("(g) removing pieces without reason")
    H = "h", _("(h) capturing fewer or more pieces than the rule requires")
    I = "i", _("(i) stopping before the end of a chain capture")  # noqa: E741
    J = "j", _("(j) removing pieces before the capture is complete")
    K = "k", _("(k) removing fewer pieces than were captured")
    L = "l", _("(l) removing pieces that were not captured")
    M = "m", _("(m) pausing the removal of a chain's pieces")
    N = "n", _("(n) removing one's own pieces")
