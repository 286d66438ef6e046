"""{{ prize.amount|money }}: prize money in the page's language (prizes/money.py)."""

from django import template

from prizes.money import money_text

register = template.Library()


@register.filter
def money(amount):
    return "" if amount is None else money_text(amount)
