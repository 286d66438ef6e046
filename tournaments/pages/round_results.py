"""A whole round's results on one page: keyboard codes, one save, no stale game overwritten.

The arbiter types a short code per board (1, 0, =, +, -, --) and saves once. Every board is
checked before anything is written: a code that is not a result, or a game someone changed since
the page was shown (issue 9: nothing overwritten silently), refuses the whole save and names the
board, so the round is never half saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.models import Game, GameResult, Round
from tournaments.standings.scoring import Result

# What the arbiter may type for each result; the first code of each is the one the page shows.
CODES: dict[str, tuple[str, ...]] = {
    Result.WHITE_WIN: ("1", "1-0", "10"),
    Result.BLACK_WIN: ("0", "0-1", "01"),
    Result.DRAW: ("=", "½", "1/2", "1/2-1/2", "½-½", "=-=", "r"),
    Result.WHITE_FORFEIT_WIN: ("+", "+-", "+/-"),
    Result.BLACK_FORFEIT_WIN: ("-", "-+", "-/+"),
    Result.DOUBLE_FORFEIT: ("--", "0-0", "-/-", "00"),
}
RESULT_OF_CODE: dict[str, str] = {code: str(result) for result, codes in CODES.items()
                                  for code in codes}
# The codes shown on the page: the result as written on the round table.
SHOWN_CODE = {str(result): str(result) for result in CODES}
CODE_HELP = gettext_lazy("Type 1 (White wins), 0 (Black wins), = (draw), + (Black absent), "
                         "- (White absent) or -- (both absent); leave empty for not played.")


class RoundResultsError(services.TournamentError):
    """Some boards were refused; `problems` maps each game id to what to say next to it."""

    def __init__(self, problems: Mapping[int, str], current: Mapping[int, Game]):
        self.problems = dict(problems)
        self.current = dict(current)
        super().__init__(" ".join(self.problems.values()))


def code_meanings() -> dict[str, str]:
    """Every code with the result it stands for, in the reader's language, for the page."""
    return {code: str(GameResult(result).label) for code, result in RESULT_OF_CODE.items()}


def parse_code(text: str) -> str | None:
    """The stored result for what was typed ("" for not played), or None when it is no result."""
    code = text.strip().lower().replace(" ", "").replace("–", "-").replace("—", "-")
    if code == "":
        return GameResult.NOT_PLAYED
    return RESULT_OF_CODE.get(code)


def field_name(game: Game) -> str:
    return f"board_{game.pk}"


def version_name(game: Game) -> str:
    return f"version_{game.pk}"


class RoundResultsForm(forms.Form):
    """One text field per board, with the version of the game the page showed."""

    def __init__(self, *args, games: list[Game], **kwargs):
        super().__init__(*args, **kwargs)
        self.games = games
        for game in games:
            self.fields[field_name(game)] = forms.CharField(
                label=_("Board %(board)d: %(white)s – %(black)s") % {
                    "board": game.board, "white": game.white.player.name,
                    "black": game.black.player.name},
                required=False, max_length=10, initial=SHOWN_CODE.get(game.result, ""),
                widget=forms.TextInput(attrs={
                    "autocomplete": "off", "inputmode": "text", "size": 6,
                    "class": "result-code", "data-board": game.board,
                    "aria-describedby": "round-results-help"}),
            )
            self.fields[version_name(game)] = forms.IntegerField(
                widget=forms.HiddenInput, min_value=1, initial=game.version)

    def clean(self):
        cleaned = super().clean()
        for game in self.games:
            name = field_name(game)
            if name not in cleaned:
                continue
            result = parse_code(cleaned[name])
            if result is None:
                self.add_error(name, _(
                    "Board %(board)d: \"%(code)s\" is not a result. Type 1, 0, =, +, - or --."
                ) % {"board": game.board, "code": cleaned[name]})
            else:
                cleaned[name] = result
            if version_name(game) in self.errors:
                self.add_error(None, _("Board %(board)d: the form was incomplete: nothing was "
                                       "changed.") % {"board": game.board})
        return cleaned

    def board_fields(self):
        """(game, its visible field, its version field) per board, in board order."""
        return [(game, self[field_name(game)], self[version_name(game)]) for game in self.games]

    def entries(self) -> dict[int, tuple[str, int]]:
        """{game id: (result, version seen)} from valid data."""
        return {game.pk: (self.cleaned_data[field_name(game)],
                          self.cleaned_data[version_name(game)]) for game in self.games}


def round_games(round_: Round) -> list[Game]:
    return list(round_.games.select_related("round__tournament", "white__player",
                                            "black__player").order_by("board"))


@dataclass
class RoundSaved:
    changed: list[Game]


@transaction.atomic
def record_round_results(round_: Round, entries: Mapping[int, tuple[str, int]], *,
                         user=None) -> RoundSaved:
    """Save every changed board of the round at once, or none.

    `entries` maps game ids to (result, version the page showed). A game whose version moved
    since is refused with its board named, as record_result refuses one game (issue 9); any
    refusal leaves every board as it was.
    """
    games = {game.pk: game for game in round_games(round_)}
    if games:
        services.lock_tournament_of(next(iter(games.values())))
        games = {game.pk: game for game in round_games(round_)}
    unknown = set(entries) - set(games)
    if unknown:
        raise services.InvalidResultError(_("A board of another round was sent: nothing was "
                                            "changed."))
    problems: dict[int, str] = {}
    current: dict[int, Game] = {}
    changed: list[Game] = []
    for game_id, (result, version) in sorted(entries.items(),
                                              key=lambda item: games[item[0]].board):
        game = games[game_id]
        if game.result == result and game.version != version:
            continue  # someone saved the same result meanwhile: nothing to overwrite
        try:
            saved = services.record_result(game, result=result, expected_version=version,
                                           user=user)
        except services.StaleResultError as error:
            problems[game_id] = _("Board %(board)d: %(message)s") % {
                "board": game.board, "message": error}
            current[game_id] = error.current
            continue
        except services.TournamentError as error:
            problems[game_id] = _("Board %(board)d: %(message)s") % {
                "board": game.board, "message": error}
            continue
        if saved.version != version:
            changed.append(saved)
    if problems:  # raised out of the transaction: every board saved above is undone
        raise RoundResultsError(problems, current)
    return RoundSaved(changed)
