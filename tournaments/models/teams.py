"""Team competitions as stored (issue 16): the competition's settings, teams and their ordered
rosters, matches of a round, line-ups, and the boards of each match.

Every board of a match is an ordinary `Game` between two entries, so results, score sheets, claims,
the audit log and PDN keep working game by game. A board nobody could play (a line-up short of a
player) has no game: its forfeit is kept on the `MatchBoard` itself. Computation lives in
tournaments/standings/teams/; these models only keep the facts, with database constraints for
the rules a script or the admin could otherwise break.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tournaments.standings import teams
from tournaments.standings.scoring import Result


class TeamSystem(models.TextChoices):
    ROUND_ROBIN = "round-robin", _("team round robin (Berger tables)")
    SWISS = "swiss", _("team Swiss (FIDE C.04.6)")


class PrimaryScore(models.TextChoices):
    MATCH = "match", _("match points")
    GAME = "game", _("game points")


class ColourPreferences(models.TextChoices):
    """C.04.6 Art. 1.7: Type A unless the competition's rules say Type B or none."""

    TYPE_A = "A", _("type A (simple preferences)")
    TYPE_B = "B", _("type B (strong and mild preferences)")
    NONE = "none", _("no colour preferences")


def default_team_tiebreaks() -> list[str]:
    return list(teams.DEFAULT_TEAM_TIEBREAKS)


def validate_team_tiebreaks(value) -> None:
    """A list of distinct ids known to teams.TEAM_TIEBREAKS."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValidationError(_("The tie-break order must be a list of tie-break ids."))
    unknown = [item for item in value if item not in teams.TEAM_TIEBREAKS]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break: %(ids)s. Known: %(known)s."),
            params={"ids": ", ".join(unknown), "known": ", ".join(teams.TEAM_TIEBREAKS)},
        )
    if len(set(value)) != len(value):
        raise ValidationError(_("A tie-break may appear only once in the order."))


class TeamCompetition(models.Model):
    """What makes a tournament a team competition: boards per match, match scoring, byes."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="team_competition",
        verbose_name=_("tournament"),
    )
    system = models.CharField(_("pairing system"), max_length=12, choices=TeamSystem.choices,
                              default=TeamSystem.ROUND_ROBIN)
    swiss_rounds = models.PositiveSmallIntegerField(_("rounds of the Swiss"), null=True,
                                                    blank=True)
    boards = models.PositiveSmallIntegerField(_("boards per match"),
                                              default=teams.DEFAULT_BOARDS)
    match_win = models.DecimalField(_("match points for a won match"), max_digits=4,
                                    decimal_places=1, default=Decimal("2"))
    match_draw = models.DecimalField(_("match points for a drawn match"), max_digits=4,
                                     decimal_places=1, default=Decimal("1"))
    match_loss = models.DecimalField(_("match points for a lost match"), max_digits=4,
                                     decimal_places=1, default=Decimal("0"))
    primary = models.CharField(_("primary score"), max_length=5, choices=PrimaryScore.choices,
                               default=PrimaryScore.MATCH)
    colour_preferences = models.CharField(
        _("colour preferences"), max_length=4, choices=ColourPreferences.choices,
        default=ColourPreferences.TYPE_A,
        help_text=_("Team Swiss only (FIDE C.04.6 Art. 1.7): type A unless the regulation "
                    "says type B or none."))
    secondary_for_colours = models.BooleanField(
        _("secondary score decides colours"), default=True,
        help_text=_("Team Swiss only (FIDE C.04.6 Art. 4.2.2): between two teams with the same "
                    "primary score, the one with more of the other score is the first team "
                    "for colours."))
    # Empty: in a Swiss a drawn match's points (FIDE C.04.6 Art. 1.4; issue 25, it was a won
    # match's 2), in a round robin a won match's as before (every team has the same byes there);
    # they follow the match points. A number is the organiser's own.
    bye_match_points = models.DecimalField(
        _("match points for a bye"), max_digits=4, decimal_places=1, null=True, blank=True,
        help_text=_("As the regulation sets; empty: a drawn match's points in a team Swiss "
                    "(FIDE C.04.6 Art. 1.4), a won match's in a round robin."))
    bye_game_points = models.DecimalField(
        _("game points for a bye"), max_digits=5, decimal_places=1, null=True, blank=True,
        help_text=_("As the regulation sets; empty: half the points of all the boards."))
    tiebreaks = models.JSONField(_("team tie-break order"), default=default_team_tiebreaks,
                                 blank=True, validators=[validate_team_tiebreaks])
    board_prize_min_games = models.PositiveSmallIntegerField(
        _("games needed for a board prize"), default=1)

    class Meta:
        verbose_name = _("team competition")
        verbose_name_plural = _("team competitions")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(boards__gte=teams.MIN_BOARDS, boards__lte=teams.MAX_BOARDS),
                name="team_competition_two_to_ten_boards"),
            models.CheckConstraint(condition=models.Q(system__in=TeamSystem.values),
                                   name="team_competition_system_known"),
            models.CheckConstraint(condition=models.Q(primary__in=PrimaryScore.values),
                                   name="team_competition_primary_known"),
            models.CheckConstraint(
                condition=models.Q(colour_preferences__in=ColourPreferences.values),
                name="team_competition_colour_preferences_known"),
            models.CheckConstraint(
                condition=models.Q(match_loss__gte=0)
                & models.Q(match_draw__gte=models.F("match_loss"))
                & models.Q(match_win__gt=models.F("match_draw")),
                name="team_competition_match_points_ordered"),
        ]

    def __str__(self) -> str:
        return str(self.tournament)

    def clean(self) -> None:
        errors = {}
        if self.boards is not None and not teams.MIN_BOARDS <= self.boards <= teams.MAX_BOARDS:
            errors["boards"] = _("A match is played on 2 to 10 boards.")
        if None not in (self.match_win, self.match_draw, self.match_loss) and not (
                0 <= self.match_loss <= self.match_draw < self.match_win):
            errors["match_draw"] = _(
                "Match points must give a win more than a draw, and a draw at least a loss.")
        if errors:
            raise ValidationError(errors)

    @property
    def scoring(self) -> teams.TeamScoring:
        """The plain module's view of these settings, in exact numbers."""
        bye_game = self.bye_game_points
        if bye_game is None:
            bye_game_points = self.boards * Fraction(self.tournament.scoring_win) / 2
        else:
            bye_game_points = Fraction(bye_game)
        bye_match = self.bye_match_points
        if bye_match is None:
            bye_match = self.match_draw if self.system == TeamSystem.SWISS else self.match_win
        return teams.TeamScoring(
            win=Fraction(self.match_win), draw=Fraction(self.match_draw),
            loss=Fraction(self.match_loss), bye_match_points=Fraction(bye_match),
            bye_game_points=bye_game_points, primary=self.primary)


class Team(models.Model):
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="teams", verbose_name=_("tournament"))
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club or city"), max_length=200, blank=True)
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="captained_teams", verbose_name=_("captain"),
        help_text=_("May hand in the team's line-ups."))
    captain_name = models.CharField(_("captain's name"), max_length=200, blank=True)
    number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    # A whole team's withdrawal (team_services.withdraw_team): the first round it no longer
    # plays, and what the withdrawal changed so that it can be undone: [{"game": id, "before":
    # result, "after": forfeit}] and [{"board": id, "before": forfeit, "after": "--"}].
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True)
    withdrawal_changes = models.JSONField(_("results the withdrawal changed"), default=list,
                                          blank=True)

    class Meta:
        ordering = [models.F("number").asc(nulls_last=True), "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
            models.UniqueConstraint(fields=["tournament", "number"], name="team_number_unique"),
            models.CheckConstraint(condition=~models.Q(name=""), name="team_has_a_name"),
            models.CheckConstraint(condition=models.Q(number__isnull=True)
                                   | models.Q(number__gte=1), name="team_number_positive"),
            models.CheckConstraint(condition=models.Q(withdrawn_from_round__isnull=True)
                                   | models.Q(withdrawn_from_round__gte=1),
                                   name="team_withdrawn_from_a_round"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:team", args=[self.tournament.slug, self.pk])

    def withdrawn_in(self, round_number: int) -> bool:
        """Whether the team has withdrawn by this round (it no longer plays from then on)."""
        return self.withdrawn_from_round is not None and round_number >= self.withdrawn_from_round


class TeamMember(models.Model):
    """A place on a team's roster: regulars first, then reserves (position past the boards)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members",
                             verbose_name=_("team"))
    entry = models.OneToOneField("tournaments.Entry", on_delete=models.CASCADE,
                                 related_name="team_member", verbose_name=_("player"))
    position = models.PositiveSmallIntegerField(_("roster position"))

    class Meta:
        ordering = ["team", "position"]
        verbose_name = _("roster place")
        verbose_name_plural = _("roster")
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="team_member_position"),
            models.CheckConstraint(condition=models.Q(position__gte=1),
                                   name="team_member_position_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.position}. {self.entry.player.name}"


class TeamMatch(models.Model):
    """Two teams meeting in a round; the home team has the colour of board 1. No away: a bye."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE,
                              related_name="team_matches", verbose_name=_("round"))
    table = models.PositiveSmallIntegerField(_("match number"))
    home = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="home_matches",
                             verbose_name=_("home team"))
    away = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="away_matches",
                             null=True, blank=True, verbose_name=_("away team"))

    class Meta:
        ordering = ["round__number", "table"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="team_match_table_unique"),
            models.UniqueConstraint(fields=["round", "home"], name="team_match_home_once"),
            models.UniqueConstraint(fields=["round", "away"], name="team_match_away_once"),
            models.CheckConstraint(condition=~models.Q(home=models.F("away")),
                                   name="team_match_two_teams"),
        ]

    def __str__(self) -> str:
        bye = pgettext("a round without a game for one player", "bye")
        return f"{self.home} - {self.away or bye}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


class LineupBoard(models.Model):
    """One board of a team's line-up for a round; no entry: the board is left empty."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE,
                              related_name="lineup_boards", verbose_name=_("round"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineup_boards",
                             verbose_name=_("team"))
    board = models.PositiveSmallIntegerField(_("board number"))
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, null=True,
                              blank=True, related_name="lineup_boards", verbose_name=_("player"))

    class Meta:
        ordering = ["round__number", "team", "board"]
        verbose_name = _("line-up board")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(fields=["round", "team", "board"], name="lineup_board_once"),
            models.UniqueConstraint(fields=["round", "entry"], name="lineup_player_once",
                                    condition=models.Q(entry__isnull=False)),
            models.CheckConstraint(condition=models.Q(board__gte=1),
                                   name="lineup_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.board}: {self.entry or '-'}"


class MatchBoard(models.Model):
    """A board of a started match: its game, or, with a player missing, the forfeit."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="boards",
                              verbose_name=_("team match"))
    board = models.PositiveSmallIntegerField(_("board number"))
    game = models.OneToOneField("tournaments.Game", on_delete=models.CASCADE, null=True,
                                blank=True, related_name="match_board", verbose_name=_("game"))
    # Only for a board without a game: "+-" White's side present, "-+" Black's, "--" neither,
    # White being the side the board's colour gives the home team or not (teams.board_colours).
    forfeit = models.CharField(_("forfeit"), max_length=2, blank=True, choices=[
        (Result.WHITE_FORFEIT_WIN.value, "+-"), (Result.BLACK_FORFEIT_WIN.value, "-+"),
        (Result.DOUBLE_FORFEIT.value, "--")])

    class Meta:
        ordering = ["match", "board"]
        verbose_name = _("match board")
        verbose_name_plural = _("match boards")
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="match_board_once"),
            models.CheckConstraint(
                condition=(models.Q(game__isnull=True) & ~models.Q(forfeit=""))
                | (models.Q(game__isnull=False) & models.Q(forfeit="")),
                name="match_board_game_or_forfeit"),
        ]

    def __str__(self) -> str:
        return f"{self.match} {self.board}: {self.game or self.forfeit}"
