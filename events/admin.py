from django.contrib import admin

from .models import Event, Section


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
