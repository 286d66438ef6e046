"""The team Swiss (C.04.6) against its own definitions: Art. 3.6 checked by enumerating every
pairing of small brackets, and whole random team events checked round by round for what the
regulation makes absolute ([C1], [C2], one bye only when the field is odd, to the lowest score
that may have it) and for the colour rules of Art. 4.3.2-4.3.3."""

import itertools
import random
from fractions import Fraction as F

import pytest

from tournaments.pairing.team_swiss import (
    RoundRules,
    TeamState,
    UnpairableError,
    colour_preference,
    pair_round,
    team_states,
)
from tournaments.pairing.team_swiss.brackets import _perfect, _Round
from tournaments.standings.scoring import STANDARD, Result
from tournaments.standings.teams import BoardGame, MatchRecord, TeamScoring, board_colours


def all_pairings(items):
    """Every perfect matching of the list, as lists of (smaller, larger) pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for index, other in enumerate(rest):
        for tail in all_pairings(rest[:index] + rest[index + 1:]):
            yield [(first, other), *tail]


def reference_bracket(teams, upfloaters, rules):
    """Art. 3.6 as written: every pairing, [C1] kept, then the fewest [C8], [C9], [C10]
    failures, then the smallest identifier (3.6.2: top members ascending, then their bottom
    members in that order)."""
    by_tpn = sorted(teams, key=lambda t: t.tpn)
    best = None
    for pairing in all_pairings(by_tpn):
        if any(b.id in a.opponents for a, b in pairing):
            continue
        c8 = c9 = c10 = 0
        for a, b in pairing:
            pa = colour_preference(a, rules.kind, rules.last_round)
            pb = colour_preference(b, rules.kind, rules.last_round)
            if pa.colour and pa.colour == pb.colour:
                c8 += 1
                c9 += rules.kind == "B" and pa.strong and pb.strong
            if not rules.last_two_rounds:
                c10 += (a.id in upfloaters and b.floated) + (b.id in upfloaters and a.floated)
        ordered = sorted(pairing, key=lambda p: p[0].tpn)
        identifier = tuple(a.tpn for a, _ in ordered) + tuple(b.tpn for _, b in ordered)
        key = (c8, c9, c10, identifier)
        if best is None or key < best[0]:
            best = (key, pairing)
    return None if best is None else {frozenset((a.id, b.id)) for a, b in best[1]}


def random_team(rng, tpn, size, rounds):
    colours = [rng.choice(["W", "B", "W", "B", None]) for _ in range(rounds)]
    met = {other for other in range(1, size + 1) if other != tpn and rng.random() < 0.3}
    return TeamState(tpn, tpn, F(0), F(rng.randrange(5)), tuple(colours), frozenset(met),
                     False, rng.random() < 0.3)


@pytest.mark.parametrize("seed", range(60))
def test_the_bracket_is_the_first_pairing_of_art_3_6_among_the_best(seed):
    rng = random.Random(seed)
    size = rng.choice([4, 6, 8, 10])
    rounds = rng.randrange(1, 6)
    teams = [random_team(rng, tpn, size, rounds) for tpn in range(1, size + 1)]
    # [C1] is symmetric: a meeting is known to both teams
    met = {t.id: set(t.opponents) for t in teams}
    for t in teams:
        for other in t.opponents:
            met[other].add(t.id)
    teams = [TeamState(t.id, t.tpn, t.score, t.secondary, t.colours, frozenset(met[t.id]),
                       False, t.floated) for t in teams]
    upfloaters = {t.id for t in teams if rng.random() < 0.3}
    rules = RoundRules(kind=rng.choice(["A", "B", "none"]), round_number=rounds + 1,
                       total_rounds=rng.choice([rounds + 1, rounds + 2, rounds + 5]))
    expected = reference_bracket(teams, upfloaters, rules)
    if expected is None:
        assert not _perfect(teams, _Round.can_meet)
        return
    got = _Round(teams, rules).pair_bracket(teams, upfloaters)
    assert {frozenset((a.id, b.id)) for a, b in got} == expected


def play_event(size, rounds, kind, seed):
    """A whole event through the engine, checking every round; returns the rounds' pairings."""
    rng = random.Random(seed)
    scoring = TeamScoring(bye_match_points=F(1), bye_game_points=F(2))
    tpns = {n: n for n in range(1, size + 1)}
    colours = board_colours(4)
    matches: list[MatchRecord] = []
    byes: set = set()
    for number in range(1, rounds + 1):
        states = team_states(tpns, matches, STANDARD, scoring, number - 1)
        by_id = {s.id: s for s in states}
        pairing = pair_round(states, kind=kind, round_number=number, total_rounds=rounds)
        check_round(states, by_id, pairing, kind, number == rounds)
        assert pairing.bye not in byes  # [C2]
        for white, black in pairing.pairs:
            if rng.random() < 0.03:  # the whole of the Black team fails to show up
                results = ["+-" if colour == "white" else "-+" for _b, colour in colours]
            else:
                results = [rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in colours]
            matches.append(MatchRecord(number, white, black, tuple(
                BoardGame(board, colour, Result(result), None, None)
                for (board, colour), result in zip(colours, results, strict=True))))
        if pairing.bye is not None:
            byes.add(pairing.bye)
            matches.append(MatchRecord(number, pairing.bye, None))
    return matches


def check_round(states, by_id, pairing, kind, last_round):
    seen = [team for pair in pairing.pairs for team in pair]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    assert sorted(seen) == sorted(by_id)                     # every team, once
    assert (pairing.bye is not None) == (len(states) % 2 == 1)
    for white, black in pairing.pairs:
        assert black not in by_id[white].opponents           # [C1]
    if pairing.bye is not None:
        bye = by_id[pairing.bye]
        assert not bye.had_bye                               # [C2]
        # 3.4.2-3.4.4: every team before it in that order would leave the rest unpairable
        key = (bye.score, -len(bye.played), -bye.tpn)
        for team in states:
            if not team.had_bye and (team.score, -len(team.played), -team.tpn) < key:
                rest = [t for t in states if t is not team]
                assert not _perfect(rest, _Round.can_meet)
    left = [s for s in states if s.id != pairing.bye]
    for bracket in pairing.brackets:
        top = max(s.score for s in left)
        assert bracket.score == top
        assert sorted(bracket.residents) == sorted(s.id for s in left if s.score == top)
        assert all(by_id[u].score < top for u in bracket.upfloaters)
        assert len(bracket.upfloaters) % 2 == len(bracket.residents) % 2
        done = set(bracket.residents) | set(bracket.upfloaters)
        left = [s for s in left if s.id not in done]
    assert not left
    for (white, black), step in zip(pairing.pairs, pairing.colour_steps, strict=True):
        pw = colour_preference(by_id[white], kind, last_round)
        pb = colour_preference(by_id[black], kind, last_round)
        if pw.colour != pb.colour:                            # 4.3.2, 4.3.3
            assert pw.colour in (None, "W") and pb.colour in (None, "B")
        if kind == "none":
            assert step in ("4.3.1", "4.3.5", "4.3.6", "4.3.8", "4.3.9")


@pytest.mark.parametrize(("size", "rounds", "kind", "seed"), [
    (9, 7, "A", 1), (9, 8, "B", 2), (16, 7, "A", 3), (16, 9, "B", 4), (16, 7, "none", 5),
    (41, 7, "A", 6), (40, 7, "B", 7), (13, 11, "A", 8),
])
def test_random_team_events_keep_the_absolute_criteria(size, rounds, kind, seed):
    matches = play_event(size, rounds, kind, seed)
    played = [frozenset((m.home, m.away)) for m in matches if not m.is_bye and any(
        g.result.played_over_the_board for g in m.games)]
    assert len(played) == len(set(played))                   # nobody met twice


def test_the_preference_type_changes_the_pairing_only_through_the_colour_criteria():
    # the same position paired with the three types: the pairs may differ, the brackets'
    # residents and upfloaters do not ([C8] and [C9] come after [C4]-[C7])
    states = team_states({n: n for n in range(1, 13)},
                         play_event(12, 3, "A", 11), STANDARD,
                         TeamScoring(bye_match_points=F(1), bye_game_points=F(2)), 3)
    brackets = {kind: [(b.residents, b.upfloaters) for b in pair_round(
        states, kind=kind, round_number=4, total_rounds=7).brackets]
        for kind in ("A", "B", "none")}
    assert brackets["A"] == brackets["B"] == brackets["none"]


def test_pairing_every_bracket_by_hand_gives_the_engine_round():
    # A 10-team round with history, paired bracket by bracket by the reference of Art. 3.6
    # on the brackets the engine chose: the same pairs.
    matches = play_event(10, 4, "B", 21)
    states = team_states({n: n for n in range(1, 11)}, matches, STANDARD,
                         TeamScoring(bye_match_points=F(1), bye_game_points=F(2)), 4)
    rules = RoundRules(kind="B", round_number=5, total_rounds=9)
    pairing = pair_round(states, kind="B", round_number=5, total_rounds=9)
    by_id = {s.id: s for s in states}
    for bracket in pairing.brackets:
        teams = [by_id[i] for i in itertools.chain(bracket.residents, bracket.upfloaters)]
        expected = reference_bracket(teams, set(bracket.upfloaters), rules)
        assert {frozenset(p) for p in bracket.pairs} == expected


# --- a whole round by brute force ------------------------------------------------------------

def pairable(teams):
    return any(all(b.id not in a.opponents for a, b in p) for p in all_pairings(list(teams)))


def reference_round(states, rules):
    """Art. 3.3-3.6 by brute force over every subset, written apart from the engine: the
    (bye, [(residents, upfloaters, pairs)]) of the round."""
    ordered = sorted(states, key=lambda t: (-t.score, t.tpn))
    bye = None
    if len(ordered) % 2:
        for team in sorted((t for t in ordered if not t.had_bye),
                           key=lambda t: (t.score, -len(t.played), -t.tpn)):
            if pairable([t for t in ordered if t is not team]):
                bye = team
                break
    left = [t for t in ordered if t is not bye]
    brackets = []
    while left:
        top = left[0].score
        residents = [t for t in left if t.score == top]
        lower = [t for t in left if t.score != top]

        def legal(chosen, residents=residents, lower=lower):
            return (pairable(residents + list(chosen))
                    and pairable([t for t in lower if t not in chosen]))

        chosen = ()
        for size in range(len(residents) % 2, len(lower) + 1, 2):
            sets = [c for c in itertools.combinations(lower, size) if legal(c)]
            if not sets:
                continue
            best = max(tuple(sorted(t.score for t in c)) for c in sets)      # [C5]
            sets = [c for c in sets if tuple(sorted(t.score for t in c)) == best]

            def c6(chosen_set, lower=lower):
                rest = [t for t in lower if t not in chosen_set]
                group = [t for t in rest if t.score == lower[0].score]
                if not group:
                    return 0
                below = [t for t in rest if t not in group]
                for extra, more in enumerate(range(len(group) % 2, len(below) + 1, 2)):
                    for combo in itertools.combinations(below, more):
                        if pairable(group + list(combo)) and pairable(
                                [t for t in below if t not in combo]):
                            return min(extra, 2)
                return 2

            def c7(chosen_set):
                return 0 if rules.last_two_rounds else sum(t.floated for t in chosen_set)

            def order(chosen_set):                                          # 3.5.3-3.5.4
                return tuple(t.tpn for t in sorted(chosen_set, key=lambda t: (-t.score, t.tpn)))

            chosen = min(sets, key=lambda c: (c6(c), c7(c), order(c)))
            break
        ups = {t.id for t in chosen}
        pairs = reference_bracket(residents + list(chosen), ups, rules)
        brackets.append((tuple(t.id for t in residents), tuple(sorted(ups)), pairs))
        left = [t for t in lower if t.id not in ups]
    return (None if bye is None else bye.id), brackets


@pytest.mark.parametrize("seed", range(30))
def test_whole_rounds_agree_with_a_brute_force_reading_of_articles_3_4_to_3_6(seed):
    rng = random.Random(100 + seed)
    size = rng.choice([5, 6, 7, 8])
    rounds = rng.choice([5, 6, 7])
    kind = rng.choice(["A", "B", "none"])
    scoring = TeamScoring(bye_match_points=F(1), bye_game_points=F(2))
    tpns = {n: n for n in range(1, size + 1)}
    colours = board_colours(2)
    matches: list[MatchRecord] = []
    for number in range(1, rounds + 1):
        states = team_states(tpns, matches, STANDARD, scoring, number - 1)
        rules = RoundRules(kind=kind, round_number=number, total_rounds=rounds)
        try:
            pairing = pair_round(states, kind=kind, round_number=number, total_rounds=rounds)
        except UnpairableError:
            # a small field can run out of opponents: then truly no bye leaves a pairing
            candidates = [t for t in states if not t.had_bye] if size % 2 else [None]
            assert not any(pairable([t for t in states if t is not c]) for c in candidates)
            return
        bye, brackets = reference_round(states, rules)
        assert pairing.bye == bye
        assert [(b.residents, tuple(sorted(b.upfloaters)), {frozenset(p) for p in b.pairs})
                for b in pairing.brackets] == brackets
        for white, black in pairing.pairs:
            results = [rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in colours]
            matches.append(MatchRecord(number, white, black, tuple(
                BoardGame(board, colour, Result(result), None, None)
                for (board, colour), result in zip(colours, results, strict=True))))
        if pairing.bye is not None:
            matches.append(MatchRecord(number, pairing.bye, None))
