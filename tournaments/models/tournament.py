"""The tournament as stored: its settings, who organises and arbitrates it, the page version,
and the checks that name the field at fault where the database would only refuse the row.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.choices import (
    PROFILES_FOR_64_ONLY,
    Board,
    Cycles,
    DrawProfile,
    Notation,
    PairingSystem,
    Status,
    TimeControl,
    default_tiebreak_order,
    validate_tiebreak_order,
)
from tournaments.standings.scoring import Scoring

PAGE_VERSION_FIELDS = ("version", "changed_at")


class TournamentQuerySet(models.QuerySet):
    def managed_by(self, user) -> TournamentQuerySet:
        """Tournaments `user` may manage: all for a superuser, else those he organises."""
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self
        return self.filter(organisers=user)


# What the forms say where the database would refuse a tournament (issue 13): each check
# constraint reachable from a form has a sentence, never its raw name.
ENDS_BEFORE_IT_STARTS = _("The tournament cannot end before it starts.")
NEGATIVE_POINTS = _("Points cannot be negative.")
DRAW_OVER_WIN = _("A draw cannot be worth more than a win.")
LOSS_OVER_DRAW = _("A loss cannot be worth more than a draw.")
WIN_NOT_OVER_LOSS = _("A win must be worth more than a loss.")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    place = models.CharField(pgettext_lazy("where it is played", "place"), max_length=200,
                             blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    board = models.PositiveSmallIntegerField(
        pgettext_lazy("kind of board: 64 or 100 squares", "board"), choices=Board.choices,
        default=Board.BRAZILIAN,
    )
    time_control = models.CharField(
        _("time control"), max_length=10, choices=TimeControl.choices,
        default=TimeControl.CLASSICAL,
    )
    draw_profile = models.CharField(
        _("draw-rule profile"), max_length=10, choices=DrawProfile.choices,
        default=DrawProfile.CBD,
        help_text=_("Which draw rules the arbiter applies (CBD articles 97-101 by default)."),
    )
    notation = models.CharField(
        _("move notation"), max_length=10, choices=Notation.choices, blank=True,
        default=Notation.USUAL,
    )
    scoring_win = models.DecimalField(
        _("points for a win"), max_digits=5, decimal_places=2, default=Decimal("1")
    )
    scoring_draw = models.DecimalField(
        _("points for a draw"), max_digits=5, decimal_places=2, default=Decimal("0.5")
    )
    scoring_loss = models.DecimalField(
        _("points for a loss"), max_digits=5, decimal_places=2, default=Decimal("0")
    )
    # blank: an empty order (no tie-break, every "(none)" on the form) is a valid choice; a
    # non-blank JSONField made full_clean refuse it, a server error on the tournament form.
    tiebreaks = models.JSONField(
        _("tie-break order"), default=default_tiebreak_order, blank=True,
        validators=[validate_tiebreak_order],
    )
    cycles = models.PositiveSmallIntegerField(
        _("cycles"), choices=Cycles.choices, default=Cycles.SINGLE
    )
    swap_last_two = models.BooleanField(
        _("swap the last two rounds of the first cycle"), default=True,
        help_text=_("Double round robin only: avoids three games running with one colour."),
    )
    system = models.CharField(
        _("pairing system"), max_length=12, choices=PairingSystem.choices,
        default=PairingSystem.ROUND_ROBIN,
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        _("number of Swiss rounds"), null=True, blank=True,
    )
    bye_points = models.DecimalField(
        _("points for the pairing-allocated bye"), max_digits=5, decimal_places=2, null=True,
        blank=True, help_text=_("Swiss only; empty: a win's points (C.04.1 c)."),
    )
    max_requested_byes = models.PositiveSmallIntegerField(
        _("byes a player may ask for"), default=1,
        help_text=_("Swiss only: half- or zero-point byes per player, as the regulation says."),
    )
    initial_colour = models.CharField(
        _("colour of the top player in round 1"), max_length=1,
        choices=[("w", _("White")), ("b", _("Black"))], default="w",
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTRATION
    )
    micro_match = models.BooleanField(
        _("micro-matches"), default=False,
        help_text=_("Each pairing plays two games in the round, colours reversed; standings "
                    "add both."),
    )
    rating_k = models.PositiveSmallIntegerField(
        _("K factor of the rating report"), default=20,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("Elo change = K × (score − expected score); FMJD and CBD publish their own K."),
    )
    annul_early_withdrawals = models.BooleanField(
        _("annul the results of a player who withdraws before half his games"), default=False,
        help_text=_("As many round-robin regulations say: his games then count for nobody. A "
                    "player who withdraws later keeps his results; his remaining games are "
                    "forfeits (Art. 28)."),
    )
    # Pairing options regulations use (issue 27), Swiss only: FIDE's Baku acceleration
    # (C.04.5.1, virtual points computed at each pairing from the initial ranking, nothing
    # stored), and players of the same club kept apart in every round (same_club_rounds empty)
    # or in the first N. Pairs the arbiter names are ForbiddenPair rows.
    baku_acceleration = models.BooleanField(
        _("Baku acceleration (FIDE C.04.5.1)"), default=False,
        help_text=_("Virtual points for the top half of the initial ranking in the first half "
                    "of the rounds."),
    )
    forbid_same_club = models.BooleanField(
        _("players of the same club do not meet"), default=False,
    )
    same_club_rounds = models.PositiveSmallIntegerField(
        _("in the first rounds"), null=True, blank=True,
        help_text=_("Empty: in every round."),
    )
    pairing_seed = models.BigIntegerField(
        _("seed of the draw of pairing numbers"), null=True, blank=True,
        help_text=_("Recorded so the draw by lot can be replayed."),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), blank=True,
        related_name="organised_tournaments",
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("arbiters"), blank=True,
        related_name="arbitrated_tournaments",
    )
    # What the public pages show changes only with these (issue 15): every write that changes
    # standings, pairings or the crosstable bumps both in its own transaction
    # (tournaments/cache/versions.py), and every cached piece of a page is keyed on them.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    changed_at = models.DateTimeField(default=timezone.now, editable=False)
    # Set on a public server when the venue's copy replaced this tournament (issue 27): from then
    # on it is read-only here (tournaments/models/publishing.py) and its pages say when.
    published_at = models.DateTimeField(_("published from the venue at"), null=True, blank=True,
                                        editable=False)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__isnull=True)
                | models.Q(start_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=~models.Q(name=""), name="tournament_has_a_name"
            ),
            models.CheckConstraint(
                condition=models.Q(board__in=Board.values), name="tournament_board_64_or_100"
            ),
            models.CheckConstraint(
                condition=models.Q(time_control__in=TimeControl.values),
                name="tournament_time_control_known",
            ),
            models.CheckConstraint(
                condition=models.Q(draw_profile__in=DrawProfile.values),
                name="tournament_draw_profile_known",
            ),
            models.CheckConstraint(
                condition=models.Q(board=Board.BRAZILIAN)
                | ~models.Q(draw_profile__in=PROFILES_FOR_64_ONLY),
                name="tournament_profile_fits_board",
            ),
            models.CheckConstraint(
                condition=models.Q(notation__in=Notation.values), name="tournament_notation_known"
            ),
            models.CheckConstraint(
                condition=models.Q(board=Board.BRAZILIAN) | ~models.Q(notation=Notation.ALGEBRAIC),
                name="tournament_algebraic_only_on_64",
            ),
            models.CheckConstraint(
                condition=models.Q(cycles__in=Cycles.values), name="tournament_one_or_two_cycles"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=Status.values), name="tournament_status_known"
            ),
            models.CheckConstraint(
                condition=models.Q(system__in=PairingSystem.values),
                name="tournament_system_known",
            ),
            models.CheckConstraint(
                condition=~models.Q(system=PairingSystem.SWISS)
                | models.Q(swiss_rounds__gte=1),
                name="tournament_swiss_has_rounds",
            ),
            # Art. 2 §1 scoring, or another the organiser chooses: never negative, and a win
            # is worth at least a draw, which is worth at least a loss, and a win beats a loss.
            models.CheckConstraint(
                condition=models.Q(scoring_loss__gte=0), name="tournament_scoring_not_negative"
            ),
            models.CheckConstraint(
                condition=models.Q(scoring_draw__gte=models.F("scoring_loss"))
                & models.Q(scoring_win__gte=models.F("scoring_draw"))
                & models.Q(scoring_win__gt=models.F("scoring_loss")),
                name="tournament_scoring_ordered",
            ),
            models.CheckConstraint(
                condition=models.Q(rating_k__gte=1) & models.Q(rating_k__lte=100),
                name="tournament_rating_k_1_to_100",
            ),
            models.CheckConstraint(
                condition=models.Q(same_club_rounds__isnull=True)
                | models.Q(same_club_rounds__gte=1),
                name="tournament_same_club_rounds_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Save the settings but never write back the page version this object was read with:
        a form held open across a result would otherwise turn the version back to one whose
        cached pages are stale. Only cache.versions.bump() moves it. Nor the mark of a published
        copy (issue 27), which only the publishing step sets."""
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = [
                field.name for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in PAGE_VERSION_FIELDS
                and field.name != "published_at"
                and field.attname not in deferred]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.slug])

    def clean(self) -> None:
        """Name the field at fault, where the database constraints could only refuse the row."""
        errors = {}
        if self.board != Board.BRAZILIAN and self.draw_profile in PROFILES_FOR_64_ONLY:
            errors["draw_profile"] = _(
                "This profile's draw rules are written for the 64-square board; "
                "use the CBD rules on 100 squares."
            )
        if self.board != Board.BRAZILIAN and self.notation == Notation.ALGEBRAIC:
            errors["notation"] = _("Algebraic notation exists only on the 64-square board.")
        if self.system == PairingSystem.SWISS and not self.swiss_rounds:
            errors["swiss_rounds"] = _("A Swiss tournament needs its number of rounds.")
        elif self.system == PairingSystem.SWISS and self.pk:
            paired = self.rounds.count()
            if paired > self.swiss_rounds:
                errors["swiss_rounds"] = _(
                    "%(count)d rounds are already paired: the tournament cannot have fewer."
                ) % {"count": paired}
            elif self.baku_acceleration and paired:
                errors.update(self._accelerated_rounds_errors(paired))
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = ENDS_BEFORE_IT_STARTS
        errors.update(self._scoring_errors())
        # What was played is frozen (tournaments/models/frozen.py).
        from tournaments.models.frozen import frozen_field_errors

        errors.update(frozen_field_errors(self))
        if errors:
            raise ValidationError(errors)

    def _accelerated_rounds_errors(self, paired: int) -> dict[str, str]:
        """Baku's virtual points depend on the number of rounds (C.04.5.1: the first half are
        accelerated): a change that would give a paired round other ones is refused."""
        from tournaments.pairing.swiss.acceleration import baku

        stored = type(self).objects.filter(pk=self.pk).values_list("swiss_rounds", flat=True)
        before = stored.first()
        if not before or before == self.swiss_rounds:
            return {}
        # Player 1 is always in group A: his points say what the group gets each round.
        old, new = baku([1, 2], before)[1], baku([1, 2], self.swiss_rounds)[1]
        for number in range(1, paired + 1):
            if old[number - 1] != new[number - 1]:
                return {"swiss_rounds": _(
                    "Round %(number)d is paired with the Baku virtual points of %(before)d "
                    "rounds: with %(after)d rounds they would differ, so the number of rounds "
                    "can no longer change."
                ) % {"number": number, "before": before, "after": self.swiss_rounds}}
        return {}

    @property
    def is_swiss(self) -> bool:
        return self.system == PairingSystem.SWISS

    @property
    def is_individual_swiss(self) -> bool:
        """A Swiss paired player by player. A team competition pairs teams (its own page), so
        the individual pairing would pair its players one by one, reserves too (issue 25)."""
        if not self.is_swiss:
            return False
        from django.core.exceptions import ObjectDoesNotExist

        try:
            self.team_competition  # noqa: B018 - the one-to-one is looked up (and cached)
        except ObjectDoesNotExist:
            return True
        return False

    @property
    def pab_points(self) -> Decimal:
        """Points of the pairing-allocated bye: the tournament's setting, else a win."""
        return self.scoring_win if self.bye_points is None else self.bye_points

    def _scoring_errors(self) -> dict[str, str]:
        """The Art. 2 §1 order of the scores, each refusal on the field to change."""
        win, draw, loss = self.scoring_win, self.scoring_draw, self.scoring_loss
        if None in (win, draw, loss):
            return {}  # a field the form already refused
        negative = {name: NEGATIVE_POINTS for name, value in
                    (("scoring_win", win), ("scoring_draw", draw), ("scoring_loss", loss))
                    if value < 0}
        if negative:
            return negative
        if draw > win:
            return {"scoring_draw": DRAW_OVER_WIN}
        if loss > draw:
            return {"scoring_loss": LOSS_OVER_DRAW}
        if win <= loss:
            return {"scoring_win": WIN_NOT_OVER_LOSS}
        return {}

    @property
    def move_notation(self) -> str:
        """The notation sheets use: the chosen one, else the board's usual one."""
        if self.notation:
            return self.notation
        return Notation.ALGEBRAIC if self.board == Board.BRAZILIAN else Notation.NUMERIC

    @property
    def scoring(self) -> Scoring:
        return Scoring(self.scoring_win, self.scoring_draw, self.scoring_loss)
