"""What is played as stored: the rounds of a tournament, the games of a round, and the rounds a
Swiss player is left out of (requested byes and absences).
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.choices import GameResult
from tournaments.models.players import Entry
from tournaments.models.tournament import Tournament
from tournaments.standings.scoring import Result


class Round(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("round"))
    bye = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, null=True, blank=True, related_name="byes",
        verbose_name=pgettext_lazy("a round without a game for one player", "bye"),
        help_text=_("With an odd number of players: no game, no points."),
    )
    published = models.BooleanField(
        _("published"), default=True,
        help_text=_("Swiss: a round the arbiter has paired but not yet published is not public."),
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_number_unique_per_tournament"
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)d") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament.slug, self.number])


class GameQuerySet(models.QuerySet):
    def of_tournament(self, tournament: Tournament) -> GameQuerySet:
        return self.filter(round__tournament=tournament)

    def records(self):
        """(round, white number, black number, result) rows: what standings need, one query."""
        return self.values_list("round__number", "white__number", "black__number", "result")

    def with_players(self) -> GameQuerySet:
        return self.select_related("round", "white__player", "black__player")

    def involving(self, entry: Entry) -> GameQuerySet:
        return self.filter(models.Q(white=entry) | models.Q(black=entry))


class Game(models.Model):
    """One board of a round. White and Black are the colours actually played (Art. 10)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="games", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(_("board number"))
    white = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="games_as_white", verbose_name=_("White")
    )
    black = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="games_as_black", verbose_name=_("Black")
    )
    colours_swapped = models.BooleanField(
        _("colours swapped"), default=False,
        help_text=_("Art. 10: the players agreed or drew lots for colours other than the "
                    "Berger table's."),
    )
    result = models.CharField(
        _("result"), max_length=7, choices=GameResult.choices, blank=True,
        default=GameResult.NOT_PLAYED,
    )
    version = models.PositiveIntegerField(
        _("version"), default=1,
        help_text=_("Raised at every change, so a stale form cannot overwrite a newer result."),
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["round__number", "board"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="game_board_unique_per_round"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(
                condition=~models.Q(white=models.F("black")), name="game_white_is_not_black"
            ),
            models.CheckConstraint(condition=models.Q(board__gte=1), name="game_board_positive"),
            models.CheckConstraint(
                condition=models.Q(result__in=GameResult.values), name="game_result_allowed"
            ),
            models.CheckConstraint(
                condition=models.Q(version__gte=1), name="game_version_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.white} - {self.black} {self.result or '…'}"

    @property
    def result_value(self) -> Result | None:
        """The result as the domain modules take it: None while not played."""
        return Result(self.result) if self.result else None

    @property
    def scheduled_white(self) -> Entry:
        """White as the Berger table scheduled it, before any Art. 10 swap."""
        return self.black if self.colours_swapped else self.white

    @property
    def scheduled_black(self) -> Entry:
        return self.white if self.colours_swapped else self.black


class AbsenceKind(models.TextChoices):
    """A round a Swiss player is not paired in, as TRF codes it (H, Z, F, -)."""

    HALF_BYE = "H", _("half-point bye")
    ZERO_BYE = "Z", _("zero-point bye")
    FULL_BYE = "F", _("full-point bye")
    ABSENT = "-", _("absent (not paired)")


#: Byes a player asks for, counted against the tournament's `max_requested_byes`.
REQUESTED_BYES = (AbsenceKind.HALF_BYE, AbsenceKind.ZERO_BYE, AbsenceKind.FULL_BYE)


class Absence(models.Model):
    """A Swiss player left out of one round's pairing: a requested bye or an absence."""

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="absences", verbose_name=_("entry")
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=1, choices=AbsenceKind.choices)

    class Meta:
        ordering = ["round_number", "entry__number"]
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="absence_once_per_round"
            ),
            models.CheckConstraint(
                condition=models.Q(kind__in=AbsenceKind.values), name="absence_kind_known"
            ),
            models.CheckConstraint(
                condition=models.Q(round_number__gte=1), name="absence_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} R{self.round_number} {self.kind}"
