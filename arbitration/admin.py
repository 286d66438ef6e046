"""Admin pages: sheets and claims for inspection; the audit log read-only, as a log must be."""

from django.contrib import admin

from .models import AuditEntry, DrawClaim, IrregularityClaim, ScoreSheet


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["game", "moves_count", "illegal_move", "syntax_code", "updated_at"]
    readonly_fields = ["moves_count", "illegal_ply", "illegal_move", "illegal_article",
                       "syntax_code", "syntax_line", "syntax_column", "version", "updated_at",
                       "updated_by"]


@admin.register(DrawClaim)
class DrawClaimAdmin(admin.ModelAdmin):
    list_display = ["game", "rule", "move", "system_upheld", "decision", "created_at"]
    list_filter = ["rule", "decision"]


@admin.register(IrregularityClaim)
class IrregularityClaimAdmin(admin.ModelAdmin):
    list_display = ["game", "category", "move", "decision", "created_at"]
    list_filter = ["category", "decision"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "game", "actor_name", "action"]
    list_filter = ["action"]
    search_fields = ["actor_name", "note"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
