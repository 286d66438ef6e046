"""Tournament facts as stored. Computation (pairing, standings) lives in plain modules.

Every rule that keeps the data sane is a database constraint as well as a form check, so a
script, the admin or a management command cannot store what a form would refuse.

One module per aggregate: `choices` (the values settings and results take, the tie-break
order's default and validator), `tournament`, `players` (Player, Entry), `rating_lists` (the
federations' published lists, issue 27), `rounds` (Round, Game, Absence), `pairing_options`
(the pairs a Swiss keeps apart), `teams` (team competitions), with `frozen` (settings that
recorded play freezes) and `collation` (the sort key of names). This package offers every model
and choice under `tournaments.models`, where Django and the migrations look for them; the modules
inside it import each other directly, never this package.

It may import `tournaments.standings`, `tournaments.pairing`, `tournaments.rules_messages` and
`tournaments.signals` (the layers below it), never the queries, cache, services or pages above.
"""

from tournaments.models.choices import (
    PROFILES_FOR_64_ONLY,
    Board,
    Cycles,
    DrawProfile,
    GameResult,
    Notation,
    PairingSystem,
    Status,
    TimeControl,
    default_tiebreak_order,
    validate_tiebreak_order,
)
from tournaments.models.pairing_options import ForbiddenPair
from tournaments.models.players import (
    RATING_MAX,
    RATING_OUT_OF_RANGE,
    Entry,
    EntryQuerySet,
    Player,
    Sex,
)
from tournaments.models.publishing import (
    TOKEN_PREFIX_LENGTH,
    PublishedCopyError,
    PublishingOutbox,
    PublishingToken,
    applying_publication,
    is_applying_publication,
    token_digest,
)
from tournaments.models.rating_lists import (
    NATIONAL_SOURCES,
    REGISTRY_FIELDS,
    RatingList,
    RatingListRow,
    RatingSource,
)
from tournaments.models.rounds import (
    REQUESTED_BYES,
    Absence,
    AbsenceKind,
    Game,
    GameQuerySet,
    Round,
)
from tournaments.models.teams import (
    LineupBoard,
    MatchBoard,
    PrimaryScore,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    TeamSystem,
)
from tournaments.models.tournament import (
    DRAW_OVER_WIN,
    ENDS_BEFORE_IT_STARTS,
    LOSS_OVER_DRAW,
    NEGATIVE_POINTS,
    PAGE_VERSION_FIELDS,
    WIN_NOT_OVER_LOSS,
    Tournament,
    TournamentQuerySet,
)

__all__ = [
    "DRAW_OVER_WIN", "ENDS_BEFORE_IT_STARTS", "LOSS_OVER_DRAW", "NEGATIVE_POINTS",
    "NATIONAL_SOURCES", "PAGE_VERSION_FIELDS", "PROFILES_FOR_64_ONLY", "RATING_MAX",
    "RATING_OUT_OF_RANGE", "REGISTRY_FIELDS", "REQUESTED_BYES", "TOKEN_PREFIX_LENGTH",
    "WIN_NOT_OVER_LOSS",
    "Absence", "AbsenceKind", "Board", "Cycles", "DrawProfile", "Entry", "EntryQuerySet",
    "ForbiddenPair", "Game",
    "GameQuerySet", "GameResult", "LineupBoard", "MatchBoard", "Notation", "PairingSystem",
    "Player", "PrimaryScore", "PublishedCopyError", "PublishingOutbox", "PublishingToken",
    "RatingList", "RatingListRow", "RatingSource", "Round", "Sex", "Status", "Team",
    "TeamCompetition", "TeamMatch",
    "TeamMember", "TeamSystem", "TimeControl", "Tournament", "TournamentQuerySet",
    "applying_publication", "default_tiebreak_order", "is_applying_publication", "token_digest",
    "validate_tiebreak_order",
]
