"""Admin for fixing data by hand; the pages and services are the usual way to run a tournament.

Results are read-only here: a correction must go through the result page, which checks the
version and sends `result_changed` for the audit trail. Any other change to a tournament saved
here (scoring, officials, an entry's number or withdrawal...) is announced with `tournament_changed`
so that it lands in the audit log too, with who and the values before and after (issue 20).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from tournaments.models import (
    Entry,
    Game,
    Player,
    Round,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    Tournament,
)
from tournaments.signals import ADMIN_EDITED, tournament_changed

# The tournament's own fields the log keeps; the entries and officials are added by `snapshot`.
AUDITED_FIELDS = ["name", "slug", "place", "start_date", "end_date", "board", "time_control",
                  "draw_profile", "notation", "scoring_win", "scoring_draw", "scoring_loss",
                  "tiebreaks", "cycles", "swap_last_two"]


def _json(value: Any) -> Any:
    """A field's value as the log's JSON keeps it (dates and decimals as text)."""
    if value is None or isinstance(value, bool | int | str | list | dict):
        return value
    return str(value)


def snapshot(tournament: Tournament) -> dict[str, Any]:
    """What an admin edit can change, read from the database, as JSON data."""
    stored = Tournament.objects.get(pk=tournament.pk)
    state = {name: _json(getattr(stored, name)) for name in AUDITED_FIELDS
             if hasattr(stored, name)}
    for role in ("organisers", "arbiters"):
        state[role] = sorted(user.get_username() for user in getattr(stored, role).all())
    state["entries"] = {
        f"{entry.player.name} [{entry.pk}]": {"number": entry.number, "withdrawn": entry.withdrawn}
        for entry in stored.entries.select_related("player").order_by("pk")
    }
    return state


def changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict, dict]:
    """Only the values that differ; for entries, only the entries that differ."""
    old, new = {}, {}
    for key in before.keys() | after.keys():
        if key == "entries":
            differing = {name for name in before[key].keys() | after[key].keys()
                         if before[key].get(name) != after[key].get(name)}
            if differing:
                old[key] = {name: before[key].get(name) for name in sorted(differing)}
                new[key] = {name: after[key].get(name) for name in sorted(differing)}
        elif before.get(key) != after.get(key):
            old[key], new[key] = before.get(key), after.get(key)
    return old, new


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["number", "player", "withdrawn"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "start_date", "board", "time_control", "cycles", "status"]
    list_filter = ["status", "board", "time_control", "cycles"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "place"]
    filter_horizontal = ["organisers", "arbiters"]
    readonly_fields = ["pairing_seed", "status"]
    inlines = [EntryInline]

    def save_model(self, request, obj: Tournament, form, change: bool) -> None:
        # Read before anything is written: save_related saves the officials and entries later.
        request._tournament_before = snapshot(obj) if change else {}
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change: bool) -> None:
        """Save, then log what changed, in the admin's transaction (changeform_view's atomic)."""
        super().save_related(request, form, formsets, change)
        before, after = changes(getattr(request, "_tournament_before", {}),
                                snapshot(form.instance))
        if after:
            tournament_changed.send(sender=Tournament, tournament=form.instance,
                                    action=ADMIN_EDITED, before=before or None, after=after,
                                    user=request.user)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "rating", "federation_id"]
    search_fields = ["name", "club", "federation_id"]


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ["board", "white", "black", "colours_swapped", "result", "version"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "bye"]
    list_filter = ["tournament"]
    list_select_related = ["tournament", "bye__player"]
    readonly_fields = ["tournament", "number", "bye"]
    inlines = [GameInline]

    def has_add_permission(self, request):
        return False


# --- team competitions (issue 16): settings, teams and rosters by hand; matches read-only ------

class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    fields = ["position", "entry"]
    raw_id_fields = ["entry"]


@admin.register(TeamCompetition)
class TeamCompetitionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "system", "boards", "primary"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "number", "club", "captain_name"]
    list_filter = ["tournament"]
    search_fields = ["name", "club"]
    inlines = [TeamMemberInline]


@admin.register(TeamMatch)
class TeamMatchAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "home", "away"]
    list_select_related = ["round__tournament", "home", "away"]
    readonly_fields = ["round", "table", "home", "away"]

    def has_add_permission(self, request):
        return False
