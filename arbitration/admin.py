"""Admin pages to look at sheets, claims and the log, read-only: a change made here would skip
the replay summary and the audit trail, so every write goes through the arbiter's pages."""

from django.contrib import admin

from arbitration.models import AuditEntry, DrawClaim, IrregularityClaim, ScoreSheet


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyAdmin):
    list_display = ["game", "moves_count", "illegal_move", "syntax_code", "updated_at"]


@admin.register(DrawClaim)
class DrawClaimAdmin(ReadOnlyAdmin):
    list_display = ["game", "rule", "move", "system_upheld", "decision", "created_at"]
    list_filter = ["rule", "decision"]


@admin.register(IrregularityClaim)
class IrregularityClaimAdmin(ReadOnlyAdmin):
    list_display = ["game", "category", "move", "decision", "created_at"]
    list_filter = ["category", "decision"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "game", "actor_name", "action"]
    list_filter = ["action"]
    search_fields = ["actor_name", "note"]
