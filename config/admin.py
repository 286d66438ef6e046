"""Locked sign-ins in the admin: who is locked out now, and an unlock before the window ends."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from config.login_limit import address_failure_limit, failure_limit, locked_rows
from config.models import LoginFailure


class LockedFilter(admin.SimpleListFilter):
    """Only the counts that refuse sign-ins now (past the limit, window not ended)."""

    title = _("locked now")
    parameter_name = "locked"

    def lookups(self, request, model_admin):
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(locked_rows())
        if self.value() == "no":
            return queryset.exclude(locked_rows())
        return queryset


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "kind", "count", "window_ends", "locked"]
    list_filter = [LockedFilter, "kind"]
    search_fields = ["username", "address"]
    actions = ["unlock"]

    @admin.display(boolean=True, description=_("locked now"))
    def locked(self, obj: LoginFailure) -> bool:
        by_address = obj.kind == LoginFailure.Kind.ADDRESS
        limit = address_failure_limit() if by_address else failure_limit()
        return obj.count >= limit and obj.window_ends > timezone.now()

    @admin.action(description=_("Unlock: forget these failed sign-ins"),
                  permissions=["delete"])
    def unlock(self, request: HttpRequest, queryset: QuerySet[LoginFailure]) -> None:
        count, _deleted = queryset.delete()
        self.message_user(request, ngettext("%(count)d count of failed sign-ins forgotten.",
                                            "%(count)d counts of failed sign-ins forgotten.",
                                            count) % {"count": count}, messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
