"""The admin: a window onto the tables for an organiser who needs to look underneath."""

from django.contrib import admin

from scoresheet.models import Game, Round, Team, TeamRound, Variant


@admin.register(Variant)
class VariantAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "family", "is_preset"]
    list_filter = ["family", "is_preset"]
    search_fields = ["name", "slug"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "mode", "updated_at"]
    list_filter = ["status", "mode"]
    search_fields = ["name", "teams__name"]
    inlines = [TeamInline]


class TeamRoundInline(admin.TabularInline):
    model = TeamRound
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "updated_at"]
    inlines = [TeamRoundInline]
