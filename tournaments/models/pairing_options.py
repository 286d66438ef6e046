"""Pairs of players the arbiter names who must not meet in a Swiss (issue 27): family members,
players of one school, for every round or the first N, from round 1 or (added once rounds are
paired) from a later round. The same-club rule and Baku acceleration
are settings of the tournament itself (tournaments/models/tournament.py).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.players import Entry
from tournaments.models.tournament import Tournament


class ForbiddenPair(models.Model):
    """Two entries of one tournament that the pairing keeps apart, as an absolute criterion.

    The pair is stored once, the entry with the smaller id first, so (A, B) and (B, A) are the
    same row and the database refuses the second."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="forbidden_pairs",
        verbose_name=_("tournament"),
    )
    first = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    from_round = models.PositiveSmallIntegerField(
        _("from round"),
        default=1,
        help_text=_("A pair added once rounds are paired applies from the next round to pair."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("in the first rounds"),
        null=True,
        blank=True,
        help_text=_("Empty: in every round."),
    )
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("forbidden pairing")
        verbose_name_plural = _("forbidden pairings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")),
                name="forbidden_pair_two_players_in_order",
            ),
            models.UniqueConstraint(fields=["first", "second"], name="forbidden_pair_once"),
            models.CheckConstraint(
                condition=models.Q(rounds__isnull=True) | models.Q(rounds__gte=1),
                name="forbidden_pair_rounds_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(from_round__gte=1),
                name="forbidden_pair_from_round_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first.player.name} – {self.second.player.name}"

    def applies_to(self, round_number: int) -> bool:
        return self.from_round <= round_number and (
            self.rounds is None or round_number <= self.rounds
        )
