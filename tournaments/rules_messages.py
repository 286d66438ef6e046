"""The rules engine's findings that both apps show, said in sentences through gettext.

`rules/` explains itself in English for programmers and knows nothing of Django; the pages, the
printed documents and the commands need translatable text. What a tournament's printing and a
score sheet's checks both say lives here, in `tournaments` just above its pure computation and
below its models, so `tournaments` never has to import `arbitration` (which uses `tournaments`,
never the reverse; tests/project/test_layers.py).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.board import Board
from rules.errors import AmbiguousMoveError, DraughtsError
from rules.geometry import square_to_algebraic
from rules.notation import explain_illegal, move_to_str, parse_squares
from rules.pdn import MAX_VARIATION_DEPTH
from rules.textfile import NOT_TEXT, DecodedText, TextDecodingError
from rules.variants import Variant


def write_squares(
    squares: tuple[int, ...], capture: bool, variant: Variant, algebraic: bool
) -> str:
    """Squares joined as a move text, in numeric or (8x8) algebraic notation."""
    names = [square_to_algebraic(s, variant) if algebraic else str(s) for s in squares]
    return ("x" if capture else "-").join(names)


def moves_list(board: Board, algebraic: bool) -> str:
    moves = board.legal_moves()
    shown = ", ".join(move_to_str(board, move, algebraic) for move in moves[:6])
    return shown + (", …" if len(moves) > 6 else "")


def square_text(square: int, variant: Variant, algebraic: bool) -> str:
    return write_squares((square,), False, variant, algebraic)


def explained(board: Board, written: str, algebraic: bool) -> str:
    """Art. 23 (b): the engine's reason code for an irregular move, in words."""
    try:
        squares, capture = parse_squares(written, board.variant)
        reason, _detail, _required = explain_illegal(board, squares, capture)
    except DraughtsError:
        reason = "no-such-move"
        squares = ()
    variant = board.variant
    if reason == "occupied" and squares:
        return _("square %(square)s is occupied") % {
            "square": square_text(squares[-1], variant, algebraic)}
    if reason == "wrong-direction":
        return _("a man moves forwards only")
    if reason == "blocked":
        return _("the way is blocked: pieces side by side, an own piece, or a piece already "
                 "jumped")
    if reason == "incomplete-capture":
        return _("the capture cannot stop there: the piece must go on capturing")
    return _("no such move; the legal moves are %(moves)s") % {
        "moves": moves_list(board, algebraic)}


def illegal_move_reason(board: Board, written: str, error: DraughtsError, algebraic: bool) -> str:
    """Why a written move cannot be replayed on `board`, in words: from the engine's error and
    reason code, never its English text (for tools that replay a whole game, e.g. print_pdf)."""
    if isinstance(error, AmbiguousMoveError):
        return _("several captures fit this move: write the squares it passes, e.g. %(moves)s") % {
            "moves": ", ".join(error.candidate_texts)}
    return explained(board, written, algebraic and board.variant.algebraic)


def syntax_problem(code: str) -> str:
    messages = {
        "unexpected-text": _("unexpected text"),
        "unclosed-comment": _("a comment “{” is never closed with “}”"),
        "bad-tag": _('a malformed tag pair: expected [Name "value"]'),
        "misplaced-nag": _("a move quality sign ($n) must follow a move"),
        "misplaced-variation": _("a variation “(” must follow the move it replaces"),
        "unmatched-parenthesis": _("“)” closes no variation"),
        "unclosed-variation": _("a variation “(” is never closed"),
        "variation-too-deep": _("variations are nested more than %(depth)d deep")
        % {"depth": MAX_VARIATION_DEPTH},
        "no-game": _("no game found"),
    }
    return messages.get(code, _("the text cannot be read as PDN"))


def syntax_line(code: str, line: int | None, column: int | None) -> str:
    """ "PDN syntax error at line 3, column 17: unexpected text" """
    if code == "start":
        return _("The starting position (FEN tag) cannot be read.")
    return _("PDN syntax error at line %(line)d, column %(column)d: %(problem)s") % {
        "line": line or 0, "column": column or 0, "problem": syntax_problem(code)}


def encoding_note(decoded: DecodedText) -> str:
    """ "The file was read as Windows-1252." when the encoding was guessed (no byte-order mark,
    not valid UTF-8), so that whoever sees wrong letters knows why; empty otherwise (issue 20)."""
    if not decoded.guessed:
        return ""
    return _("The file was read as %(encoding)s: it has no mark saying its encoding. If letters "
             "look wrong, save it as UTF-8 and send it again.") % {
        "encoding": decoded.encoding}


def text_decoding_reason(error: TextDecodingError) -> str:
    """Why uploaded bytes are not a text file, in words."""
    if error.reason == NOT_TEXT:
        return _("the file holds a NUL character, so it is not a text file; save it as "
                 "\"CSV UTF-8\" or plain text.")
    return _("the file is neither UTF-8, UTF-16 nor Windows-1252 text; save it as "
             "\"CSV UTF-8\" or plain text.")


def text_decoding_problem(error: TextDecodingError) -> str:
    """text_decoding_reason with the line: "line 3: the file holds a NUL character, ..." """
    return _("line %(line)d: %(problem)s") % {"line": error.line,
                                              "problem": text_decoding_reason(error)}
