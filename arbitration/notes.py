"""Notes the site writes itself, stored as facts and said in the reader's language when shown.

Claim verdicts and fixed notes were stored as sentences in the language of whoever acted, so
the English audit log showed Portuguese (issue 12). The site now stores a code, with the facts
the sentence needs, and renders the sentence when a page is drawn. Notes people type (an
arbiter's reason) and notes stored before this change are shown as written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

PREFIX = "note:"
LET_STAND = "let-stand"
CORRECTED = "corrected"
TYPED_LET_STAND = "typed-let-stand"
CLAIM_VERDICT = "claim-verdict"

FIXED = {
    LET_STAND: _("Irregular move let stand (Art. 23): the replay goes on from it."),
    CORRECTED: _("Irregular move corrected (Art. 23): write the move actually played."),
    TYPED_LET_STAND: _("Recorded while typing the score sheet: the opponent let it stand."),
}


def coded(code: str, facts: Mapping[str, Any] | None = None) -> str:
    """The stored form of a site's note: its code, then its facts as JSON."""
    text = PREFIX + code
    return f"{text} {json.dumps(facts, ensure_ascii=False, sort_keys=True)}" if facts else text


def claim_verdict(evidence: Mapping[str, Any], upheld: bool) -> str:
    return coded(CLAIM_VERDICT, {"evidence": evidence, "upheld": upheld})


def shown(note: str) -> str:
    """The note in the active language: a coded note rendered, any other as written."""
    if not note.startswith(PREFIX):
        return note
    code, _space, raw = note[len(PREFIX):].partition(" ")
    if code in FIXED:
        return str(FIXED[code])
    if code == CLAIM_VERDICT:
        from arbitration.describe import claim_sentence

        try:
            facts = json.loads(raw)
            return claim_sentence(facts["evidence"], bool(facts["upheld"]))
        except (ValueError, KeyError, TypeError):
            return note
    return note
