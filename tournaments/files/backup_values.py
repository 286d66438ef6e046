"""The values of a tournament's JSON backup, read and written by every part of it (the
tournament's own keys in tournaments/files/backup.py and its backup_check, the "swiss" key, the
team competition's, and other apps' keys such as arbitration/backup.py): the refusal of a file
(BackupError, fail), the checks of one value (whole_number, text, choice, points) and
json_number, the exact value as a JSON number.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _


class BackupError(ValueError):
    """The file was refused; the message names the key and what is wrong with it."""


def json_number(value: Fraction | Decimal | int) -> int | float:
    """An exact value as a JSON number: an integer when whole, else the nearest float (0.5)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def fail(where: str, message: str) -> BackupError:
    """The refusal of a file, naming where in it the problem is ("rounds[2].bye")."""
    return BackupError(f"{where}: {message}")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


INTEGER_MAX = 2**31 - 1  # the largest value of an integer column
SMALL_INTEGER_MAX = 32767  # of a small one: pairing numbers, boards, ratings


def whole_number(value: Any, where: str, *, minimum: int | None = None, nullable: bool = False,
                 maximum: int = INTEGER_MAX):
    """A JSON integer (not a boolean), at least `minimum`, at most `maximum` (by default what an
    integer column holds: PostgreSQL refuses more); None too when `nullable`."""
    if value is None and nullable:
        return None
    if not is_int(value):
        raise fail(where, _("must be a whole number, got %(value)r") % {"value": value})
    if minimum is not None and value < minimum:
        raise fail(where, _("must be at least %(min)d, got %(value)d") % {
            "min": minimum, "value": value})
    if value > maximum:
        raise fail(where, _("must be at most %(max)d, got %(value)d") % {
            "max": maximum, "value": value})
    return value


def text(value: Any, where: str, *, required: bool = True, max_length: int = 200) -> str:
    """A JSON string, stripped, not empty when `required`, at most `max_length` characters."""
    if not isinstance(value, str):
        raise fail(where, _("must be text, got %(value)r") % {"value": value})
    value = value.strip()
    if required and not value:
        raise fail(where, _("must not be empty"))
    if "\x00" in value:  # PostgreSQL cannot store it
        raise fail(where, _("must not contain the NUL character"))
    if len(value) > max_length:
        raise fail(where, _("is longer than %(max)d characters") % {"max": max_length})
    return value


def choice(value: Any, where: str, allowed) -> Any:
    """One of the `allowed` values, exactly."""
    if value not in list(allowed):
        raise fail(where, _("must be one of %(allowed)s, got %(value)r") % {
            "allowed": ", ".join(str(item) for item in allowed), "value": value})
    return value


def points(value: Any, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise fail(where, _("must be a number such as 1 or 0.5, got %(value)r") % {
            "value": value})
    try:
        number = Decimal(str(value))
    except InvalidOperation as error:
        raise fail(where, _("is not a number")) from error
    if (not number.is_finite() or number < 0 or number > Decimal("999.99")
            or number != number.quantize(Decimal("0.01"))):
        raise fail(where, _("must be from 0 to 999.99 with at most two decimals, got %(value)s")
                    % {"value": value})
    return number
