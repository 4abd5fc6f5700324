"""The admin: a window onto the tables for site staff who need to look underneath.

It only looks. A game's rules snapshot and its entered values change through the same services
as the web (which check them and keep the stored totals in step with the pages); presets come
from their files (``load_presets``) and house rules from the club's house-rules editor, which
validates them. An edit here would bypass all of that, so games, rounds and variants are
read-only in the admin, and nothing is deleted from it (a game is deleted, restorably, from its page).
"""

from django.contrib import admin

from scoresheet.models import Game, Round, Team, TeamRound, Variant


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Variant)
class VariantAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "family", "is_preset", "club"]
    list_filter = ["family", "is_preset"]
    search_fields = ["name", "slug"]


class TeamInline(ReadOnlyInline):
    model = Team


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "mode", "club", "updated_at"]
    list_filter = ["status", "mode"]
    search_fields = ["name", "teams__name"]
    inlines = [TeamInline]


class TeamRoundInline(ReadOnlyInline):
    model = TeamRound


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "updated_at"]
    inlines = [TeamRoundInline]
