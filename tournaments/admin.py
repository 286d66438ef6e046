from django.contrib import admin

from .models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "start_date", "board"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "place"]
