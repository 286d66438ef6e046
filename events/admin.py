from django.contrib import admin

from events.models import Event, Registration, Section


class SectionInline(admin.TabularInline):
    model = Section
    extra = 1
    autocomplete_fields = ["tournament"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "start_date", "end_date"]
    search_fields = ["name", "place"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers", "arbiters"]
    inlines = [SectionInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["name", "section", "status", "created"]
    list_filter = ["status", "section__event"]
    search_fields = ["name", "federation_id"]
    readonly_fields = ["entry", "address", "created"]
