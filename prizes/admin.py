from django.contrib import admin

from prizes.models import Category, Prize, PrizePolicy


class PrizeInline(admin.TabularInline):
    model = Prize
    extra = 1


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "kind", "order"]
    list_filter = ["kind"]
    search_fields = ["name", "tournament__name"]
    inlines = [PrizeInline]


admin.site.register(PrizePolicy)
