"""The values a tournament's settings and a game's result may take, and the tie-break order's
default and validator: the choices the models of this package share.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.standings.scoring import Result


class Board(models.IntegerChoices):
    BRAZILIAN = 64, _("64 squares (Brazilian)")
    INTERNATIONAL = 100, _("100 squares (international)")


class TimeControl(models.TextChoices):
    CLASSICAL = "classical", _("classical")
    RAPID = "rapid", _("rapid")
    BLITZ = "blitz", _("blitz")


class DrawProfile(models.TextChoices):
    """Ids of the rules engine's draw-rule profiles (RULES.md, "The end of a game")."""

    CBD = "cbd", _("CBD official rules")
    REGIONAL = "regional", _("Regional regulation")
    BASIC = "basic", _("Basic rules")
    CLUB = "club", _("Club rules")


# Profiles whose numbers the documents set for the 64-square board only (RULES.md, profile table).
PROFILES_FOR_64_ONLY = (DrawProfile.REGIONAL, DrawProfile.BASIC, DrawProfile.CLUB)


class Notation(models.TextChoices):
    """How score sheets are typed and printed; RULES.md: accept both, print the chosen one."""

    USUAL = "", _("usual for the board (algebraic on 64 squares, numeric on 100)")
    NUMERIC = "numeric", _("numeric (22-18)")
    ALGEBRAIC = "algebraic", _("algebraic (c3-d4), 64 squares only")


class Cycles(models.IntegerChoices):
    SINGLE = 1, _("single round robin")
    DOUBLE = 2, _("double round robin")


class PairingSystem(models.TextChoices):
    ROUND_ROBIN = "round-robin", _("round robin (Berger tables)")
    SWISS = "swiss", _("Swiss system (FIDE Dutch, C.04.3)")


class Status(models.TextChoices):
    REGISTRATION = "registration", pgettext_lazy("tournament status: entries open", "registration")
    ONGOING = "ongoing", _("in progress")
    FINISHED = "finished", _("finished")


class GameResult(models.TextChoices):
    """A game's result as stored; the empty string is a game not yet played."""

    NOT_PLAYED = "", _("not played yet")
    WHITE_WIN = Result.WHITE_WIN.value, _("1-0 (White wins)")
    BLACK_WIN = Result.BLACK_WIN.value, _("0-1 (Black wins)")
    DRAW = Result.DRAW.value, _("1/2-1/2 (draw)")
    WHITE_FORFEIT_WIN = Result.WHITE_FORFEIT_WIN.value, _("+- (Black absent, Art. 28)")
    BLACK_FORFEIT_WIN = Result.BLACK_FORFEIT_WIN.value, _("-+ (White absent, Art. 28)")
    DOUBLE_FORFEIT = Result.DOUBLE_FORFEIT.value, _("-- (both absent)")


def default_tiebreak_order() -> list[str]:
    """Art. 4: direct encounter, most wins, Sonneborn-Berger, most games with Black."""
    from tournaments.standings.tiebreaks import DEFAULT_ORDER

    return list(DEFAULT_ORDER)


def validate_tiebreak_order(value) -> None:
    """The order must be a list of distinct ids known to tiebreaks.REGISTRY."""
    from tournaments.standings.tiebreaks import REGISTRY

    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValidationError(_("The tie-break order must be a list of tie-break ids."))
    unknown = [item for item in value if item not in REGISTRY]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break: %(ids)s. Known: %(known)s."),
            params={"ids": ", ".join(unknown), "known": ", ".join(REGISTRY)},
        )
    if len(set(value)) != len(value):
        raise ValidationError(_("A tie-break may appear only once in the order."))
