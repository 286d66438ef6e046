"""A roster file's import in two steps (issue 27), as the player import (player_import.py): the
preview says, row by row, which team is created or found, which player is new or a person the
registry knows (tournaments/services/people.py), his place on the roster, and what is refused and
why; the organiser confirms, and everything is saved in one transaction or nothing
(services/teams/rosters.py).

A roster is all or nothing: a refused row refuses the import (a team saved without its third
player would shift every line-up), so the preview offers the confirmation only when no row is
refused; the organiser corrects the file and sends it again. The rows wait in the session as
plain values; the plan is made again on confirmation and its digest must be the one he saw.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.files.roster_list import RosterRow
from tournaments.models import Team, Tournament
from tournaments.services import teams as team_services
from tournaments.services.people import Match, Registry, normalised


@dataclass
class PlannedPlace:
    row: RosterRow
    team_name: str  # as the competition or the file's first row of the team writes it
    team_is_new: bool
    match: Match | None = None
    reasons: list[str] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.row.line

    @property
    def refused(self) -> bool:
        return bool(self.reasons)


@dataclass
class RosterPlan:
    places: list[PlannedPlace]

    @property
    def refused(self) -> list[PlannedPlace]:
        return [place for place in self.places if place.refused]

    @property
    def counts(self) -> dict[str, int]:
        return {
            "new_teams": len({p.team_name for p in self.places if p.team_is_new}),
            "found_teams": len({p.team_name for p in self.places if not p.team_is_new}),
            "new_players": sum(1 for p in self.places if p.match is None and not p.refused),
            "found_players": sum(1 for p in self.places if p.match is not None
                                 and not p.refused),
            "refused": len(self.refused)}

    def by_team(self) -> list[tuple[str, bool, list[PlannedPlace]]]:
        """The places team by team, in the file's order of teams, each by its order."""
        teams: dict[str, tuple[str, bool, list[PlannedPlace]]] = {}
        for place in self.places:
            teams.setdefault(normalised(place.team_name),
                             (place.team_name, place.team_is_new, []))[2].append(place)
        return [(name, new, sorted(places, key=lambda p: (p.row.order or 0, p.line)))
                for name, new, places in teams.values()]

    @property
    def digest(self) -> str:
        """What the organiser saw: each row's team, place, person and refusals."""
        state = [[p.line, p.team_name, p.team_is_new, p.row.order,
                  p.match.player.pk if p.match else None, p.reasons] for p in self.places]
        return hashlib.sha256(json.dumps(state).encode()).hexdigest()[:32]


def plan_rosters(tournament: Tournament, rows: list[RosterRow]) -> RosterPlan:
    """Who and where each row is, and why a row is refused; nothing is saved."""
    entered = {entry.player_id: entry for entry in tournament.entries.select_related(
        "team_member__team")}
    # A team found by its name as the save finds it (team_services.find_team): the first.
    existing: dict[str, tuple[Team, int]] = {
        normalised(team.name): (team, team.size)
        for team in reversed(list(tournament.teams.annotate(size=Count("members"))))}
    registry = Registry((row.name, row.federation_id, row.birth_date) for row in rows
                        if not row.problems)  # the people of the file, in one query
    places: list[PlannedPlace] = []
    orders: dict[tuple[str, int], int] = {}  # (team, order) -> the line that has it
    people: dict[tuple, int] = {}  # a person of the file -> the line that has him
    spelled: dict[str, str] = {}  # a new team as the file's first row of it writes it
    for row in rows:
        key = normalised(row.team)
        found = existing.get(key)
        name = found[0].name if found else spelled.setdefault(key, row.team)
        place = PlannedPlace(row, name, found is None)
        places.append(place)
        place.reasons.extend(row.problems)
        if row.problems:
            continue
        place.match = registry.find(name=row.name, federation_id=row.federation_id,
                                    birth_date=row.birth_date)
        _check_order(place, key, found, orders)
        _check_person(place, people, entered)
    _check_gaps(places, existing)
    return RosterPlan(places)


def _check_order(place: PlannedPlace, key: str, found: tuple[Team, int] | None,
                 orders: dict[tuple[str, int], int]) -> None:
    order, team = place.row.order, place.team_name
    if order > team_services.MAX_ROSTER:
        place.reasons.append(_("order %(order)d: a roster holds at most %(max)d players.") % {
            "order": order, "max": team_services.MAX_ROSTER})
    elif found is not None and order <= found[1]:
        holder = found[0].members.select_related("entry__player").get(position=order)
        place.reasons.append(_(
            "order %(order)d of %(team)s is already %(name)s's, on the saved roster; this file "
            "may add players from order %(next)d on.") % {
            "order": order, "team": team, "name": holder.entry.player.name,
            "next": found[1] + 1})
    elif (key, order) in orders:
        place.reasons.append(_("order %(order)d of %(team)s is also on line %(line)d.") % {
            "order": order, "team": team, "line": orders[(key, order)]})
    else:
        orders[(key, order)] = place.line


def _person_key(place: PlannedPlace) -> tuple:
    row = place.row
    if place.match is not None:
        return ("person", place.match.player.pk)
    if row.federation_id:
        return ("federation_id", row.federation_id)
    return ("name", normalised(row.name), row.birth_date, row.birth_year)


def _check_person(place: PlannedPlace, people: dict[tuple, int], entered: dict) -> None:
    match = place.match
    if match is not None and match.player.pk in entered:
        entry = entered[match.player.pk]
        member = getattr(entry, "team_member", None)
        if member is None:
            place.reasons.append(_("%(name)s (%(how)s) is already in this competition.") % {
                "name": match.player.name, "how": match.reason})
        else:
            place.reasons.append(_(
                "%(name)s (%(how)s) is already on the roster of %(team)s.") % {
                "name": match.player.name, "how": match.reason, "team": member.team.name})
        return
    key = _person_key(place)
    if key in people:
        other = people[key]
        place.reasons.append(_(
            "%(name)s is already on line %(line)d: a player plays for one team, once.") % {
            "name": place.row.name, "line": other})
    else:
        people[key] = place.line


def _check_gaps(places: list[PlannedPlace], existing: dict[str, tuple[Team, int]]) -> None:
    """A roster is numbered 1, 2, 3… without a gap: a line-up follows its order."""
    by_team: dict[str, list[PlannedPlace]] = {}
    for place in places:
        if not place.refused:
            by_team.setdefault(normalised(place.team_name), []).append(place)
    for key, team_places in by_team.items():
        previous = existing[key][1] if key in existing else 0
        for place in sorted(team_places, key=lambda p: p.row.order):
            if place.row.order > previous + 1:
                missing = ", ".join(str(order) for order in
                                    range(previous + 1, place.row.order)[:10])
                place.reasons.append(_(
                    "%(team)s has no order %(missing)s before this order %(order)d: a roster "
                    "is numbered 1, 2, 3… without gaps.") % {
                    "team": place.team_name, "missing": missing, "order": place.row.order})
            previous = place.row.order


def carry_out(tournament: Tournament, plan: RosterPlan, *, user=None
              ) -> team_services.RostersSaved:
    """Save the plan whole (team_services.import_rosters); a refused row saves nothing."""
    if plan.refused:
        raise team_services.TournamentError(ngettext(
            "%(count)d row is refused: correct the file and send it again; nothing was saved.",
            "%(count)d rows are refused: correct the file and send it again; nothing was saved.",
            len(plan.refused)) % {"count": len(plan.refused)})
    places = [team_services.RosterPlace(
        line=p.line, team=p.team_name, position=p.row.order, name=p.row.name, club=p.row.club,
        rating=p.row.rating, federation_id=p.row.federation_id, birth_date=p.row.birth_date,
        birth_year=p.row.birth_year)
        for _team, _new, team_places in plan.by_team() for p in team_places]
    return team_services.import_rosters(tournament, places, user=user)
