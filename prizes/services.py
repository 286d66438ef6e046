"""Stored categories and prizes turned into the awards and the category standings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from prizes.awarding import Award, PrizeSpec, Ranked, award
from prizes.membership import members
from prizes.models import Category, Kind, Prize, PrizePolicy
from tournaments.models import Entry, Tournament
from tournaments.queries import reports

# The field a category's criterion is typed in: an empty category is refused on it.
CRITERION_FIELD = {Kind.UNDER: "age", Kind.OVER: "age", Kind.SEX: "sex",
                   Kind.RATING: "rating_min", Kind.LIST: "players", Kind.ALL: "kind"}


@transaction.atomic
def save_category(category: Category, players: list[Entry] | None = None) -> Category:
    """Store a category only if it holds at least one player of the tournament: a category with
    no one is a typing error (a wrong age, date or band), said on the criterion's field."""
    category.full_clean()
    category.save()
    if players is not None:
        category.players.set(players)
    entries = list(category.tournament.entries.select_related("player"))
    if not members(category, entries):
        raise ValidationError({CRITERION_FIELD[Kind(category.kind)]: _(
            "No player of this tournament belongs to the category “%(name)s”: check its "
            "criterion."
        ) % {"name": category.name}})
    return category


@dataclass(frozen=True)
class PrizeLine:
    category: Category
    place: int
    amount: Decimal | None
    trophy: str
    entry: Entry | None


def prize_list(tournament: Tournament) -> list[PrizeLine]:
    """Every prize with its winner on the current standings."""
    standings = reports.standings(tournament)
    entries = {standing.entry.pk: standing.entry for standing in standings}
    ranking = [Ranked(standing.entry.pk, standing.rank) for standing in standings]
    categories = {category.pk: category
                  for category in tournament.prize_categories.prefetch_related("prizes")}
    membership = {pk: {entry.pk for entry in members(category, entries.values())}
                  for pk, category in categories.items()}
    specs = [PrizeSpec(prize.pk, category.pk, category.order, prize.place, prize.amount,
                       prize.trophy)
             for category in categories.values() for prize in category.prizes.all()]
    policy = PrizePolicy.objects.filter(tournament=tournament).first() or PrizePolicy()
    awards: list[Award] = award(ranking, membership, specs,
                                one_prize_each=policy.one_prize_each,
                                share_money=policy.share_money)
    return [PrizeLine(categories[item.prize.category_id], item.prize.place, item.amount,
                      item.prize.trophy, entries.get(item.entry_id))
            for item in awards]


def category_standings(category: Category) -> list[reports.Standing]:
    """The standings kept to the category's members, with their overall rank."""
    standings = reports.standings(category.tournament)
    inside = {entry.pk for entry in members(category, [s.entry for s in standings])}
    return [standing for standing in standings if standing.entry.pk in inside]


@dataclass(frozen=True)
class CategoryPlace:
    """A member's place inside the category beside his overall rank (issue 25: the page
    showed the overall rank alone under "Pos.")."""

    place: int  # 1, 2, 2, 4 among the members, as the overall standings rank them
    shared: bool
    standing: reports.Standing


def category_places(standings: list[reports.Standing]) -> list[CategoryPlace]:
    """Competition ranking inside the category: members level overall share a place."""
    places = []
    for index, standing in enumerate(standings):
        ahead = sum(1 for other in standings[:index] if other.rank < standing.rank)
        shared = sum(1 for other in standings if other.rank == standing.rank) > 1
        places.append(CategoryPlace(ahead + 1, shared, standing))
    return places


def add_prize(category: Category, **fields) -> Prize:
    prize = Prize(category=category, **fields)
    prize.full_clean()
    prize.save()
    return prize
