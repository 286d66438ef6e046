"""What a Swiss pairing needs to know about each player before a round, as plain data.

The engines never see Django models or files: the site and the TRF reader both build these records.
Points are fractions in the tournament's own unit (1-1/2-0 or 2-1-0 give the same pairings).

Two pairing options (issue 27): ``forbidden`` opponents (a forbidden pairing is absolute, as C1)
and ``acceleration``, this round's virtual points (C.04.5.1): the Dutch engine pairs on
``pairing_score`` = score + virtual points, and a past round's floats are judged on that round's
pairing scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.swiss.trf import PLAYED, TrfTournament

__all__ = ["PairingInput", "PlayerState", "from_trf"]


@dataclass
class PlayerState:
    """One player to pair: pairing number (initial rank), points, colours and floats so far."""

    number: int
    score: Fraction
    colours: list[str] = field(
        default_factory=list
    )  # colours of games played, "w"/"b", oldest first
    opponents: set[int] = field(default_factory=set)  # players met over the board (C.04.1 art. 2)
    floats: list[str] = field(default_factory=list)  # per past round: "d" down, "u" up, "" none
    bye_ineligible: bool = False  # already had the PAB or a forfeit win (C.04.1, as bbpPairings)
    rating: int = 0
    #: Pairing numbers this player must not meet in this round (forbidden pairings: same club or
    #: family, pairs the arbiter names); an absolute criterion like C1.
    forbidden: set[int] = field(default_factory=set)
    #: Virtual points for this round (accelerated pairings, C.04.5.1), in the tournament's unit.
    acceleration: Fraction = Fraction(0)

    @property
    def pairing_score(self) -> Fraction:
        """Score plus this round's virtual points: what forms and orders the brackets."""
        return self.score + self.acceleration

    @property
    def colour_difference(self) -> int:
        return self.colours.count("w") - self.colours.count("b")


@dataclass
class PairingInput:
    """Players to pair in ``round_no`` (absent ones left out), of ``total_rounds``."""

    round_no: int
    total_rounds: int
    players: list[PlayerState]
    initial_colour: str = "w"  # colour of the top player in round 1 (XXC)
    win_points: Fraction = Fraction(1)  # points of a win, for the topscorers' 50% (A.7)
    # False for micro-matches (issue 17): each player has both colours every round, so the
    # colour criteria (C3, C8-C11) and the allocation rules (5.2) are set aside; the first
    # game's White then goes by the initial colour and the higher player's pairing number.
    colour_rules: bool = True


def _unplayed_win(result: str, points: Fraction, loss: Fraction) -> bool:
    return result not in PLAYED and points > loss


def from_trf(t: TrfTournament, round_no: int, total_rounds: int | None = None) -> PairingInput:
    """Position before ``round_no`` (1-based): rounds 1..round_no-1 played; round_no's entries, if
    any, are requested byes/absences (``0000 - H/F/Z/-``) and those players are not paired."""
    players = t.players
    prior = round_no - 1
    # Points before each round, for floats (C.04.3 1.4).
    before: dict[int, list[Fraction]] = {}
    for p in players.values():
        acc = Fraction(0)
        seq = []
        for r in range(prior):
            seq.append(acc)
            if r < len(p.rounds):
                acc += t.points_of(p.rounds[r])
        seq.append(acc)
        before[p.number] = seq

    def pairing_score(number: int, r: int) -> Fraction:
        """The score a past round was paired on (0-based ``r``): its virtual points included,
        so a float is judged as that round's brackets saw it (as bbpPairings judges it)."""
        return before[number][r] + t.acceleration(number, r + 1)

    # A round with games (or a PAB) in the file was paired; one with only requested byes is not.
    round_paired = any(
        round_no - 1 < len(p.rounds)
        and (p.rounds[round_no - 1].opponent or p.rounds[round_no - 1].result == "U")
        for p in players.values()
    )
    forbidden = t.forbidden_in(round_no)
    states = []
    for p in sorted(players.values(), key=lambda p: p.number):
        if round_no - 1 < len(p.rounds):
            entry = p.rounds[round_no - 1]
            if entry.opponent == 0 and entry.result != "U":
                continue  # requested bye or absence for this round
        elif round_paired:
            continue  # the round was paired but his line stops before it: he had withdrawn
        s = PlayerState(p.number, before[p.number][prior], rating=p.rating)
        s.forbidden = {q for pair in forbidden if p.number in pair for q in pair if q != p.number}
        s.acceleration = t.acceleration(p.number, round_no)
        for r in range(prior):
            if r >= len(p.rounds):
                s.floats.append("")
                continue
            e = p.rounds[r]
            fl = ""
            if e.played:
                s.colours.append(e.colour)
                s.opponents.add(e.opponent)
                mine, theirs = pairing_score(p.number, r), pairing_score(e.opponent, r)
                if mine > theirs:
                    fl = "d"
                elif mine < theirs:
                    fl = "u"
            elif _unplayed_win(e.result, t.points_of(e), t.scoring["0"]):
                fl = "d"  # C.04.3 1.4.3: scoring more than a loss without playing is a downfloat
            if e.result in "U+":  # a PAB or a forfeit win (a requested F bye does not count)
                s.bye_ineligible = True
            s.floats.append(fl)
        states.append(s)
    total = total_rounds or t.total_rounds or max(t.rounds_in_file, round_no)
    initial = t.initial_colour or _initial_colour_from_round1(t)
    return PairingInput(round_no, total, states, initial, t.win_points)


def _initial_colour_from_round1(t: TrfTournament) -> str:
    """The colour player 1 had in round 1, else what the first board in round 1 implies."""
    ordered: Sequence = sorted(t.players.values(), key=lambda p: p.number)
    for p in ordered:
        if p.rounds and p.rounds[0].colour in "wb" and p.rounds[0].opponent:
            q = t.players[p.rounds[0].opponent]
            higher = min(p.number, q.number)
            colour = (
                p.rounds[0].colour
                if higher == p.number
                else ("b" if p.rounds[0].colour == "w" else "w")
            )
            # The higher player of a round-1 board has the initial colour when his rank is odd.
            rank = (
                sorted(x.number for x in ordered if x.rounds and x.rounds[0].opponent).index(higher)
                + 1
            )
            if rank % 2 == 1:
                return colour
            return "b" if colour == "w" else "w"
    return "w"
