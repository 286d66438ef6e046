"""Team Swiss pairing by FIDE C.04.6, the Swiss Team Pairing System (approved by the Council on
28/10/2025, applied from 1 February 2026), as plain data: no Django, tested without a database.

It is not the individual Dutch system run on match points. Its own articles, as this package
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
  tournaments/standings/teams/ TeamScoring, which scores it; this package only chooses the
  team).
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

The modules, each on the ones before it:

- `state`: a team as the pairing sees it (TeamState), built from the stored matches.
- `colours`: colour preferences (Art. 1.7), the first-team (4.2), the colours of a pair (4.3).
- `brackets`: the round paired by Art. 3 (the PAB, upfloaters, brackets) and `pair_round`.

The package offers their public names here (`from tournaments.pairing import team_swiss`, then
`team_swiss.pair_round`); the modules import each other directly.
"""

from tournaments.pairing.team_swiss.brackets import (
    Bracket,
    RoundRules,
    TeamPairing,
    UnpairableError,
    pair_round,
)
from tournaments.pairing.team_swiss.colours import (
    NO_PREFERENCE,
    Preference,
    allocate_colours,
    colour_preference,
    first_team,
)
from tournaments.pairing.team_swiss.state import (
    PREFERENCE_TYPES,
    Colour,
    PreferenceType,
    TeamState,
    match_was_played,
    team_states,
)

__all__ = [
    "NO_PREFERENCE",
    "PREFERENCE_TYPES",
    "Bracket",
    "Colour",
    "Preference",
    "PreferenceType",
    "RoundRules",
    "TeamPairing",
    "TeamState",
    "UnpairableError",
    "allocate_colours",
    "colour_preference",
    "first_team",
    "match_was_played",
    "pair_round",
    "team_states",
]
