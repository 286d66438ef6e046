"""What the engine found, said in sentences through gettext (English msgids, pt-BR catalogue later).

The rules engine explains itself in English for programmers; pages need translatable text, so
this module rebuilds every sentence from the engine's structured facts (reason codes, counts,
squares), never from its English strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbitration.regulation import Category, RuleId
from rules.board import Board
from rules.irregularities import Irregularity
from tournaments.rules_messages import explained as _explained
from tournaments.rules_messages import moves_list as _moves_list
from tournaments.rules_messages import square_text as _square


def rule_title(rule_id: str) -> str:
    try:
        return str(RuleId(rule_id).label)
    except ValueError:
        return rule_id


def rule_article(article: str) -> str:
    """An article reference as the profiles write it ("CBD Art. 100 (rapid and blitz)"), with
    the English words of rules/profiles.py translated (issue 12: they showed in English on the
    Portuguese viewer); article names and numbers stay as the documents write them."""
    words = {
        "(rapid and blitz)": _("(rapid and blitz)"),
        "(classical time control)": _("(classical time control)"),
    }
    for english, translated in words.items():
        article = article.replace(english, translated)
    return article


def category_title(letter: str) -> str:
    try:
        return str(Category(letter).label)
    except ValueError:
        return letter


def _side(men: int, kings: int) -> str:
    king_text = ngettext("%(count)d king", "%(count)d kings", kings) % {"count": kings}
    man_text = ngettext("%(count)d man", "%(count)d men", men) % {"count": men}
    if kings and men:
        return _("%(kings)s and %(men)s") % {"kings": king_text, "men": man_text}
    if kings:
        return king_text
    if men:
        return man_text
    return _("no pieces")


def material_text(material: Mapping[str, Mapping[str, int]]) -> str:
    """ "White 2 kings against Black 1 king and 1 man", from DrawStatus.as_dict()["material"]."""
    white, black = material["white"], material["black"]
    return _("White %(white)s against Black %(black)s") % {
        "white": _side(white["men"], white["kings"]),
        "black": _side(black["men"], black["kings"]),
    }


def place(label: str) -> str:
    """ "at the start" for the starting position, else "after 17...". """
    return _("at the start") if not label else _("after %(move)s") % {"move": label}


def since(label: str) -> str:
    return label or _("the start")


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def verdict(upheld: bool) -> str:
    return _("Upheld") if upheld else _("Rejected")


def evidence_sentence(evidence: Mapping[str, Any]) -> str:
    """One sentence with the evidence for or against a draw claim (see sheets.evidence_of)."""
    reason = evidence.get("reason")
    move = evidence.get("move", "")
    if reason == "not-in-profile":
        return _(
            "The draw rules of this tournament (profile “%(profile)s”) have no rule “%(rule)s”."
        ) % {"profile": evidence.get("profile", ""), "rule": rule_title(evidence["rule"])}
    if reason == "not-replayed":
        return _(
            "The score sheet no longer reaches %(move)s, so the claim cannot be checked against it."
        ) % {"move": move}
    rule = evidence["rule"]
    numbers = {
        "move": move,
        "count": evidence.get("count", 0),
        "required": evidence.get("required", 0),
        "moves": evidence.get("moves_each") or 0,
        "since": since(evidence.get("since", "")),
    }
    if rule == RuleId.THREEFOLD:
        places = [place(label) for label in evidence.get("occurrence_moves", [])]
        return ngettext(
            "The position after %(move)s has stood %(count)d time (%(places)s); "
            "%(required)d are required.",
            "The position after %(move)s has stood %(count)d times (%(places)s); "
            "%(required)d are required.",
            numbers["count"],
        ) % {**numbers, "places": _join(places)}
    if rule == RuleId.KING_MOVES:
        return ngettext(
            "After %(move)s, %(count)d successive half-move was a king move without capture, "
            "counted since %(since)s; %(required)d (%(moves)d moves each) are required.",
            "After %(move)s, %(count)d successive half-moves were king moves without capture, "
            "counted since %(since)s; %(required)d (%(moves)d moves each) are required.",
            numbers["count"],
        ) % numbers
    material = material_text(evidence["material"])
    if reason == "not-this-endgame":
        return _(
            "After %(move)s the board holds %(material)s, which is not this rule's endgame."
        ) % {"move": move, "material": material}
    if reason == "lone-king-off-diagonal":
        return _(
            "After %(move)s the lone king is not on the main diagonal (a1-h8); "
            "the board holds %(material)s."
        ) % {"move": move, "material": material}
    return ngettext(
        "After %(move)s the endgame (%(material)s) has lasted %(count)d half-move, counted "
        "since %(since)s; %(required)d (%(moves)d moves each) are required.",
        "After %(move)s the endgame (%(material)s) has lasted %(count)d half-moves, counted "
        "since %(since)s; %(required)d (%(moves)d moves each) are required.",
        numbers["count"],
    ) % {**numbers, "material": material}


def claim_sentence(evidence: Mapping[str, Any], upheld: bool) -> str:
    """ "Upheld (threefold repetition, CBD Art. 98): the position after ..." """
    title = rule_title(evidence["rule"])
    article = rule_article(evidence.get("article") or "")
    head = f"{verdict(upheld)} ({title}, {article})" if article else f"{verdict(upheld)} ({title})"
    return f"{head}: {evidence_sentence(evidence)}"


def evidence_facts(evidence: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The evidence as (label, value) pairs for a definition list."""
    if "count" not in evidence:
        return []
    facts = [(_("Count"), _("%(count)d of %(required)d") % {
        "count": evidence["count"], "required": evidence.get("required", 0)})]
    if evidence.get("since_ply") is not None:
        facts.append((_("Counted since"), since(evidence.get("since", ""))))
    occurrences = evidence.get("occurrence_moves") or []
    if occurrences:
        facts.append((_("The position stood"), _join([place(label) for label in occurrences])))
    if "material" in evidence:
        facts.append((_("Material"), material_text(evidence["material"])))
    return facts


def counter_text(evidence: Mapping[str, Any]) -> str:
    """A draw rule's counter at one move, short enough for a phone."""
    rule = evidence["rule"]
    numbers = {
        "count": evidence.get("count", 0),
        "required": evidence.get("required", 0),
        "since": since(evidence.get("since", "")),
    }
    if rule == RuleId.THREEFOLD:
        places = [place(label) for label in evidence.get("occurrence_moves", [])]
        return _("this position: %(count)d of %(required)d occurrences (%(places)s)") % {
            **numbers, "places": _join(places)}
    reason = evidence.get("reason")
    if reason == "not-this-endgame":
        return _("not this endgame")
    if reason == "lone-king-off-diagonal":
        return _("the lone king is off the main diagonal")
    return _("%(count)d of %(required)d half-moves, since %(since)s") % numbers


# ------------------------------------------------------------------------------ irregularities


def irregularity_reason(
    board: Board, written: str, irregularity: Irregularity | None, code: str, algebraic: bool
) -> str:
    """Why a written move is irregular, in the position before it (RULES.md Art. 23 order)."""
    variant = board.variant
    algebraic = algebraic and variant.algebraic
    if code == "unreadable" or irregularity is None:
        if code == "cannot-carry-out":
            return _("it was let stand, but it cannot be carried out on the board")
        return _("the move cannot be read (a square that does not exist, or a typing slip)")
    move = irregularity.move
    name = {"square": _square(move.start, variant, algebraic)}
    if irregularity.code == "two-moves-in-a-row":
        return _("the same player moves twice in a row")
    if irregularity.code == "opponent-piece":
        return _("the piece on %(square)s belongs to the opponent") % name
    if irregularity.code == "empty-square":
        return _("square %(square)s is empty") % name
    if irregularity.code == "capture-compulsory":
        return _("a capture was compulsory: %(moves)s") % {
            "moves": _moves_list(board, algebraic)}
    if irregularity.code == "incomplete-capture":
        return _("the capture stops on %(square)s, where the same piece can still capture") % {
            "square": _square(move.end, variant, algebraic)}
    if irregularity.code == "majority":
        taken = len(move.captured)
        return _(
            "the capture takes %(taken)d where the majority law requires %(required)d: %(moves)s"
        ) % {"taken": taken, "required": irregularity.required or 0,
             "moves": _moves_list(board, algebraic)}
    return _explained(board, written, algebraic)


def irregularity_line(label: str, category: str | None, reason: str) -> str:
    """ "17... d6xb4 (18x27): not a legal move — Art. 23 (f): a capture was compulsory: c3xe5"

    Says both that the move is not legal and why (what was compulsory), issue 12."""
    if category:
        return _("%(move)s: not a legal move — Art. 23 (%(category)s): %(reason)s") % {
            "move": label, "category": category, "reason": reason}
    return _("%(move)s: not a legal move — %(reason)s") % {"move": label, "reason": reason}


def snippet(text: str, line: int | None, column: int | None, width: int = 24) -> str:
    """The text at a (line, column), for showing next to the syntax error."""
    if not line or not column:
        return ""
    rows = text.split("\n")
    if line > len(rows):
        return ""
    return rows[line - 1][column - 1: column - 1 + width].rstrip()
