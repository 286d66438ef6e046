"""A game record's data from a PDN game: the moves as written, and the positions at the chosen
plies replayed with the rules engine (so a diagram shows what the moves really lead to)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from rules.board import Board
from rules.errors import DraughtsError
from rules.notation import parse_move
from rules.pdn import BLACK, read_game
from rules.variants import BRAZILIAN, INTERNATIONAL, variant_by_gametype
from tournaments.printing.data import GameRecordData, TournamentHeader
from tournaments.rules_messages import illegal_move_reason


class GameReplayError(ValueError):
    """A move before a chosen diagram cannot be replayed, so its position cannot be drawn."""


def game_record_from_pdn(
    pdn: str,
    header: TournamentHeader,
    diagram_plies: Sequence[int] = (),
    *,
    squares: int = 64,
) -> GameRecordData:
    """Read one PDN game; `diagram_plies` are half-move counts (0 = the starting position).

    The board comes from the PDN GameType tag, else `squares` (the tournament's board). Raises
    `rules.pdn.PdnSyntaxError` for a text that is not PDN and `GameReplayError` for a ply out of
    range or a move that is not legal before a diagram.
    """
    game = read_game(pdn, keep_variations=False)
    gametype = game.gametype
    if gametype is not None:
        try:
            variant = variant_by_gametype(gametype)
        except DraughtsError as error:  # a game type the engine does not play
            raise GameReplayError(str(error)) from error
    else:
        variant = BRAZILIAN if squares == 64 else INTERNATIONAL
    moves = [ply.text for ply in game.plies]
    for ply in diagram_plies:
        if not 0 <= ply <= len(moves):
            raise GameReplayError(ngettext(
                "no position after ply %(ply)d: the game has %(count)d half-move",
                "no position after ply %(ply)d: the game has %(count)d half-moves",
                len(moves)) % {"ply": ply, "count": len(moves)})
    try:
        board = Board.from_fen(game.fen, variant) if game.fen else Board(variant)
    except DraughtsError as error:
        raise GameReplayError(gettext("the FEN tag does not give a position: %(fen)s") % {
            "fen": game.fen}) from error
    wanted = sorted(set(diagram_plies))
    positions: dict[int, str] = {}
    for ply in range(0, (wanted[-1] if wanted else -1) + 1):
        if ply:
            written = game.plies[ply - 1]
            try:
                board.push(parse_move(board, written.text))
            except DraughtsError as error:
                reason = illegal_move_reason(board, written.text, error, game.algebraic)
                raise GameReplayError(
                    gettext("cannot replay %(move)s (line %(line)s): %(reason)s")
                    % {"move": written.label, "line": written.line, "reason": reason}
                ) from error
        if ply in wanted:
            positions[ply] = board.fen()
    tags = game.tags
    round_tag = tags.get("Round", "").strip()
    return GameRecordData(
        header=header,
        white=tags.get("White", ""),
        black=tags.get("Black", ""),
        result="" if game.result == "*" else game.result,
        # isdecimal, not isdigit: int() cannot read digits such as "²".
        round=int(round_tag) if round_tag.isdecimal() and len(round_tag) <= 6 else None,
        date=tags.get("Date", ""),
        squares=64 if variant.size == 8 else 100,
        moves=moves,
        diagrams=[(ply, positions[ply]) for ply in diagram_plies],
        first_ply_black=game.starting_side == BLACK,
        algebraic=game.algebraic and variant.algebraic,
    )
