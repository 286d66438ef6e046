"""Prize money as the reader's language writes it (issue 25): "R$ 1.000,00" in Portuguese,
"R$1,000.00" in English, the same on the prize page, the organiser's page and the PDF.

Prizes are paid in reais. Where the symbol goes and the space after it are the translation's
(msgid "R$%(amount)s"); the space is a no-break space, so the symbol never ends a line alone.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import pgettext


def money_text(amount: Decimal) -> str:
    """The amount with two decimals, grouped by thousands, and the real's symbol."""
    number = number_format(amount, decimal_pos=2, use_l10n=True, force_grouping=True)
    return pgettext("an amount of money in Brazilian reais", "R$%(amount)s") % {
        "amount": number}
