"""Draw claims checked against a replayed score sheet: upheld or not, with the evidence.

`check_claim` takes a `rules.replay.Replay` and the move after which the claimant says a draw
rule holds ("34." = after White's 34th move, "34..." = after Black's).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.draws import DrawStatus, describe
from rules.replay import ClaimError, Replay


@dataclass(frozen=True)
class ClaimDecision:
    """An arbiter's answer to a draw claim: upheld or not, the evidence, and a sentence."""

    rule: str
    move: str
    ply: int
    upheld: bool
    sentence: str
    status: DrawStatus | None

    def as_dict(self) -> dict[str, object]:
        evidence = self.status.as_dict() if self.status else {"reason": "not-in-profile"}
        return {
            "rule": self.rule,
            "move": self.move,
            "ply": self.ply,
            "upheld": self.upheld,
            "sentence": self.sentence,
            "evidence": evidence,
        }


def check_claim(replay: Replay, rule_id: str, move: str) -> ClaimDecision:
    """Check a claim that the draw `rule_id` holds after `move` ("34." = after White's 34th
    move, "34..." = after Black's), on the position the sheet reaches there."""
    from rules.draws import RULE_IDS

    if rule_id not in RULE_IDS:
        raise ClaimError(f"unknown draw rule {rule_id!r} (known: {', '.join(RULE_IDS)})")
    ply = replay.ply_of(move)
    if ply > replay.moves:
        stopped = f" (the replay stopped at {replay.illegal.label})" if replay.illegal else ""
        raise ClaimError(f"move {move} was not replayed{stopped}")
    if rule_id not in replay.draws.rules:
        sentence = (
            f"Rejected: the draw rules of profile {replay.profile!r} "
            f"({replay.variant.name}) have no rule {rule_id!r}."
        )
        return ClaimDecision(rule_id, move, ply, False, sentence, None)
    status = replay.status(rule_id, ply)
    return ClaimDecision(rule_id, move, ply, status.holds, describe(status, replay.label), status)
