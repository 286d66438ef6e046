"""Named draw-rule profiles: which draw rules a tournament applies, with their numbers.

The documents disagree (RULES.md, "Other documents set other numbers"), so a tournament picks a
profile by name; nothing else in the code holds a draw number. On 100 squares the CBD profile
depends on the time control (CBD Art. 100, continuation): 5 moves each in rapid and blitz,
15 in classical.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.draws import DrawRule, EndgameRule, KingMovesRule, ThreefoldRule
from rules.errors import DraughtsError

TIME_CONTROLS = ("classical", "rapid", "blitz")
DEFAULT_PROFILE = "cbd"
DEFAULT_TIME_CONTROL = "classical"

# Material as (men, kings) for one side.
_KING, _TWO_KINGS, _THREE_KINGS = (0, 1), (0, 2), (0, 3)
_KING_AND_MAN, _TWO_KINGS_AND_MAN, _KING_AND_TWO_MEN = (1, 1), (1, 2), (2, 1)

# CBD Art. 99 (and Regulamento Art. 24): 2K v 2K, 2K v 1K, 2K v 1K+1 man, 1K v 1K, 1K v 1K+1 man.
_FIVE_ENDGAMES = (
    (_TWO_KINGS, _TWO_KINGS),
    (_TWO_KINGS, _KING),
    (_TWO_KINGS, _KING_AND_MAN),
    (_KING, _KING),
    (_KING_AND_MAN, _KING),
)
# CBD Art. 100: three kings, two kings and a man, or a king and two men against a lone king.
_THREE_PIECES_V_KING = (
    (_THREE_KINGS, _KING),
    (_TWO_KINGS_AND_MAN, _KING),
    (_KING_AND_TWO_MEN, _KING),
)
_THREE_KINGS_V_KING = ((_THREE_KINGS, _KING),)


class DrawProfileError(DraughtsError):
    """An unknown profile, or a profile that does not cover this board or time control."""

    def __init__(self, name: str, detail: str) -> None:
        self.name = name
        self.detail = detail
        super().__init__(f"draw profile {name!r}: {detail}")


@dataclass(frozen=True)
class DrawProfile:
    """A named set of draw rules per board (squares 32 or 50) and, on 100 squares, time control."""

    name: str
    source: str
    rules_64: tuple[DrawRule, ...] | None = None
    rules_100_classical: tuple[DrawRule, ...] | None = None
    rules_100_rapid: tuple[DrawRule, ...] | None = None

    def rules(
        self, board_size: int, time_control: str = DEFAULT_TIME_CONTROL
    ) -> tuple[DrawRule, ...]:
        """The rules for a board of `board_size` (8 or 10) and, on 10x10, a time control."""
        if time_control not in TIME_CONTROLS:
            raise DrawProfileError(
                self.name,
                f"unknown time control {time_control!r} "
                f"(expected one of {', '.join(TIME_CONTROLS)})",
            )
        if board_size == 8:
            found = self.rules_64
        elif board_size == 10:
            classical = time_control == "classical"
            found = self.rules_100_classical if classical else self.rules_100_rapid
        else:
            found = None
        if found is None:
            raise DrawProfileError(
                self.name, f"no draw rules for the {board_size}x{board_size} board"
            )
        return found


def _cbd_64() -> tuple[DrawRule, ...]:
    return (
        ThreefoldRule(article="CBD Art. 98", title="threefold repetition"),
        KingMovesRule(article="CBD Art. 97 (b)", title="king moves only", moves=20),
        EndgameRule(
            id="endgame-5",
            article="CBD Art. 99",
            title="five-move endgame",
            moves=5,
            endgames=_FIVE_ENDGAMES,
        ),
        EndgameRule(
            id="main-diagonal",
            article="CBD Art. 100",
            moves=5,
            title="three pieces against a lone king on the main diagonal",
            endgames=_THREE_PIECES_V_KING,
            lone_king_on_main_diagonal=True,
        ),
    )


def _cbd_100(three_v_one_moves: int, article: str) -> tuple[DrawRule, ...]:
    return (
        ThreefoldRule(article="CBD Art. 98", title="threefold repetition"),
        KingMovesRule(article="CBD Art. 97 (b)", title="king moves only", moves=25),
        EndgameRule(
            id="endgame-5",
            article="CBD Art. 99",
            title="five-move endgame",
            moves=5,
            endgames=_FIVE_ENDGAMES,
        ),
        EndgameRule(
            id="three-vs-one",
            article=article,
            moves=three_v_one_moves,
            title="three pieces against a lone king",
            endgames=_THREE_PIECES_V_KING,
        ),
    )


PROFILES: dict[str, DrawProfile] = {
    profile.name: profile
    for profile in (
        DrawProfile(
            name="cbd",
            source="CBD official rules of play (000), Art. 97-100",
            rules_64=_cbd_64(),
            rules_100_classical=_cbd_100(15, "CBD Art. 100 (classical time control)"),
            rules_100_rapid=_cbd_100(5, "CBD Art. 100 (rapid and blitz)"),
        ),
        DrawProfile(
            name="regional",
            source="Competition regulation (002), Art. 1 and Art. 24",
            rules_64=(
                ThreefoldRule(
                    article="Regulamento Art. 1 (CBD Art. 98)", title="threefold repetition"
                ),
                KingMovesRule(article="Regulamento Art. 24", title="king moves only", moves=20),
                EndgameRule(
                    id="endgame-5",
                    article="Regulamento Art. 24",
                    title="five-move endgame",
                    moves=5,
                    endgames=_FIVE_ENDGAMES,
                ),
            ),
        ),
        DrawProfile(
            name="basic",
            source="Regras basicas (003), Art. 12",
            rules_64=(
                EndgameRule(
                    id="three-vs-one",
                    article="Regras Básicas Art. 12",
                    moves=13,
                    title="three kings against one",
                    endgames=_THREE_KINGS_V_KING,
                ),
            ),
        ),
        DrawProfile(
            name="club",
            source="Club summary (001) and encyclopaedia summary (004)",
            rules_64=(
                ThreefoldRule(article="Regras de clube (resumos)", title="threefold repetition"),
                KingMovesRule(
                    article="Regras de clube (resumos)", title="king moves only", moves=20
                ),
                EndgameRule(
                    id="three-vs-one",
                    article="Regras de clube (resumos)",
                    moves=20,
                    title="three kings against one",
                    endgames=_THREE_KINGS_V_KING,
                ),
            ),
        ),
    )
}


def get_profile(name: str = DEFAULT_PROFILE) -> DrawProfile:
    """The profile registered under `name` (DrawProfileError if there is none)."""
    try:
        return PROFILES[name]
    except KeyError:
        raise DrawProfileError(name, f"unknown profile (known: {', '.join(PROFILES)})") from None


def draw_rules(
    name: str, board_size: int, time_control: str = DEFAULT_TIME_CONTROL
) -> tuple[DrawRule, ...]:
    """Shortcut: the rules of profile `name` for a board and time control."""
    return get_profile(name).rules(board_size, time_control)
