"""Score sheets, draw claims, irregularity claims and the audit log (issue 7).

Models store facts: what the arbiter wrote and decided, and the engine's verdict at the time.
Replaying a sheet is computation (arbitration/sheets.py), so only a summary is cached here, for
lists that must not replay every game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbitration.regulation import Category, RuleId
from tournaments.models import Entry, Game, Tournament


class Notation(models.TextChoices):
    """How a sheet's moves are typed and printed (RULES.md: accept both, print the chosen one)."""

    NUMERIC = "numeric", _("numeric (22-18)")
    ALGEBRAIC = "algebraic", _("algebraic (c3-d4)")


class ScoreSheetQuerySet(models.QuerySet):
    def with_problems(self) -> ScoreSheetQuerySet:
        """Sheets that stop at an irregular move or cannot be read in full."""
        return self.filter(models.Q(illegal_ply__isnull=False) | ~models.Q(syntax_code=""))


class ScoreSheet(models.Model):
    """A game's moves as the arbiter attached them: the PDN text exactly as written.

    Nothing is lost: a text with a syntax error or an illegal move is stored as it is, and the
    problem is shown. `accepted_plies` are the irregular moves the opponent let stand (Art. 23),
    which the replay carries out as written. The summary fields are refreshed on every save.
    """

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="score_sheet", verbose_name=_("game")
    )
    pdn = models.TextField(_("PDN text"), blank=True)
    notation = models.CharField(
        _("notation"), max_length=10, choices=Notation.choices, default=Notation.NUMERIC
    )
    accepted_plies = models.JSONField(
        _("irregular moves let stand"), default=list, blank=True,
        help_text=_("Half-moves (1 = White's first) the opponent let stand (Art. 23)."),
    )
    moves_count = models.PositiveIntegerField(_("half-moves replayed"), default=0)
    illegal_ply = models.PositiveIntegerField(_("first irregular half-move"), null=True, blank=True)
    illegal_move = models.CharField(_("irregular move"), max_length=60, blank=True)
    illegal_article = models.CharField(_("article"), max_length=10, blank=True)
    syntax_code = models.CharField(_("syntax problem"), max_length=40, blank=True)
    syntax_line = models.PositiveIntegerField(_("line"), null=True, blank=True)
    syntax_column = models.PositiveIntegerField(_("column"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"), default=1,
        help_text=_("Raised at every change, so a stale form cannot overwrite a newer sheet."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("updated by"),
    )

    objects = ScoreSheetQuerySet.as_manager()

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(notation__in=Notation.values), name="sheet_notation_known"
            ),
            models.CheckConstraint(
                condition=models.Q(version__gte=1), name="sheet_version_positive"
            ),
        ]

    def __str__(self) -> str:
        return _("Score sheet of %(game)s") % {"game": self.game}

    @property
    def has_problem(self) -> bool:
        return self.illegal_ply is not None or bool(self.syntax_code)


class ClaimDecision(models.TextChoices):
    OPEN = "", _("awaiting the arbiter")
    UPHELD = "upheld", _("upheld")
    REJECTED = "rejected", _("rejected")


class DrawClaimQuerySet(models.QuerySet):
    def open(self) -> DrawClaimQuerySet:
        return self.filter(decision=ClaimDecision.OPEN)


class DrawClaim(models.Model):
    """A player's claim that a draw rule holds after a move, the engine's verdict on the sheet,
    and the arbiter's decision (which must give a reason when it differs from the verdict)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="draw_claims", verbose_name=_("game")
    )
    # RESTRICT, like Game.white: an entry with claims stays, unless its tournament goes whole.
    claimant = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="draw_claims", verbose_name=_("claimant")
    )
    rule = models.CharField(_("draw rule"), max_length=20, choices=RuleId.choices)
    move = models.CharField(
        _("move"), max_length=12, help_text=_('As on the sheet: "34." or "34...".')
    )
    ply = models.PositiveIntegerField(_("half-move"))
    system_upheld = models.BooleanField(_("upheld by the score sheet"))
    evidence = models.JSONField(_("evidence"), default=dict)
    sheet_version = models.PositiveIntegerField(_("score sheet version checked"))
    decision = models.CharField(
        _("decision"), max_length=10, choices=ClaimDecision.choices, blank=True,
        default=ClaimDecision.OPEN,
    )
    reason = models.TextField(_("arbiter's reason"), blank=True)
    created_at = models.DateTimeField(_("made at"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("recorded by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("decided by"),
    )

    objects = DrawClaimQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("draw claim")
        verbose_name_plural = _("draw claims")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(rule__in=RuleId.values), name="draw_claim_rule_known"
            ),
            models.CheckConstraint(
                condition=models.Q(decision__in=ClaimDecision.values),
                name="draw_claim_decision_known",
            ),
            models.CheckConstraint(
                condition=models.Q(decision="") | models.Q(decided_at__isnull=False),
                name="draw_claim_decided_has_a_time",
            ),
            # Overriding the score sheet's verdict needs a written reason.
            models.CheckConstraint(
                condition=models.Q(decision="")
                | models.Q(decision="upheld", system_upheld=True)
                | models.Q(decision="rejected", system_upheld=False)
                | ~models.Q(reason=""),
                name="draw_claim_override_has_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return _("Draw claim (%(rule)s) after %(move)s") % {
            "rule": self.get_rule_display(), "move": self.move}

    @property
    def is_open(self) -> bool:
        return self.decision == ClaimDecision.OPEN

    @property
    def overridden(self) -> bool:
        """Whether the arbiter decided against the score sheet's verdict."""
        if self.is_open:
            return False
        return (self.decision == ClaimDecision.UPHELD) != self.system_upheld


class OpponentDecision(models.TextChoices):
    """Art. 23: only the opponent decides whether the irregularity is corrected or stands."""

    CORRECT = "correct", _("corrected")
    STAND = "stand", _("let stand")


class IrregularityClaim(models.Model):
    """An Art. 23 irregularity: the move, who reported it, what the opponent decided."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="irregularity_claims", verbose_name=_("game")
    )
    category = models.CharField(_("category (Art. 23)"), max_length=1, choices=Category.choices)
    move = models.CharField(_("move"), max_length=12)
    ply = models.PositiveIntegerField(_("half-move"), null=True, blank=True)
    sheet_category = models.CharField(
        _("category the score sheet shows"), max_length=1, choices=Category.choices, blank=True
    )
    reported_by = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, null=True, blank=True, related_name="+",
        verbose_name=_("reported by"), help_text=_("Empty when the arbiter saw it."),
    )
    decision = models.CharField(
        _("opponent's decision"), max_length=10, choices=OpponentDecision.choices
    )
    note = models.TextField(_("arbiter's note"), blank=True)
    created_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("recorded by"),
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("irregularity")
        verbose_name_plural = _("irregularities")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(category__in=Category.values),
                name="irregularity_category_known",
            ),
            models.CheckConstraint(
                condition=models.Q(decision__in=OpponentDecision.values),
                name="irregularity_decision_known",
            ),
        ]

    def __str__(self) -> str:
        return _("Art. 23 (%(category)s) at %(move)s") % {
            "category": self.category, "move": self.move}

    @property
    def note_text(self) -> str:
        """The note in the reader's language when the site wrote it (arbitration.notes)."""
        from arbitration.notes import shown

        return shown(self.note)


class Action(models.TextChoices):
    RESULT_ENTERED = "result-entered", _("result entered")
    RESULT_CORRECTED = "result-corrected", _("result corrected")
    SHEET_SAVED = "sheet-saved", _("score sheet saved")
    SHEET_MOVE_ADDED = "sheet-move-added", _("move added to the score sheet")
    SHEET_MOVE_REMOVED = "sheet-move-removed", _("last move removed from the score sheet")
    DRAW_CLAIMED = "draw-claimed", _("draw claimed")
    DRAW_CLAIM_RECHECKED = "draw-claim-rechecked", _("draw claim checked again")
    DRAW_CLAIM_DECIDED = "draw-claim-decided", _("draw claim decided")
    IRREGULARITY_RECORDED = "irregularity-recorded", _("irregularity recorded")
    OFFICIAL_ADDED = "official-added", _("official named")
    OFFICIAL_REMOVED = "official-removed", _("official removed")
    # The organisers' steps on the whole tournament (issue 12), sent by
    # tournaments.services.tournament.announce.
    TOURNAMENT_CREATED = "tournament-created", _("tournament created")
    SETTINGS_EDITED = "settings-edited", _("settings edited")
    PLAYER_ADDED = "player-added", _("player added")
    PLAYERS_IMPORTED = "players-imported", _("players imported")
    PLAYER_REMOVED = "player-removed", _("player removed")
    NUMBERS_DRAWN = "numbers-drawn", _("pairing numbers drawn by lot")
    NUMBERS_SET = "numbers-set", _("pairing numbers set")
    ROUNDS_GENERATED = "rounds-generated", _("rounds generated")
    PLAYER_WITHDRAWN = "player-withdrawn", _("player withdrawn")
    WITHDRAWAL_UNDONE = "withdrawal-undone", _("withdrawal undone")
    # Sent by tournaments/admin.py: an edit made in Django's admin, with the values it changed.
    ADMIN_EDITED = "admin-edited", _("tournament edited in the admin")
    ROUND_PAIRED = "round-paired", _("Swiss round paired")
    PAIRING_EDITED = "pairing-edited", _("Swiss pairing edited")
    ROUND_PUBLISHED = "round-published", _("Swiss round published")
    ROUND_DELETED = "round-deleted", _("Swiss round deleted")
    LINEUP_SET = "lineup-set", _("team line-up handed in")
    TEAM_WITHDRAWN = "team-withdrawn", _("team withdrawn")
    TEAM_RETURNED = "team-returned", _("team withdrawal undone")
    # Sent by events.registration: an organiser's decision on an online registration.
    REGISTRATION_APPROVED = "registration-approved", _("registration approved")
    REGISTRATION_REFUSED = "registration-refused", _("registration refused")
    REGISTRATION_EDITED = "registration-edited", _("registration edited")
    # Sent by tournaments.services.publishing (issue 27): on a public server, the organiser made
    # a copy published from the venue an ordinary, editable tournament.
    COPY_UNLOCKED = "copy-unlocked", _("published copy unlocked")


class AuditEntry(models.Model):
    """One thing someone did: who, when, what it was before and after. Never edited."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_entries",
        verbose_name=_("tournament"),
    )
    game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries",
        verbose_name=_("game"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("who"),
    )
    actor_name = models.CharField(
        _("username"), max_length=150, blank=True,
        help_text=_("Kept so the log still says who it was if the account is deleted."),
    )
    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    action = models.CharField(_("action"), max_length=30, choices=Action.choices)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(action__in=Action.values), name="audit_action_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor_name or '-'} {self.get_action_display()}"


class Role(models.TextChoices):
    """The per-tournament roles an organiser hands out (Tournament.organisers, .arbiters)."""

    ARBITER = "arbiter", _("arbiter")
    ORGANISER = "organiser", _("organiser")


def has_sheets_or_claims(tournament_pk: int) -> bool:
    """Whether any game of the tournament has a score sheet, a draw claim or an irregularity
    claim: their verdicts freeze the tournament's board and profile
    (tournaments/models/frozen.py)."""
    in_tournament = {"game__round__tournament_id": tournament_pk}
    return (ScoreSheet.objects.filter(**in_tournament).exists()
            or DrawClaim.objects.filter(**in_tournament).exists()
            or IrregularityClaim.objects.filter(**in_tournament).exists())
