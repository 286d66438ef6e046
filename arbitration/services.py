"""The arbiter's steps, each one transaction with its audit entry, or nothing at all.

Views and the management command call these. A step that is not allowed raises an
`ArbitrationError` whose message is for people and whose `field` names the form field it
concerns (None for the whole form); results go through tournaments.services.record_result, so
its version check and its `result_changed` signal (audited) apply here too.

Sheet writes lock the game row first, so two arbiters editing one game take turns; the sheet's
own `version` then refuses a form that saw an older sheet.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import services as tournament_services
from tournaments.models import Entry, Game, GameResult, Tournament

from . import audit, describe
from .models import (
    Action,
    ClaimDecision,
    DrawClaim,
    IrregularityClaim,
    Notation,
    OpponentDecision,
    Role,
    ScoreSheet,
)
from .sheets import (
    ClaimRefused,
    SheetEditRefused,
    SheetReplay,
    TypedMove,
    check_draw_claim,
    normal_move_label,
    replay_sheet,
)
from .sheets import append_move as append_to_sheet
from .sheets import remove_last_move as remove_from_sheet


class ArbitrationError(Exception):
    """A step that is not allowed now; `field` is the form field the message belongs to."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.message = message
        self.field = field
        super().__init__(message)


class StaleSheetError(ArbitrationError):
    """Someone saved the sheet since the form was shown."""


class ClaimDecidedError(ArbitrationError):
    """The claim already has a decision."""


class ClaimRecheckedError(ArbitrationError):
    """The sheet changed since the claim was checked: it was checked again, decide again."""


# ------------------------------------------------------------------------------ reading sheets


def default_notation(tournament: Tournament) -> str:
    """The tournament's preferred notation: its `notation` field once tournaments has one, else
    algebraic on 64 squares and numeric on 100 (RULES.md)."""
    preferred = getattr(tournament, "notation", "")
    if preferred == Notation.NUMERIC:
        return preferred
    if preferred == Notation.ALGEBRAIC and tournament.board == 64:
        return preferred
    return Notation.ALGEBRAIC if tournament.board == 64 else Notation.NUMERIC


def sheet_replay(game: Game, sheet: ScoreSheet | None = None, *, text: str | None = None,
                 accepted: list[int] | None = None) -> SheetReplay:
    """A game's sheet (or another text) replayed with its tournament's board and draw rules."""
    tournament = game.round.tournament
    if text is None:
        text = sheet.pdn if sheet is not None else ""
    if accepted is None:
        accepted = list(sheet.accepted_plies) if sheet is not None else []
    return replay_sheet(
        text, tournament.board, profile=tournament.draw_profile,
        time_control=tournament.time_control, accepted=accepted,
    )


def sheet_of(game: Game) -> ScoreSheet | None:
    return ScoreSheet.objects.filter(game=game).first()


def _locked_game(game: Game) -> Game:
    return (Game.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "white__player", "black__player")
            .get(pk=game.pk))


def _sheet_state(sheet: ScoreSheet | None) -> dict[str, Any] | None:
    if sheet is None:
        return None
    return {
        "pdn": sheet.pdn,
        "notation": sheet.notation,
        "accepted_plies": list(sheet.accepted_plies),
        "moves": sheet.moves_count,
        "version": sheet.version,
    }


def _current_sheet(game: Game, expected_version: int) -> ScoreSheet | None:
    """The game's sheet, refusing a form that saw another version (0 = no sheet yet)."""
    sheet = sheet_of(game)
    current = sheet.version if sheet is not None else 0
    if current != expected_version:
        raise StaleSheetError(_(
            "The score sheet was changed by someone else while you were editing it. Nothing was "
            "overwritten: check the sheet as it is now and make your change again."
        ))
    return sheet


def _store_sheet(game: Game, sheet: ScoreSheet | None, *, text: str, notation: str,
                 accepted: list[int], user) -> tuple[ScoreSheet, SheetReplay]:
    replay = sheet_replay(game, text=text, accepted=accepted)
    if sheet is None:
        sheet = ScoreSheet(game=game, version=0)
    sheet.pdn = text
    sheet.notation = notation
    sheet.accepted_plies = sorted(set(accepted))
    for name, value in replay.summary().items():
        setattr(sheet, name, value)
    sheet.version += 1
    sheet.updated_by = user if getattr(user, "is_authenticated", False) else None
    sheet.save()
    return sheet, replay


def _check_notation(game: Game, notation: str) -> None:
    if notation not in Notation.values:
        raise ArbitrationError(_("Choose numeric or algebraic notation."), "notation")
    if notation == Notation.ALGEBRAIC and game.round.tournament.board != 64:
        raise ArbitrationError(
            _("Algebraic notation exists only on the 64-square board; use numeric squares."),
            "notation",
        )


# ------------------------------------------------------------------------------ writing sheets


@transaction.atomic
def save_sheet(game: Game, *, pdn: str, notation: str, accepted_moves: list[str] | None = None,
               expected_version: int, user=None) -> ScoreSheet:
    """Attach or replace a game's PDN text, stored as written even with errors in it.

    `accepted_moves` are the labels ("17...") of irregular moves the opponent let stand
    (Art. 23); None keeps the half-moves accepted so far.
    """
    game = _locked_game(game)
    _check_notation(game, notation)
    sheet = _current_sheet(game, expected_version)
    before = _sheet_state(sheet)
    if accepted_moves is None:
        accepted = list(sheet.accepted_plies) if sheet is not None else []
    else:
        written = sheet_replay(game, text=pdn, accepted=[])
        accepted = []
        for label in accepted_moves:
            ply = written.ply_of(normal_move_label(label) or label)
            if ply is None:
                raise ArbitrationError(
                    _("The score sheet has no move %(move)s.") % {"move": label}, "accepted"
                )
            accepted.append(ply)
    sheet, _replay = _store_sheet(game, sheet, text=pdn, notation=notation, accepted=accepted,
                                  user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_SAVED, before=before, after=_sheet_state(sheet))
    return sheet


def _new_game_tags(game: Game) -> dict[str, str]:
    tournament = game.round.tournament
    variant_tag = "26" if tournament.board == 64 else "20"
    return {
        "Event": tournament.name,
        "Round": str(game.round.number),
        "White": game.white.player.name,
        "Black": game.black.player.name,
        "GameType": variant_tag,
    }


def refusal_message(refusal: SheetEditRefused, replay: SheetReplay, algebraic: bool) -> str:
    """Why a typed edit was refused, in words, with the Art. 23 category when it has one."""
    code = refusal.code
    if code == "syntax-error":
        return _("The score sheet has a PDN syntax error: correct the text first.")
    if code == "start-error":
        return _("The score sheet's starting position (FEN tag) cannot be read: correct it first.")
    if code == "sheet-stops":
        return _(
            "The score sheet stops at the irregular move %(move)s: record the opponent's "
            "decision (Art. 23) or correct the sheet first."
        ) % {"move": refusal.label}
    if code == "unreadable":
        return _("This move cannot be read: write squares joined by “-” (22-18, c3-d4) or “x” "
                 "for a capture (23x14, c3xe5).")
    if code == "ambiguous":
        return _("Several captures fit this move: write the squares it passes, e.g. %(moves)s.") % {
            "moves": ", ".join(refusal.candidates)}
    if code == "no-moves":
        return _("The score sheet has no move to remove.")
    irregularity = refusal.irregularity
    board = replay.replay.board if replay.replay is not None else None
    if code == "illegal" and irregularity is not None and board is not None:
        reason = describe.irregularity_reason(
            board, refusal.label.split(" ", 1)[-1], irregularity, irregularity.code, algebraic)
        return _(
            "%(line)s. Not recorded: correct the move, or tick the box if the opponent let it "
            "stand (Art. 23)."
        ) % {"line": describe.irregularity_line(refusal.label, irregularity.category, reason)}
    return _("%(move)s cannot be carried out on the board, even if the opponent lets it stand: "
             "the first square must hold the piece and the last must be empty.") % {
        "move": refusal.label}


@transaction.atomic
def append_move(game: Game, *, move_text: str, let_stand: bool = False, expected_version: int,
                notation: str = "", user=None) -> tuple[ScoreSheet, TypedMove]:
    """Check a typed move against the position after the sheet's last move and append it.

    An illegal move is refused with its Art. 23 category unless the opponent let it stand; then
    it is appended, its half-move accepted, and the irregularity recorded as let stand.
    `notation` applies to a new sheet only (default: the tournament's preference).
    """
    game = _locked_game(game)
    sheet = _current_sheet(game, expected_version)
    if sheet is not None:
        notation = sheet.notation
    else:
        notation = notation or default_notation(game.round.tournament)
        _check_notation(game, notation)
    algebraic = notation == Notation.ALGEBRAIC
    replay = sheet_replay(game, sheet)
    try:
        text, typed = append_to_sheet(replay, move_text, algebraic=algebraic,
                                      let_stand=let_stand, new_game_tags=_new_game_tags(game))
    except SheetEditRefused as refusal:
        raise ArbitrationError(refusal_message(refusal, replay, algebraic), "move") from None
    before = _sheet_state(sheet)
    accepted = list(sheet.accepted_plies) if sheet is not None else []
    if typed.irregularity is not None:
        accepted.append(typed.ply)
    sheet, stored = _store_sheet(game, sheet, text=text, notation=notation, accepted=accepted,
                                 user=user)
    if stored.moves != typed.ply:  # the text written must replay to the move checked
        raise ArbitrationError(_("The move could not be recorded on the sheet."), "move")
    tournament = game.round.tournament
    audit.record(tournament=tournament, game=game, actor=user, action=Action.SHEET_MOVE_ADDED,
                 before=before, after=_sheet_state(sheet), note=typed.label)
    if typed.irregularity is not None:
        category = typed.irregularity.category
        claim = IrregularityClaim.objects.create(
            game=game, category=category, move=typed.label.split(" ", 1)[0], ply=typed.ply,
            sheet_category=category, decision=OpponentDecision.STAND,
            note=_("Recorded while typing the score sheet: the opponent let it stand."),
            created_by=_user_or_none(user),
        )
        audit.record(tournament=tournament, game=game, actor=user,
                     action=Action.IRREGULARITY_RECORDED, after=_irregularity_state(claim))
    return sheet, typed


@transaction.atomic
def remove_last_move(game: Game, *, expected_version: int, user=None) -> ScoreSheet:
    """Take the last written move off the sheet (a typing slip); audited like any edit."""
    game = _locked_game(game)
    sheet = _current_sheet(game, expected_version)
    if sheet is None:
        raise ArbitrationError(_("This game has no score sheet yet."))
    replay = sheet_replay(game, sheet)
    try:
        text, ply, label = remove_from_sheet(replay)
    except SheetEditRefused as refusal:
        raise ArbitrationError(
            refusal_message(refusal, replay, sheet.notation == Notation.ALGEBRAIC)) from None
    before = _sheet_state(sheet)
    accepted = [p for p in sheet.accepted_plies if p != ply]
    sheet, _stored = _store_sheet(game, sheet, text=text, notation=sheet.notation,
                                  accepted=accepted, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_MOVE_REMOVED, before=before, after=_sheet_state(sheet),
                 note=label)
    return sheet


# ------------------------------------------------------------------------------ draw claims


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


def _user_or_none(user):
    return user if getattr(user, "is_authenticated", False) else None


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
    game = _locked_game(game)
    if claimant.pk not in (game.white_id, game.black_id):
        raise ArbitrationError(_("The claimant must be one of the game's two players."),
                               "claimant")
    sheet, check = _check(game, rule, move)
    claim = DrawClaim.objects.create(
        game=game, claimant=claimant, rule=rule, move=check.label, ply=check.ply,
        system_upheld=check.upheld, evidence=check.evidence, sheet_version=sheet.version,
        created_by=_user_or_none(user),
    )
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.DRAW_CLAIMED, after=_claim_state(claim),
                 note=describe.claim_sentence(check.evidence, check.upheld))
    return claim


@transaction.atomic
def recheck_draw_claim(claim: DrawClaim, *, user=None) -> DrawClaim:
    """Check an open claim again against the sheet as it is now (after the sheet changed)."""
    game = _locked_game(claim.game)
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
    draw (1/2-1/2) through tournaments.services.record_result, in the same transaction: a stale
    game version or any failure leaves neither the decision nor the result behind.

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
    game = _locked_game(claim.game)
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
    claim.decided_by = _user_or_none(user)
    claim.save(update_fields=["decision", "reason", "decided_at", "decided_by"])
    if upheld:
        tournament_services.record_result(game, result=GameResult.DRAW,
                                          expected_version=expected_game_version, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.DRAW_CLAIM_DECIDED, before=before, after=_claim_state(claim),
                 note=reason)
    return claim


# ------------------------------------------------------------------------------ irregularities


def _irregularity_state(claim: IrregularityClaim) -> dict[str, Any]:
    return {
        "category": claim.category,
        "move": claim.move,
        "sheet_category": claim.sheet_category,
        "reported_by": claim.reported_by.player.name if claim.reported_by else "",
        "decision": claim.decision,
        "note": claim.note,
    }


def sheet_category_at(replay: SheetReplay, ply: int) -> str:
    """The Art. 23 category the sheet shows at a half-move ("" when it shows none)."""
    illegal = replay.illegal
    if illegal is not None and illegal.ply == ply:
        return illegal.irregularity.category if illegal.irregularity else ""
    if replay.replay is not None and ply <= replay.replay.moves:
        irregularity = replay.replay.plies[ply - 1].irregularity
        return irregularity.category if irregularity else ""
    return ""


@transaction.atomic
def record_irregularity(game: Game, *, move: str, decision: str, category: str = "",
                        reported_by: Entry | None = None, note: str = "",
                        user=None) -> IrregularityClaim:
    """Record an Art. 23 irregularity and the opponent's decision.

    Where the sheet shows an irregularity at the move, its category is proposed (used when none
    is given). "Let stand" makes the replay carry the move out and go on; "corrected" takes it
    off the accepted half-moves, so the sheet shows it until the arbiter writes the move played.
    """
    game = _locked_game(game)
    label = normal_move_label(move)
    if label is None:
        raise ArbitrationError(_("Write the move as on the sheet: “34.” for White's 34th move, "
                                 "“34...” for Black's."), "move")
    if decision not in OpponentDecision.values:
        raise ArbitrationError(_("Record whether the opponent had it corrected or let it stand."),
                               "decision")
    if reported_by is not None and reported_by.pk not in (game.white_id, game.black_id):
        raise ArbitrationError(_("Only one of the game's two players (or the arbiter) can report "
                                 "an irregularity."), "reported_by")
    sheet = sheet_of(game)
    ply, shown = None, ""
    replay = None
    if sheet is not None:
        replay = sheet_replay(game, sheet)
        ply = replay.ply_of(label)
        if ply is None:
            raise ArbitrationError(_("The score sheet has no move %(move)s.") % {"move": label},
                                   "move")
        shown = sheet_category_at(replay, ply)
    category = category or shown
    if not category:
        raise ArbitrationError(_("Choose the category: the score sheet shows no irregularity at "
                                 "this move."), "category")
    claim = IrregularityClaim.objects.create(
        game=game, category=category, move=label, ply=ply, sheet_category=shown,
        reported_by=reported_by, decision=decision, note=note.strip(),
        created_by=_user_or_none(user),
    )
    tournament = game.round.tournament
    audit.record(tournament=tournament, game=game, actor=user,
                 action=Action.IRREGULARITY_RECORDED, after=_irregularity_state(claim),
                 note=claim.note)
    if sheet is not None and ply is not None:
        _apply_decision_to_sheet(game, sheet, replay, ply, decision, user)
    return claim


def _apply_decision_to_sheet(game: Game, sheet: ScoreSheet, replay: SheetReplay, ply: int,
                             decision: str, user) -> None:
    accepted = list(sheet.accepted_plies)
    stops_here = replay.illegal is not None and replay.illegal.ply == ply
    if decision == OpponentDecision.STAND and stops_here and ply not in accepted:
        accepted.append(ply)
        note = _("Irregular move let stand (Art. 23): the replay goes on from it.")
    elif decision == OpponentDecision.CORRECT and ply in accepted:
        accepted.remove(ply)
        note = _("Irregular move corrected (Art. 23): write the move actually played.")
    else:
        return
    before = _sheet_state(sheet)
    sheet, _stored = _store_sheet(game, sheet, text=sheet.pdn, notation=sheet.notation,
                                  accepted=accepted, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_SAVED, before=before, after=_sheet_state(sheet), note=note)


# ------------------------------------------------------------------------------ officials


def _members(tournament: Tournament, role: str):
    return tournament.organisers if role == Role.ORGANISER else tournament.arbiters


def _usernames(tournament: Tournament, role: str) -> list[str]:
    return sorted(user.get_username() for user in _members(tournament, role).all())


@transaction.atomic
def add_official(tournament: Tournament, *, username: str, role: str, user=None):
    """Name an arbiter or a co-organiser of the tournament by username."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if role not in Role.values:
        raise ArbitrationError(_("Choose arbiter or organiser."), "role")
    User = get_user_model()
    member = User.objects.filter(**{User.USERNAME_FIELD: username.strip()}).first()
    if member is None:
        raise ArbitrationError(_("No account has the username “%(username)s”.") % {
            "username": username.strip()}, "username")
    members = _members(tournament, role)
    if members.filter(pk=member.pk).exists():
        raise ArbitrationError(_("%(username)s is already %(role)s of this tournament.") % {
            "username": member.get_username(), "role": Role(role).label}, "username")
    before = _usernames(tournament, role)
    members.add(member)
    audit.record(tournament=tournament, actor=user, action=Action.OFFICIAL_ADDED,
                 before={role: before}, after={role: _usernames(tournament, role)},
                 note=member.get_username())
    return member


@transaction.atomic
def remove_official(tournament: Tournament, *, member, role: str, user=None) -> None:
    """Take a role away; a tournament always keeps at least one organiser."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if role not in Role.values:
        raise ArbitrationError(_("Choose arbiter or organiser."), "role")
    members = _members(tournament, role)
    if not members.filter(pk=member.pk).exists():
        raise ArbitrationError(_("%(username)s is not %(role)s of this tournament.") % {
            "username": member.get_username(), "role": Role(role).label})
    if role == Role.ORGANISER and members.count() == 1:
        raise ArbitrationError(_("A tournament needs at least one organiser: name another "
                                 "organiser before removing the last one."))
    before = _usernames(tournament, role)
    members.remove(member)
    audit.record(tournament=tournament, actor=user, action=Action.OFFICIAL_REMOVED,
                 before={role: before}, after={role: _usernames(tournament, role)},
                 note=member.get_username())
