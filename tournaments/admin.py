"""Admin for fixing data by hand; the pages and services are the usual way to run a tournament.

Results are read-only here: a correction must go through the result page, which checks the
version and sends `result_changed` for the audit trail.
"""

from django.contrib import admin

from .models import (
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
