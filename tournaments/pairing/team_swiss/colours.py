"""Colours in the team Swiss: each team's colour preference (Art. 1.7), the first-team of a pair
(Art. 4.2), and the board-1 colours of a pair by the nine steps of Art. 4.3."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.team_swiss.state import Colour, PreferenceType, TeamState, _other


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
