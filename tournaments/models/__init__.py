"""Tournament facts as stored. Computation (pairing, standings) lives in plain modules.

Every rule that keeps the data sane is a database constraint as well as a form check, so a
script, the admin or a management command cannot store what a form would refuse.
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

from tournaments.models.collation import fold
from tournaments.standings.scoring import Result, Scoring


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
    # (tournaments/page_version.py), and every cached piece of a page is keyed on them.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    changed_at = models.DateTimeField(default=timezone.now, editable=False)

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
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Save the settings but never write back the page version this object was read with:
        a form held open across a result would otherwise turn the version back to one whose
        cached pages are stale. Only page_version.bump() moves it."""
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = [
                field.name for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in PAGE_VERSION_FIELDS
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
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = ENDS_BEFORE_IT_STARTS
        errors.update(self._scoring_errors())
        # What was played is frozen (tournaments/frozen.py).
        from tournaments.models.frozen import frozen_field_errors

        errors.update(frozen_field_errors(self))
        if errors:
            raise ValidationError(errors)

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


# Ratings the federations publish fit here; a figure outside is a typing error (issue 17).
RATING_MAX = 3000
RATING_OUT_OF_RANGE = _("A rating is a whole number from 0 to 3000.")


class Sex(models.TextChoices):
    MALE = "M", pgettext_lazy("sex", "male")
    FEMALE = "F", pgettext_lazy("sex", "female")


class Player(models.Model):
    """A person, one record however many tournaments he plays (issue 17: the player registry)."""

    name = models.CharField(_("name"), max_length=200)
    # The name with accents and case folded (collation.fold), kept by save(): the order people
    # read, the same on SQLite and PostgreSQL (issue 12).
    sort_name = models.CharField(_("name for sorting"), max_length=200, editable=False,
                                 blank=True, db_index=True)
    club = models.CharField(_("club or federation"), max_length=200, blank=True)
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, validators=[MaxValueValidator(RATING_MAX)],
        help_text=_("National (CBD) rating."),
    )
    federation_id = models.CharField(
        _("federation id"), max_length=40, blank=True, help_text=_("National (CBD) id.")
    )
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True,
        help_text=_("When only the year is known; filled from the birth date otherwise."),
    )
    state = models.CharField(_("state"), max_length=40, blank=True)
    fmjd_id = models.CharField(_("FMJD id"), max_length=40, blank=True)
    fmjd_rating = models.PositiveSmallIntegerField(
        _("FMJD rating"), null=True, blank=True, validators=[MaxValueValidator(RATING_MAX)]
    )

    class Meta:
        ordering = ["sort_name", "name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="player_has_a_name"),
            models.UniqueConstraint(
                fields=["federation_id"], condition=~models.Q(federation_id=""),
                name="player_federation_id_unique",
            ),
            models.UniqueConstraint(
                fields=["fmjd_id"], condition=~models.Q(fmjd_id=""),
                name="player_fmjd_id_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(rating__isnull=True) | models.Q(rating__lte=RATING_MAX),
                name="player_rating_at_most_3000",
            ),
            models.CheckConstraint(
                condition=models.Q(fmjd_rating__isnull=True)
                | models.Q(fmjd_rating__lte=RATING_MAX),
                name="player_fmjd_rating_at_most_3000",
            ),
            models.CheckConstraint(
                condition=models.Q(sex__in=["", *Sex.values]), name="player_sex_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.sort_name = fold(self.name)
        if self.birth_date:
            self.birth_year = self.birth_date.year
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = update_fields = {*update_fields, "sort_name"}
        if update_fields is not None and "birth_date" in update_fields:
            kwargs["update_fields"] = {*update_fields, "birth_year"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:person", args=[self.pk])

    def clean(self) -> None:
        """Name the field at fault: a birth in the future, a year that contradicts the date."""
        from django.utils import timezone

        errors = {}
        today = timezone.localdate()
        if self.birth_date and self.birth_date > today:
            errors["birth_date"] = _("The birth date cannot be in the future.")
        elif self.birth_date and self.birth_year and self.birth_year != self.birth_date.year:
            errors["birth_year"] = _("The birth year differs from the birth date's year.")
        elif self.birth_year and not 1900 <= self.birth_year <= today.year:
            errors["birth_year"] = _("The birth year must be between 1900 and this year.")
        for field in ("rating", "fmjd_rating"):
            value = getattr(self, field)
            if value is not None and not 0 <= value <= RATING_MAX:
                errors[field] = RATING_OUT_OF_RANGE
        if errors:
            raise ValidationError(errors)

    def born_in(self) -> int | None:
        return self.birth_date.year if self.birth_date else self.birth_year


class EntryQuerySet(models.QuerySet):
    def by_number(self) -> EntryQuerySet:
        return self.select_related("player").order_by(
            models.F("number").asc(nulls_last=True), "player__sort_name", "player__name"
        )


class Entry(models.Model):
    """A player's place in one tournament, with his pairing number once drawn or set."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    first_round = models.PositiveSmallIntegerField(
        _("first round"), default=1,
        help_text=_("Swiss: a late entry is paired from this round on (C.04.2)."),
    )
    # What the withdrawal changed, so it can be undone: [{"game": id, "before": result,
    # "after": result}] for each game it turned into a forfeit.
    withdrawal_games = models.JSONField(_("games the withdrawal changed"), default=list,
                                        blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_player_once_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"], name="entry_number_unique_per_tournament"
            ),
            models.CheckConstraint(
                condition=models.Q(number__isnull=True) | models.Q(number__gte=1),
                name="entry_number_positive",
            ),
        ]

    def __str__(self) -> str:
        if self.number is None:
            return self.player.name
        return f"{self.number}. {self.player.name}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:player", args=[self.tournament.slug, self.pk])

    def clean(self) -> None:
        """The admin's entry form: say it, where the database would only refuse the row."""
        if self.number is not None and self.number < 1:
            raise ValidationError({"number": _("Pairing numbers start at 1.")})


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
# Team competitions (issue 16) keep their models in their own module; Django finds them here.
from tournaments.models.teams import (  # noqa: E402, F401
    LineupBoard,
    MatchBoard,
    PrimaryScore,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    TeamSystem,
)
