"""A draft Swiss round edited by hand (colours swapped, opponents exchanged), and the criteria
of the Dutch System a draft pairing breaks, as warnings for the arbiter."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Game, Round
from tournaments.pairing import micro_match
from tournaments.pairing.swiss.dutch import RoundPairing, allocate_colours
from tournaments.pairing.swiss.state import PairingInput, PlayerState
from tournaments.services.swiss.rounds import (
    SwissError,
    _micro_pairing,
    _pairing_state,
    _round_boards,
    _store_micro,
    _unpublished,
    position_before,
)
from tournaments.services.tournament import announce
from tournaments.signals import PAIRING_EDITED


@dataclass(frozen=True)
class _Seat:
    game: Game | None  # None: the pairing-allocated bye
    white: bool


@transaction.atomic
def swap_colours(round_: Round, board: int, *, user=None) -> list[str]:
    """Give White to Black and Black to White on `board`; returns the criteria this breaks."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _unpublished(round_)
    if round_.tournament.micro_match:
        # Each player has both colours anyway: who has White in the first game changes.
        pairing = _micro_pairing(round_)
        match = micro_match.match_of(board)
        if not 1 <= match <= len(pairing):
            raise SwissError(_("Round %(number)d has no board %(board)d.") % {
                "number": round_.number, "board": board})
        white, black = pairing[match - 1]
        pairing[match - 1] = (black, white)
        _store_micro(round_, pairing)
        return _after_edit(round_, user)
    game = round_.games.get(board=board)
    Game.objects.filter(pk=game.pk).update(white=game.black_id, black=game.white_id)
    return _after_edit(round_, user)


@transaction.atomic
def exchange_opponents(round_: Round, first: Entry, second: Entry, *, user=None) -> list[str]:
    """Put `first` where `second` sits and back (another board, or the bye); returns the
    criteria this breaks."""
    page_version.bump(round_.tournament_id)  # what the public pages show changes
    round_ = _unpublished(round_)
    if round_.tournament.micro_match:
        return _exchange_micro(round_, first, second, user)
    seat_a, seat_b = _seat(round_, first), _seat(round_, second)
    if seat_a.game and seat_b.game and seat_a.game.pk == seat_b.game.pk:
        raise SwissError(_("They already play each other: swap their colours instead."))
    # Clear both seats first: a player may sit once per round (database constraints).
    games = [s.game for s in (seat_a, seat_b) if s.game]
    placed = {first.pk: seat_b, second.pk: seat_a}
    for game in games:
        game.delete()
    for entry_id, seat in placed.items():
        if seat.game is None:
            round_.bye_id = entry_id
        else:
            if seat.white:
                seat.game.white_id = entry_id
            else:
                seat.game.black_id = entry_id
    round_.save(update_fields=["bye"])
    for game in games:
        game.pk = None
        game.save()
    return _after_edit(round_, user)


def _exchange_micro(round_: Round, first: Entry, second: Entry, user) -> list[str]:
    pairing = _micro_pairing(round_)
    seats = [entry for pair in pairing for entry in pair] + [round_.bye_id]
    for entry in (first, second):
        if entry.pk not in seats:
            raise SwissError(_("%(name)s is not paired in round %(number)d.") % {
                "name": entry.player.name, "number": round_.number})
    if any({first.pk, second.pk} == set(pair) for pair in pairing):
        raise SwissError(_("They already play each other: swap their colours instead."))
    swap = {first.pk: second.pk, second.pk: first.pk}
    pairing = [(swap.get(white, white), swap.get(black, black)) for white, black in pairing]
    round_.bye_id = swap.get(round_.bye_id, round_.bye_id)
    round_.save(update_fields=["bye"])
    _store_micro(round_, pairing)
    return _after_edit(round_, user)


def _seat(round_: Round, entry: Entry) -> _Seat:
    if round_.bye_id == entry.pk:
        return _Seat(None, False)
    game = round_.games.filter(white=entry).first()
    if game:
        return _Seat(game, True)
    game = round_.games.filter(black=entry).first()
    if game:
        return _Seat(game, False)
    raise SwissError(_("%(name)s is not paired in round %(number)d.") % {
        "name": entry.player.name, "number": round_.number})


def _after_edit(round_: Round, user) -> list[str]:
    """Every criterion the whole draft breaks after the edit, not only what the edit changed:
    an earlier edit's fault still stands until it is undone (issue 25)."""
    announce(round_.tournament, PAIRING_EDITED, user=user, after=_pairing_state(round_))
    return draft_warnings(round_)


def draft_warnings(round_: Round) -> list[str]:
    """One line per criterion the draft of `round_` breaks, with its boards (and the bye)."""
    position = position_before(round_.tournament, round_.number)
    return breach_lines(draft_breaches(position, _round_boards(round_),
                                       round_.bye.number if round_.bye_id else None))


def _absolute(state: PlayerState) -> str | None:
    """The colour a player must get (C.04.3 1.7.1): colour difference beyond ±1, or the same
    colour in his two latest games."""
    cd = state.colour_difference
    if cd > 1:
        return "b"
    if cd < -1:
        return "w"
    if len(state.colours) >= 2 and state.colours[-1] == state.colours[-2]:
        return "b" if state.colours[-1] == "w" else "w"
    return None


def _preference(state: PlayerState) -> str | None:
    """The colour a player would rather have (C.04.3 1.7): the absolute one, else the one he
    had less, else the other of his last game."""
    absolute = _absolute(state)
    if absolute:
        return absolute
    if state.colour_difference:
        return "b" if state.colour_difference > 0 else "w"
    if state.colours:
        return "b" if state.colours[-1] == "w" else "w"
    return None


def edit_warnings(position: PairingInput, boards: Iterable[tuple[int, int]], bye: int | None,
                  *, names: dict[int, str] | None = None,
                  engine: RoundPairing | None = None) -> list[str]:
    """Each FIDE criterion a pairing breaks, in plain words (C.04.3, as of 2025); with the
    engine's own pairing, also a pair whose colours differ from the allocation rules (5.2)."""
    names = names or {}
    reversed_pairs = {(b, w) for w, b in engine.boards} if engine else set()
    states = {p.number: p for p in position.players}

    def who(number: int) -> str:
        return f"{number}. {names.get(number, '')}".strip()

    warnings = []
    last = position.round_no == position.total_rounds
    for white, black in boards:
        w, b = states.get(white), states.get(black)
        if w is None or b is None:
            continue
        if black in w.opponents:
            warnings.append(_("C1: %(a)s and %(b)s have already played each other.") % {
                "a": who(white), "b": who(black)})
        elif black in w.forbidden or white in b.forbidden:
            warnings.append(_(
                "C1: %(a)s and %(b)s must not meet in this round (a forbidden pairing)."
            ) % {"a": who(white), "b": who(black)})
        # Micro-matches give both colours every round: no colour criterion applies.
        if position.colour_rules and _absolute(w) and _absolute(w) == _absolute(b) and not last:
            warnings.append(_(
                "C3: %(a)s and %(b)s both have an absolute colour preference for the same "
                "colour."
            ) % {"a": who(white), "b": who(black)})
        for state, got in ((w, "w"), (b, "b")) if position.colour_rules else ():
            wanted = _preference(state)
            if wanted and wanted != got:
                message = (_("C10: %(a)s does not get his absolute colour preference "
                             "(%(colour)s).") if _absolute(state)
                           else _("C10: %(a)s does not get his colour preference (%(colour)s)."))
                warnings.append(message % {"a": who(state.number),
                                           "colour": _("White") if wanted == "w" else _("Black")})
        if (white, black) in reversed_pairs and position.colour_rules:
            warnings.append(_(
                "5.2: %(a)s should have White against %(b)s by the colour allocation rules."
            ) % {"a": who(black), "b": who(white)})
        if w.pairing_score != b.pairing_score:
            warnings.append(_(
                "C6: %(a)s (%(pa)s) and %(b)s (%(pb)s) have different scores."
            ) % {"a": who(white), "pa": _points(w), "b": who(black), "pb": _points(b)})
    if bye is not None and bye in states:
        state = states[bye]
        if state.bye_ineligible:
            warnings.append(_(
                "C2: %(a)s has already had a pairing-allocated bye or a win without playing."
            ) % {"a": who(bye)})
        lowest = min(p.pairing_score for p in position.players)
        if state.pairing_score > lowest:
            warnings.append(_(
                "C5: the bye should go to a player of the lowest score, not %(a)s (%(pa)s)."
            ) % {"a": who(bye), "pa": _points(state)})
    return warnings


@dataclass(frozen=True)
class Breach:
    """A criterion the draft breaks: where (board numbers, from 1, and/or the bye)."""

    criterion: str
    boards: tuple[int, ...]
    bye: bool = False


#: The criteria a draft is judged on, in the order the page lists them, with what each means.
DRAFT_CRITERIA = {
    "C1": gettext_lazy("players who have already met or must not meet"),
    "C2": gettext_lazy("a second pairing-allocated bye, or one after a win without playing"),
    "C3": gettext_lazy("both players have an absolute preference for the same colour"),
    "C5": gettext_lazy("the bye is not at the lowest score"),
    "C6": gettext_lazy("players of different scores"),
    "C10": gettext_lazy("a player does not get his colour preference"),
    "5.2": gettext_lazy("colours other than the allocation rules give"),
    "C12": gettext_lazy("a player floats down again, as in the previous round"),
    "C13": gettext_lazy("a player floats up again, as in the previous round"),
    "C14": gettext_lazy("a player floats down as he did two rounds before"),
    "C15": gettext_lazy("a player floats up as he did two rounds before"),
}


def draft_breaches(position: PairingInput, boards: Sequence[tuple[int, int]],
                   bye: int | None) -> list[Breach]:
    """Each criterion of `DRAFT_CRITERIA` the whole pairing breaks, board by board (C.04.3,
    2025). `boards` are (White, Black) pairing numbers in board order; a micro-match's first
    games. Floats: the higher score of a pair floats down, the lower up, the PAB is a downfloat
    (1.4); C12-C15 count those repeated from the previous round or two rounds before. Scores
    are pairing scores (virtual points of an accelerated round included, C.04.5.1), and a
    forbidden pairing counts under C1 as a rematch does, as the engine treats it."""
    states = {p.number: p for p in position.players}
    where: dict[str, list[int]] = {key: [] for key in DRAFT_CRITERIA}
    colours = position.colour_rules
    last = position.round_no == position.total_rounds
    pairs = [(w, b) for w, b in boards if w in states and b in states]
    allocated = dict(zip(pairs, allocate_colours(position, pairs), strict=True)) if colours \
        else {}

    def mark(criterion: str, board: int) -> None:
        if board not in where[criterion]:
            where[criterion].append(board)

    def floats(state: PlayerState, now: str, board: int) -> None:
        if state.floats and state.floats[-1] == now:
            mark("C12" if now == "d" else "C13", board)
        if len(state.floats) >= 2 and state.floats[-2] == now:
            mark("C14" if now == "d" else "C15", board)

    for board, (white, black) in enumerate(boards, start=1):
        w, b = states.get(white), states.get(black)
        if w is None or b is None:
            continue
        if black in w.opponents or black in w.forbidden or white in b.forbidden:
            mark("C1", board)
        if colours:
            if _absolute(w) and _absolute(w) == _absolute(b) and not last:
                mark("C3", board)
            if any(_preference(s) not in (None, got) for s, got in ((w, "w"), (b, "b"))):
                mark("C10", board)
            if allocated[(white, black)] != (white, black):
                mark("5.2", board)
        if w.pairing_score != b.pairing_score:
            mark("C6", board)
            high, low = (w, b) if w.pairing_score > b.pairing_score else (b, w)
            floats(high, "d", board)
            floats(low, "u", board)
    out = [Breach(key, tuple(found)) for key, found in where.items() if found]
    if bye is not None and bye in states:
        state = states[bye]
        # C5 weighs the players who may have the bye: the lowest score among them.
        lowest = min((p.pairing_score for p in position.players if not p.bye_ineligible),
                     default=state.pairing_score)
        on_bye = {"C2": state.bye_ineligible, "C5": state.pairing_score > lowest,
                  "C12": bool(state.floats) and state.floats[-1] == "d",
                  "C14": len(state.floats) >= 2 and state.floats[-2] == "d"}
        keys = [key for key in DRAFT_CRITERIA if on_bye.get(key)]
        found = {b.criterion: b for b in out}
        for key in keys:
            found[key] = Breach(key, found[key].boards if key in found else (), True)
        out = [found[key] for key in DRAFT_CRITERIA if key in found]
    return out


def breach_lines(breaches: Iterable[Breach]) -> list[str]:
    """"C12: boards 3, 7 (what C12 means)", in the user's language."""
    lines = []
    for breach in breaches:
        parts = []
        if breach.boards:
            parts.append(ngettext("board %(boards)s", "boards %(boards)s", len(breach.boards))
                         % {"boards": ", ".join(map(str, breach.boards))})
        if breach.bye:
            parts.append(pgettext("a round without a game for one player", "bye"))
        lines.append(_("%(criterion)s: %(where)s (%(meaning)s)") % {
            "criterion": breach.criterion, "where": ", ".join(parts),
            "meaning": DRAFT_CRITERIA[breach.criterion]})
    return lines


def _points(state: PlayerState) -> str:
    """The score the brackets go by: with acceleration, virtual points included (C.04.5.1)."""
    return f"{float(state.pairing_score):g}"
