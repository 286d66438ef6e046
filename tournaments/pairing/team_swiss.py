"""Team Swiss pairing by FIDE C.04.6, the Swiss Team Pairing System (approved by the Council on
28/10/2025, applied from 1 February 2026), as plain data: no Django, tested without a database.

It is not the individual Dutch system run on match points. Its own articles, as this module
reads them (article numbers are the handbook's):

- Preface: the Basic Rules for Swiss Systems (C.04.1) and Art. 1, 2.4, 2.5, 3 and 4 of the
  General Handling Rules (C.04.2) apply to teams mutatis mutandis, except C.04.1 Art. 6 and 7
  (colour difference within +-2, no colour three times running), which never apply: colours
  never stop two teams from meeting, there are no absolute colour preferences.
- Art. 1.1: each team has a Tournament Pairing Number (TPN), set by the competition's rules.
- Art. 1.2: the primary score (match points by default, or game points) forms the scoregroups;
  the other one is the secondary score, used to choose the first-team of a pair (Art. 4.2.2)
  unless the rules say it is not used.
- Art. 1.4: with an odd number of teams one gets the pairing-allocated bye (PAB), worth a drawn
  match's match and game points unless the rules say otherwise (the competition's "bye" points,
  tournaments/teams.py TeamScoring, which scores it; this module only chooses the team).
- Within a scoregroup teams are taken in TPN order (3.5.3, 3.6.1): game points do not order a
  bracket, they only choose the first-team for colours (4.2.2).
- Art. 1.5: a floater is a team that played an opponent with a different score.
- Art. 1.6: a team's colour in a match is the colour its board-1 player was scheduled to have,
  and only a match actually played gives a colour; CD = Whites - Blacks.
- Art. 1.7: colour preferences of Type A (the default), Type B (strong and mild), or none.
- Art. 2: absolute criteria [C1] teams meet once, [C2] no second PAB (nor one after a match won
  by forfeit); completion [C3] the teams not yet paired can always still be paired; quality
  criteria in descending priority [C4] fewest upfloaters, [C5] upfloaters with the highest
  scores, [C6] the following scoregroup left pairable with its fewest upfloaters, [C7] fewest
  upfloaters that floated in the previous round, [C8] fewest unfulfilled colour preferences,
  [C9] (Type B) fewest unfulfilled strong preferences, [C10] fewest upfloaters' opponents that
  floated in the previous round. [C7] and [C10] do not apply in the last two rounds.
- Art. 3: the PAB first (3.4), then the top scoregroup with the upfloaters of 3.5 is a bracket
  paired by 3.6 (the first pairing in identifier order complying with [C1], [C8]-[C10]), again
  and again until every team is paired; then colours by the nine steps of Art. 4.

Where the text needs a reading, the reading is said where it is applied ([C6], 3.6.4).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from tournaments.pairing.swiss.matching import max_weight_matching
from tournaments.standings.scoring import Scoring
from tournaments.standings.teams import MatchRecord, TeamScoring, match_game_points, team_lines

type Colour = Literal["W", "B"]
type PreferenceType = Literal["A", "B", "none"]

PREFERENCE_TYPES: tuple[PreferenceType, ...] = ("A", "B", "none")
SET_BUDGET = 5_000  # upfloater sets examined for [C6]/[C7] in one bracket (never reached in tests)
C6_BUDGET = 1_000  # upfloater sets tried for the following scoregroup, per size, in one [C6] look


@dataclass(frozen=True)
class TeamState:
    """A team as the pairing sees it before a round.

    `score` is the primary score, `secondary` the other (Art. 1.2). `colours` holds its board-1
    colour round by round, None for a round without a played match (PAB, forfeit, absence);
    `played` drops those rounds, as colour sequences count played matches only (C.04.2, read
    by Art. 4.3.6). `opponents` are the teams it played
    ([C1]); `had_bye` whether it had the PAB or won a match by forfeit ([C2]); `floated` whether
    it was a floater in the previous round (Art. 1.5, for [C7] and [C10]).
    """

    id: object
    tpn: int
    score: Fraction = Fraction(0)
    secondary: Fraction = Fraction(0)
    colours: tuple[Colour | None, ...] = ()
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False
    floated: bool = False

    @property
    def played(self) -> list[Colour]:
        return [c for c in self.colours if c is not None]

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        played = self.played
        return played.count("W") - played.count("B")


@dataclass(frozen=True)
class Preference:
    colour: Colour | None
    strong: bool = False


NO_PREFERENCE = Preference(None)


def colour_preference(team: TeamState, kind: PreferenceType,
                      last_round: bool = False) -> Preference:
    """The team's colour preference, Art. 1.7.

    Type A (1.7.1): White when CD < -1, or CD is 0 or -1 and the last two played matches were
    with Black; Black symmetrically; otherwise none. Type B (1.7.2): the same conditions give a
    strong preference; a mild one for White when CD is -1, or CD is 0 and the last played match
    was with Black and this is not the last round (Black symmetrically); no preference before a
    first match, nor with CD 0 in the last round. The clauses are read in the order written, so
    a strong preference stands in the last round too. No preferences at all with `none`.
    """
    if kind == "none":
        return NO_PREFERENCE
    played = team.played
    cd = team.colour_difference
    last_two = played[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == ["B", "B"]):
        return Preference("W", strong=True)
    if cd > 1 or (cd in (0, 1) and last_two == ["W", "W"]):
        return Preference("B", strong=True)
    if kind == "B" and played:
        if cd == -1 or (cd == 0 and played[-1] == "B" and not last_round):
            return Preference("W")
        if cd == 1 or (cd == 0 and played[-1] == "W" and not last_round):
            return Preference("B")
    return NO_PREFERENCE


def _other(colour: Colour) -> Colour:
    return "B" if colour == "W" else "W"


def first_team(a: TeamState, b: TeamState, use_secondary: bool = True
               ) -> tuple[TeamState, TeamState]:
    """(first-team, other) by Art. 4.2: the higher primary score, then the higher secondary
    score (4.2.2, unless the rules say it is not used), then the smaller TPN."""
    def key(t: TeamState):
        return (-t.score, -t.secondary if use_secondary else 0, t.tpn)
    return (a, b) if key(a) <= key(b) else (b, a)


def allocate_colours(a: TeamState, b: TeamState, kind: PreferenceType = "A",
                     initial: Colour = "W", last_round: bool = False,
                     use_secondary: bool = True) -> tuple[TeamState, TeamState]:
    """(team with White on board 1, team with Black) by Art. 4.3, in descending priority."""
    return _allocate(a, b, kind, initial, last_round, use_secondary)[:2]


def _allocate(a: TeamState, b: TeamState, kind: PreferenceType, initial: Colour,
              last_round: bool, use_secondary: bool) -> tuple[TeamState, TeamState, str]:
    first, second = first_team(a, b, use_secondary)

    def give(colour_of_first: Colour, step: str) -> tuple[TeamState, TeamState, str]:
        white, black = (first, second) if colour_of_first == "W" else (second, first)
        return white, black, step

    # 4.3.1 Neither has played a match: an odd-TPN first-team takes the initial-colour (4.1).
    if not first.played and not second.played:
        return give(initial if first.tpn % 2 == 1 else _other(initial), "4.3.1")
    p1 = colour_preference(first, kind, last_round)
    p2 = colour_preference(second, kind, last_round)
    # 4.3.2 Only one team has a preference: grant it.
    if p1.colour and not p2.colour:
        return give(p1.colour, "4.3.2")
    if p2.colour and not p1.colour:
        return give(_other(p2.colour), "4.3.2")
    # 4.3.3 Opposite preferences: grant both.
    if p1.colour and p2.colour and p1.colour != p2.colour:
        return give(p1.colour, "4.3.3")
    # 4.3.4 Type B, only one of the two (same-colour) preferences is strong: grant it.
    if kind == "B" and p1.colour and p2.colour and p1.strong != p2.strong:
        return give(p1.colour if p1.strong else _other(p2.colour), "4.3.4")
    # 4.3.5 The lower colour difference gets White.
    if first.colour_difference != second.colour_difference:
        return give("W" if first.colour_difference < second.colour_difference else "B",
                    "4.3.5")
    # 4.3.6 Alternate to the most recent time one had White and the other Black. Only played
    # matches count in a colour sequence (General Handling Rules), so the two sequences are
    # compared from each team's last played match backwards, not round by round: a bye or
    # forfeit in one team's history must not shift which matches are compared (issue 25).
    for c1, c2 in zip(reversed(first.played), reversed(second.played), strict=False):
        if c1 and c2 and c1 != c2:
            return give(_other(c1), "4.3.6")
    # 4.3.7 Grant the first-team's preference.
    if p1.colour:
        return give(p1.colour, "4.3.7")
    # 4.3.8 Alternate the first-team's colour from its last played match.
    if first.played:
        return give(_other(first.played[-1]), "4.3.8")
    # 4.3.9 Alternate the other team's colour from its last played match.
    return give(second.played[-1], "4.3.9")


@dataclass(frozen=True)
class Bracket:
    """One bracket of Art. 3.3.2: its score, resident teams, upfloaters (3.5) and pairs (3.6)
    as (top member, bottom member) ids, the smaller TPN on top (3.6.1)."""

    score: Fraction
    residents: tuple[object, ...]
    upfloaters: tuple[object, ...]
    pairs: tuple[tuple[object, object], ...]


@dataclass(frozen=True)
class TeamPairing:
    """A round: (White team, Black team) pairs in board-1 terms, best scores first, the PAB,
    the brackets as paired, and the Art. 4.3 step that gave each pair its colours."""

    pairs: tuple[tuple[object, object], ...]
    bye: object | None
    brackets: tuple[Bracket, ...] = ()
    colour_steps: tuple[str, ...] = ()


class UnpairableError(ValueError):
    """No pairing meets the absolute criteria [C1] and [C2] (Art. 3.3.3: the Chief Arbiter
    decides). `criterion` names the one that failed: "C1" or "C2"."""

    def __init__(self, message: str, criterion: str = "C1"):
        super().__init__(message)
        self.criterion = criterion


@dataclass(frozen=True)
class RoundRules:
    """What the round's pairing depends on besides the teams."""

    kind: PreferenceType = "A"
    initial: Colour = "W"
    round_number: int | None = None
    total_rounds: int | None = None
    use_secondary: bool = True

    @property
    def last_round(self) -> bool:
        return (self.total_rounds is not None and self.round_number is not None
                and self.round_number >= self.total_rounds)

    @property
    def last_two_rounds(self) -> bool:
        """[C7] and [C10] are not applied in the last two rounds."""
        return (self.total_rounds is not None and self.round_number is not None
                and self.round_number >= self.total_rounds - 1)


class _Round:
    """The work of pairing one round: compatibility, pairability checks (memoised)."""

    def __init__(self, teams: Sequence[TeamState], rules: RoundRules):
        self.rules = rules
        self.teams = teams
        self.pref = {t.id: colour_preference(t, rules.kind, rules.last_round) for t in teams}
        self._pairable: dict[frozenset, bool] = {}

    @staticmethod
    def can_meet(a: TeamState, b: TeamState) -> bool:
        """[C1]: two teams shall not play each other more than once."""
        return b.id not in a.opponents and a.id not in b.opponents

    def pairable(self, teams: Sequence[TeamState]) -> bool:
        """Whether the teams can all be paired among themselves under [C1] (used for [C3])."""
        if len(teams) % 2:
            return False
        key = frozenset(t.id for t in teams)
        known = self._pairable.get(key)
        if known is None:
            known = self._pairable[key] = _perfect(teams, self.can_meet)
        return known

    # --- Art. 3.4 the pairing-allocated bye ---------------------------------------------

    def bye(self, ordered: list[TeamState]) -> TeamState | None:
        """3.4: among the teams [C2] allows, the one that leaves a legal pairing for all the
        others (3.4.1), with the lowest score (3.4.2), the most matches played (3.4.3), the
        largest TPN (3.4.4)."""
        if len(ordered) % 2 == 0:
            return None
        candidates = sorted((t for t in ordered if not t.had_bye),
                            key=lambda t: (t.score, -len(t.played), -t.tpn))
        for team in candidates:
            if self.pairable([t for t in ordered if t is not team]):
                return team
        raise UnpairableError(
            "no team may receive the pairing-allocated bye and leave the others pairable "
            "([C2], Art. 3.4.1)", "C2")

    # --- Art. 3.5 the upfloaters --------------------------------------------------------

    def upfloaters(self, residents: list[TeamState], lower: list[TeamState]
                   ) -> list[TeamState]:
        """3.5: the set of upfloaters joining the top scoregroup.

        [C4] the smallest number of upfloaters for which a legal set exists (the bracket can
        be paired, [C1], and so can the teams left below, [C3]); [C5] among those the best
        scores, compared as the upfloaters' scores in ascending order; then the set with the
        least [C6] excess and the fewest [C7] previous-round floaters, the first in the order
        of 3.5.3-3.5.4 (each set read by descending score then ascending TPN, the sets
        compared lexicographically) among equals (3.5.5)."""
        parity = len(residents) % 2
        for size in range(parity, len(lower) + 1, 2):
            for profile in _profiles(lower, size):
                best: tuple | None = None
                chosen: list[TeamState] | None = None
                examined = 0
                for candidate in _sets_of_profile(lower, profile):
                    if not self._legal(residents, candidate, lower):
                        continue
                    key = self._set_key(residents, candidate, lower)
                    if best is None or key < best:
                        best, chosen = key, candidate
                    examined += 1
                    if key == (0, 0) or examined >= SET_BUDGET:
                        break
                if chosen is not None:
                    return chosen
        raise UnpairableError("the top scoregroup cannot be paired with any upfloaters ([C1])")

    def _legal(self, residents, candidate, lower) -> bool:
        chosen = {t.id for t in candidate}
        return (self.pairable(residents + candidate)
                and self.pairable([t for t in lower if t.id not in chosen]))

    def _set_key(self, residents, candidate, lower) -> tuple[int, int]:
        c7 = 0 if self.rules.last_two_rounds else sum(t.floated for t in candidate)
        return self._c6_excess(candidate, lower), c7

    def _c6_excess(self, candidate: list[TeamState], lower: list[TeamState]) -> int:
        """[C6]: unless the following scoregroup was emptied by upfloating, how many more
        upfloaters than its parity minimum the bracket of that scoregroup would need for
        [C1], [C3] and [C4] to be met there (0 at best)."""
        chosen = {t.id for t in candidate}
        following = lower[0].score
        rest = [t for t in lower if t.id not in chosen]
        group = [t for t in rest if t.score == following]
        if not group:
            return 0
        below = [t for t in rest if t.score != following]
        parity = len(group) % 2
        for extra, size in enumerate(range(parity, min(len(below), parity + 2) + 1, 2)):
            combos = itertools.islice(itertools.combinations(below, size), C6_BUDGET)
            for combo in combos:
                taken = {t.id for t in combo}
                if (self.pairable(group + list(combo))
                        and self.pairable([t for t in below if t.id not in taken])):
                    return extra
        return 2  # two or more upfloaters beyond the minimum: counted alike

    # --- Art. 3.6 pairing the bracket ---------------------------------------------------

    def pair_bracket(self, bracket: list[TeamState], upfloater_ids: set
                     ) -> list[tuple[TeamState, TeamState]]:
        """3.6: the pairing of the whole bracket that complies with [C1] and, as far as
        possible, [C8], [C9] and [C10], the first in identifier order among the best.

        3.6.1-3.6.3: in a pair the smaller TPN is the top member; a pairing's identifier is
        its top members' TPNs in ascending order followed by their bottom members' TPNs in
        the same order, and pairings are ordered lexicographically by identifier. 3.6.4 asks
        for the first pairing "that also complies with" [C1], [C8], [C9], [C10]; since the
        last three are minimisations, the reading here is: the fewest [C8] failures, then
        [C9], then [C10], and among pairings equal on those the smallest identifier.

        The fold (1st half against 2nd half) is the smallest identifier of all; when it is
        legal and perfect on [C8]-[C10] it is the answer. Otherwise one exact maximum-weight
        matching decides, its weights encoding the criteria, then the top set, then the
        bottoms, each dominating what follows.
        """
        teams = sorted(bracket, key=lambda t: t.tpn)
        n = len(teams)
        half = n // 2
        fold = list(zip(teams[:half], teams[half:], strict=True))
        costs = {}

        def cost(i: int, j: int) -> int:
            got = costs.get((i, j))
            if got is None:
                got = costs[(i, j)] = self._pair_cost(teams[i], teams[j], upfloater_ids, n)
            return got

        if all(self.can_meet(a, b) for a, b in fold) and not any(
                cost(i, i + half) for i in range(half)):
            return fold
        unit_bottom = n + 1  # bottoms weigh (n - 1 - rank) < n + 1 per top position
        unit_top = unit_bottom ** n
        unit_quality = unit_top * 2 ** (n + 1)
        worst = 4 * n * n * n + 1
        edges = []
        for i, j in itertools.combinations(range(n), 2):
            if not self.can_meet(teams[i], teams[j]):
                continue
            weight = ((worst - cost(i, j)) * unit_quality + 2 ** (n - 1 - i) * unit_top
                      + unit_bottom ** (n - 1 - i) * (n - 1 - j))
            edges.append((i, j, weight))
        mate = max_weight_matching(n, edges, max_cardinality=True)
        if any(m < 0 for m in mate):
            raise UnpairableError("the bracket cannot be paired ([C1])")  # pragma: no cover
        return [(teams[i], teams[mate[i]]) for i in range(n) if i < mate[i]]

    def _pair_cost(self, a: TeamState, b: TeamState, upfloater_ids: set, n: int) -> int:
        """[C8], [C9], [C10] of one pair, folded into one number in that priority."""
        pa, pb = self.pref[a.id], self.pref[b.id]
        clash = pa.colour is not None and pa.colour == pb.colour
        c8 = 1 if clash else 0  # one of the two does not get its colour (Art. 4.3)
        c9 = 1 if clash and self.rules.kind == "B" and pa.strong and pb.strong else 0
        c10 = 0
        if not self.rules.last_two_rounds:
            c10 = ((a.id in upfloater_ids and b.floated)
                   + (b.id in upfloater_ids and a.floated))
        scale = 2 * n + 1
        return (c8 * scale + c9) * scale + c10


def _perfect(teams: Sequence[TeamState], can_meet) -> bool:
    """Whether a perfect matching exists: greedy first (almost always enough), then exact."""
    n = len(teams)
    if n == 0:
        return True
    free = list(range(n))
    matched = [False] * n
    for i in free:
        if matched[i]:
            continue
        for j in range(i + 1, n):
            if not matched[j] and can_meet(teams[i], teams[j]):
                matched[i] = matched[j] = True
                break
    if all(matched):
        return True
    edges = [(i, j, 1) for i, j in itertools.combinations(range(n), 2)
             if can_meet(teams[i], teams[j])]
    mate = max_weight_matching(n, edges, max_cardinality=True)
    return all(m >= 0 for m in mate)


def _profiles(lower: list[TeamState], size: int) -> Iterator[tuple[int, ...]]:
    """[C5]: how many upfloaters to take from each lower score level, best first - the
    upfloaters' scores in ascending order as large as possible (2.3.2)."""
    levels: list[tuple[Fraction, int]] = []
    for t in lower:
        if levels and levels[-1][0] == t.score:
            levels[-1] = (t.score, levels[-1][1] + 1)
        else:
            levels.append((t.score, 1))
    found: list[tuple[int, ...]] = []

    def build(index: int, left: int, taken: tuple[int, ...]) -> None:
        if left == 0:
            found.append(taken + (0,) * (len(levels) - index))
            return
        if index == len(levels):
            return
        for k in range(min(left, levels[index][1]), -1, -1):
            build(index + 1, left - k, taken + (k,))

    build(0, size, ())

    def ascending_scores(counts: tuple[int, ...]) -> tuple[Fraction, ...]:
        scores = [levels[i][0] for i, k in enumerate(counts) for _ in range(k)]
        return tuple(sorted(scores))

    yield from sorted(found, key=ascending_scores, reverse=True)


def _sets_of_profile(lower: list[TeamState], profile: tuple[int, ...]
                     ) -> Iterator[list[TeamState]]:
    """3.5.3-3.5.4: the sets with the given number from each score level, each read by
    descending score then ascending TPN, in lexicographic order of those TPN sequences."""
    levels: list[list[TeamState]] = []
    for t in lower:
        if levels and levels[-1][0].score == t.score:
            levels[-1].append(t)
        else:
            levels.append([t])
    choices = [itertools.combinations(sorted(level, key=lambda t: t.tpn), k)
               for level, k in zip(levels, profile, strict=True)]
    for parts in itertools.product(*choices):
        yield [t for part in parts for t in part]


def _board_order(pair: tuple[TeamState, TeamState]):
    a, b = pair
    return (-max(a.score, b.score), -(a.score + b.score), min(a.tpn, b.tpn))


def pair_round(teams: Sequence[TeamState], *, kind: PreferenceType = "A",
               initial: Colour = "W", round_number: int | None = None,
               total_rounds: int | None = None, use_secondary: bool = True) -> TeamPairing:
    """Pair one round of a team Swiss by Art. 3.3.2: the PAB (3.4), then bracket after
    bracket from the top scoregroup down (3.5, 3.6), then colours (Art. 4).

    `round_number` and `total_rounds` tell the last round (Type B mild preferences, 1.7.2)
    and the last two rounds ([C7], [C10]); without them every round is an ordinary one.
    Raises UnpairableError when no legal pairing exists (3.3.3).
    """
    if kind not in PREFERENCE_TYPES:
        raise ValueError(f"colour preference type must be one of {PREFERENCE_TYPES}, "
                         f"got {kind!r}")
    if initial not in ("W", "B"):
        raise ValueError(f"initial colour must be 'W' or 'B', got {initial!r}")
    ids = [t.id for t in teams]
    if len(set(ids)) != len(ids):
        raise ValueError(f"team ids must be distinct, got {ids!r}")
    tpns = [t.tpn for t in teams]
    if len(set(tpns)) != len(tpns):
        raise ValueError(f"pairing numbers must be distinct, got {tpns!r}")
    rules = RoundRules(kind, initial, round_number, total_rounds, use_secondary)
    work = _Round(teams, rules)
    ordered = sorted(teams, key=lambda t: (-t.score, t.tpn))
    bye = work.bye(ordered)
    remaining = [t for t in ordered if t is not bye]
    if not work.pairable(remaining):
        raise UnpairableError("no pairing lets every team meet a team it has not met (C1)")
    brackets: list[Bracket] = []
    pairs: list[tuple[TeamState, TeamState]] = []
    while remaining:
        top = remaining[0].score
        residents = [t for t in remaining if t.score == top]
        lower = [t for t in remaining if t.score != top]
        upfloaters = work.upfloaters(residents, lower) if lower else []
        chosen = {t.id for t in upfloaters}
        bracket_pairs = work.pair_bracket(residents + upfloaters, chosen)
        brackets.append(Bracket(top, tuple(t.id for t in residents),
                                tuple(t.id for t in upfloaters),
                                tuple((a.id, b.id) for a, b in bracket_pairs)))
        pairs.extend(bracket_pairs)
        remaining = [t for t in lower if t.id not in chosen]
    pairs.sort(key=_board_order)
    allocated = [_allocate(a, b, kind, initial, rules.last_round, use_secondary)
                 for a, b in pairs]
    return TeamPairing(tuple((w.id, b.id) for w, b, _step in allocated),
                       bye.id if bye is not None else None, tuple(brackets),
                       tuple(step for _w, _b, step in allocated))


# --- the teams' state from their matches -----------------------------------------------------

def match_was_played(match: MatchRecord) -> bool:
    """A match is played when at least one of its games was played over the board; a match
    every board of which was forfeited is not (no colour, Art. 1.6.1; no meeting for [C1],
    C.04.2; a forfeit win for [C2])."""
    return not match.is_bye and any(
        game.result is not None and game.result.played_over_the_board for game in match.games)


def _home_colour(match: MatchRecord) -> Colour:
    """Art. 1.6.1: the colour the home team's board-1 player was scheduled to have."""
    for game in match.games:
        if game.board == 1:
            return "W" if game.home_colour == "white" else "B"
    return "W"  # the home team has White on board 1 when the boards are not known


def team_states(tpns: Mapping[object, int], matches: Iterable[MatchRecord], scoring: Scoring,
                team_scoring: TeamScoring, rounds_played: int) -> list[TeamState]:
    """Each team's TeamState before round `rounds_played + 1`, from its complete matches.

    The primary and secondary scores follow `team_scoring.primary` (Art. 1.2); a floater of
    the previous round (Art. 1.5) is a team that played a match in it against a team whose
    primary score before that round was different.
    """
    matches = list(matches)
    lines = team_lines(tpns, matches, scoring, team_scoring)
    before = team_lines(tpns, [m for m in matches if m.round < rounds_played], scoring,
                        team_scoring)
    colours: dict[object, list[Colour | None]] = {t: [None] * rounds_played for t in tpns}
    opponents: dict[object, set] = {t: set() for t in tpns}
    had_bye: set = set()
    floated: set = set()
    for match in matches:
        if match.is_bye:
            had_bye.add(match.home)
            continue
        if not match_was_played(match):
            home, away = match_game_points(match, scoring, team_scoring)
            if home != away:
                had_bye.add(match.home if home > away else match.away)
            continue
        home_colour = _home_colour(match)
        if 1 <= match.round <= rounds_played:
            colours[match.home][match.round - 1] = home_colour
            colours[match.away][match.round - 1] = _other(home_colour)
        opponents[match.home].add(match.away)
        opponents[match.away].add(match.home)
        if (match.round == rounds_played and before[match.home].primary(team_scoring)
                != before[match.away].primary(team_scoring)):
            floated.update((match.home, match.away))
    states = []
    for team, tpn in tpns.items():
        line = lines[team]
        primary = line.primary(team_scoring)
        secondary = line.game_points if team_scoring.primary == "match" else line.match_points
        states.append(TeamState(team, tpn, primary, secondary, tuple(colours[team]),
                                frozenset(opponents[team]), team in had_bye, team in floated))
    return states
