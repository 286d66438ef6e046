"""Draw claims: checked against the sheet when made, then confirmed or overridden; an upheld
claim makes the game a draw through tournaments.services.results.record_result."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arbitration import audit, notes
from arbitration.models import Action, ClaimDecision, DrawClaim, ScoreSheet
from arbitration.services.base import (
    ArbitrationError,
    locked_game,
    sheet_of,
    sheet_replay,
    user_or_none,
)
from arbitration.sheets import ClaimRefused, check_draw_claim
from tournaments import services as tournament_services
from tournaments.models import Entry, Game, GameResult


class ClaimDecidedError(ArbitrationError):
    """The claim already has a decision."""


class ClaimRecheckedError(ArbitrationError):
    """The sheet changed since the claim was checked: it was checked again, decide again."""


def claim_refusal_message(refusal: ClaimRefused) -> tuple[str, str | None]:
    """(message, form field) for a claim the sheet cannot check."""
    facts = refusal.facts
    messages = {
        "unknown-rule": (_("“%(rule)s” is not a draw rule.") % {"rule": facts.get("rule")},
                         "rule"),
        "no-moves": (_("The score sheet has no moves to check the claim against."), None),
        "no-rules": (_("This tournament's draw profile has no rules for its board: the claim "
                       "cannot be checked."), "rule"),
        "bad-move": (_("Write the move as on the sheet: “34.” for White's 34th move, “34...” "
                       "for Black's."), "move"),
        "no-such-move": (_("The score sheet has no move %(move)s.") % {"move": facts.get("move")},
                         "move"),
    }
    if refusal.code in messages:
        return messages[refusal.code]
    return (_("The score sheet stops at %(stop)s, before %(move)s: record the opponent's "
              "decision on that move or correct the sheet first.") % {
        "stop": facts.get("stop"), "move": facts.get("move")}, "move")


def _claim_state(claim: DrawClaim) -> dict[str, Any]:
    return {
        "rule": claim.rule,
        "move": claim.move,
        "claimant": claim.claimant.player.name,
        "system_upheld": claim.system_upheld,
        "decision": claim.decision,
        "reason": claim.reason,
    }


def _check(game: Game, rule: str, move: str) -> tuple[ScoreSheet, Any]:
    sheet = sheet_of(game)
    if sheet is None:
        raise ArbitrationError(_("This game has no score sheet: attach its moves first."))
    try:
        return sheet, check_draw_claim(sheet_replay(game, sheet), rule, move)
    except ClaimRefused as refusal:
        raise ArbitrationError(*claim_refusal_message(refusal)) from None


@transaction.atomic
def make_draw_claim(game: Game, *, claimant: Entry, rule: str, move: str, user=None) -> DrawClaim:
    """Record a draw claim with the score sheet's verdict and evidence."""
    game = locked_game(game)
    if claimant.pk not in (game.white_id, game.black_id):
        raise ArbitrationError(_("The claimant must be one of the game's two players."),
                               "claimant")
    sheet, check = _check(game, rule, move)
    claim = DrawClaim.objects.create(
        game=game, claimant=claimant, rule=rule, move=check.label, ply=check.ply,
        system_upheld=check.upheld, evidence=check.evidence, sheet_version=sheet.version,
        created_by=user_or_none(user),
    )
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.DRAW_CLAIMED, after=_claim_state(claim),
                 note=notes.claim_verdict(check.evidence, check.upheld))
    return claim


@transaction.atomic
def recheck_draw_claim(claim: DrawClaim, *, user=None) -> DrawClaim:
    """Check an open claim again against the sheet as it is now (after the sheet changed)."""
    game = locked_game(claim.game)
    claim = DrawClaim.objects.select_for_update().get(pk=claim.pk)
    sheet = sheet_of(game)
    before = {"system_upheld": claim.system_upheld, "evidence": claim.evidence,
              "sheet_version": claim.sheet_version}
    try:
        if sheet is None:
            raise ClaimRefused("no-moves")
        check = check_draw_claim(sheet_replay(game, sheet), claim.rule, claim.move)
        claim.system_upheld, claim.evidence = check.upheld, check.evidence
    except ClaimRefused:
        claim.system_upheld = False
        claim.evidence = {"rule": claim.rule, "move": claim.move, "ply": claim.ply,
                          "holds": False, "reason": "not-replayed"}
    claim.sheet_version = sheet.version if sheet is not None else 0
    claim.save(update_fields=["system_upheld", "evidence", "sheet_version"])
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.DRAW_CLAIM_RECHECKED, before=before,
                 after={"system_upheld": claim.system_upheld, "evidence": claim.evidence,
                        "sheet_version": claim.sheet_version})
    return claim


def _sheet_version(game: Game) -> int:
    sheet = sheet_of(game)
    return sheet.version if sheet is not None else 0


def decide_draw_claim(claim: DrawClaim, *, decision: str, reason: str = "",
                      expected_game_version: int, user=None) -> DrawClaim:
    """The arbiter confirms or overrides the sheet's verdict; an upheld claim makes the game a
    draw (1/2-1/2) through tournaments.services.results.record_result, in the same transaction: a
    stale game version or any failure leaves neither the decision nor the result behind.

    If the sheet changed since the claim was checked, the claim is checked again first (that is
    kept) and ClaimRecheckedError asks the arbiter to decide on the new evidence.
    """
    if decision not in (ClaimDecision.UPHELD, ClaimDecision.REJECTED):
        raise ArbitrationError(_("Choose whether the claim is upheld or rejected."), "decision")
    if claim.is_open and _sheet_version(claim.game) != claim.sheet_version:
        recheck_draw_claim(claim, user=user)
        raise ClaimRecheckedError(_(
            "The score sheet changed since this claim was checked. It has been checked again: "
            "read the evidence below and decide again."
        ))
    return _decide(claim, decision=decision, reason=reason.strip(),
                   expected_game_version=expected_game_version, user=user)


@transaction.atomic
def _decide(claim: DrawClaim, *, decision: str, reason: str, expected_game_version: int,
            user) -> DrawClaim:
    # The tournament before the game, as record_result (called below) locks them.
    tournament_services.lock_tournament_of(claim.game)
    game = locked_game(claim.game)
    claim = DrawClaim.objects.select_for_update().select_related("claimant__player").get(
        pk=claim.pk)
    if not claim.is_open:
        raise ClaimDecidedError(_("This claim was already decided."))
    if _sheet_version(game) != claim.sheet_version:
        raise ClaimRecheckedError(_("The score sheet changed again: reload the claim."))
    upheld = decision == ClaimDecision.UPHELD
    if upheld != claim.system_upheld and not reason:
        raise ArbitrationError(
            _("Give the reason for deciding against the score sheet's verdict."), "reason")
    before = _claim_state(claim)
    claim.decision = decision
    claim.reason = reason
    claim.decided_at = timezone.now()
    claim.decided_by = user_or_none(user)
    claim.save(update_fields=["decision", "reason", "decided_at", "decided_by"])
    if upheld:
        tournament_services.record_result(game, result=GameResult.DRAW,
                                          expected_version=expected_game_version, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.DRAW_CLAIM_DECIDED, before=before, after=_claim_state(claim),
                 note=reason)
    return claim
