"""Variants, games, teams and rounds.

A game keeps a snapshot of its rules document (``Game.rules_document``), so editing
or deleting a variant never rewrites a game's history; the snapshot's name is kept beside it
(``Game.variant_name``) for lists, which need not decode the snapshot. A deleted game is kept
(``Game.deleted_at``) until ``services.games_purge`` removes it, ``KEEP_DELETED`` later. Each
``TeamRound`` holds the values as entered and the round total computed by ``scoring.score_entry``.
"""

import functools
import unicodedata
from datetime import timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history import manager as simple_history_manager
from simple_history.models import HistoricalRecords

from scoresheet import display
from scoresheet.addresses import tokens
from scoresheet.querysets import SoftDeleteQuerySet
from scoresheet.rules import loading, preset_rules
from scoresheet.rules import schema as rules_module
from scoresheet.scoring.entries import ENTRY_FIELDS

# How long a deleted game can be restored from "Recently deleted" before it is purged.
KEEP_DELETED = timedelta(days=30)


def search_key(*texts: str) -> str:
    """Texts as the game search compares them: lower case, without accents, one space between
    words, one text a line ("Cléo  &  Søren" → "cleo & søren"), so "CLEO" finds "Cléo" on any
    database (SQLite's LIKE folds the case of ASCII letters only)."""
    return "\n".join(_fold(text) for text in texts)


# Letters that are not a plain letter plus an accent, as one types them without it.
PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"})


def _fold(text: str) -> str:
    if text.isascii():  # no accent to take off, no letter to spell out: ASCII folds to lower case
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(PLAIN_LETTERS))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


class AuditFields(models.Model):
    """What every history row (django-simple-history) records besides the values and the user.

    The rows one service call writes share ``history_change_id``: that is one change on a page
    ("Round 2 corrected": the round and each team's entries, before and after). ``history_via``
    says who when nobody is signed in ("the table link of Table 2, sitting 1"); the reason asked
    for a late correction is simple-history's ``history_change_reason``. Filled by
    ``scoresheet.games.history`` from the change the service opened.
    """

    history_change_id = models.UUIDField(null=True, blank=True, db_index=True)
    history_action = models.CharField(max_length=40, blank=True)
    history_via = models.CharField(max_length=120, blank=True)
    # An undo: the change it took back (Undo walks back through the changes, never redoes one).
    history_undoes = models.UUIDField(null=True, blank=True)

    class Meta:
        abstract = True


class HistoryManager(simple_history_manager.HistoryManager):
    """simple-history's manager, its class built once per queryset class.

    simple-history builds a new manager class from its queryset each time ``Model.history`` is
    read (``HistoryDescriptor.__get__`` calls ``from_queryset``, which walks the queryset's methods
    with ``inspect.getmembers``): 0.35 ms, and it is read for every row saved, as the signal writes
    that row's history. The class depends only on the queryset class, so it is kept.
    """

    @classmethod
    @functools.cache
    def from_queryset(cls, queryset_class, class_name=None):
        return super().from_queryset(queryset_class, class_name)


def audited(**options) -> HistoricalRecords:
    """A model's history, with the change each row belongs to."""
    return HistoricalRecords(bases=[AuditFields], history_manager=HistoryManager, **options)


class Variant(models.Model):
    """A rule set: a preset loaded from ``scoresheet/rules/presets`` or a club's house rules.

    A house variant's slug is "<club slug>-<name slug>" (``house_rules.house_slug``), unique
    like every slug; presets keep theirs (a public contract). Games snapshot the document, so
    editing a house variant never changes a game already played.
    """

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    family = models.CharField(max_length=40, choices=list(rules_module.FAMILIES.items()))
    document = models.JSONField()
    is_preset = models.BooleanField(default=False)
    # A house variant belongs to its club (only its members see and pick it); a preset to no club.
    club = models.ForeignKey(
        "league.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="house_variants"
    )
    # The variant a house variant was copied from: its rules card shows what differs from it.
    based_on = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies")
    position = models.PositiveSmallIntegerField(default=1000, help_text="Order in lists: presets first")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return preset_rules.name_shown(self.name)  # a preset's in the page's language

    @property
    def rules(self) -> rules_module.Rules:
        return loading.load_rules(self.document)

    @property
    def summary_shown(self) -> str:
        """The summary in the page's language (``Rules.said``), without building the rules."""
        translations = self.document.get("translations") if isinstance(self.document, dict) else None
        summary = self.document.get("summary", "") if isinstance(self.document, dict) else ""
        return rules_module.said(translations if isinstance(translations, dict) else {}, summary)


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    class Mode(models.TextChoices):
        TEAMS = "teams", _("Teams")
        INDIVIDUALS = "individuals", _("Individual players")

    variant = models.ForeignKey(Variant, null=True, blank=True, on_delete=models.SET_NULL, related_name="games")
    # The club a game belongs to (started by a member inside the club); empty for a casual game.
    # A club with games cannot be deleted by accident: its games are its history.
    club = models.ForeignKey("league.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="games")
    # The table of a club night this game is played at (its seats say who played); empty otherwise.
    table = models.OneToOneField("league.Table", null=True, blank=True, on_delete=models.PROTECT, related_name="game")
    rules_document = models.JSONField()
    variant_name = models.CharField(max_length=120, blank=True, help_text="The rules' name in the snapshot")
    name = models.CharField(max_length=120, blank=True)
    mode = models.CharField(max_length=20, choices=Mode.choices, default=Mode.TEAMS)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IN_PROGRESS)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The seat that dealt round 1, an index into dealing.seats of the teams; empty when nobody chose.
    first_dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True, help_text="Deleted: restorable until purged")
    # The game's name, its teams' names and players as search_key folds them (teams are not renamed).
    search_text = models.TextField(blank=True, editable=False)
    # Imported from a results workbook as final totals (one round of "Final score (imported)"):
    # there are no rounds as played, so the game log leaves it out.
    entered_as_totals = models.BooleanField(default=False)
    # The game's secret addresses (scoresheet.addresses.tokens): whoever holds ``token`` plays it at
    # /g/<token>/ (enter, correct, finish, reopen, delete, print); ``share_token`` shows its
    # score sheet read only at /s/<share_token>/. Renewing them (services.game_tokens_renew)
    # makes the old addresses 404.
    token = models.CharField(max_length=64, unique=True, default=tokens.new_token, editable=False)
    share_token = models.CharField(max_length=64, unique=True, default=tokens.new_token, editable=False)
    # The search text follows the names: it is not history of its own.
    history = audited(excluded_fields=["search_text", "updated_at", "token", "share_token"])

    objects = SoftDeleteQuerySet.as_manager()  # every game; .live() leaves the deleted ones out

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status="in_progress", finished_at__isnull=True)
                | Q(status="finished", finished_at__isnull=False),
                name="game_finished_at_matches_status",
            ),
        ]
        indexes = [
            # The game list (selectors.games_page) reads 20 games from this index, and counts them
            # here (up to 1,000), however many games there are: not deleted, in progress first, last
            # played first.
            models.Index(
                fields=["status", "updated_at", "id"], condition=Q(deleted_at__isnull=True), name="game_list_order"
            ),
            models.Index(fields=["deleted_at"], condition=Q(deleted_at__isnull=False), name="game_recently_deleted"),
            # A club's "Recently deleted", counted on every home page: its deleted games alone, not
            # every game of the club looked at for its deletion date.
            models.Index(
                fields=["club", "deleted_at"], condition=Q(deleted_at__isnull=False), name="game_club_recently_deleted"
            ),
            # A member's list is their clubs' games: the same order within each club, so that a
            # ten-year club's page of 20 is read off the index, not sorted from all its games.
            models.Index(
                fields=["club", "status", "updated_at", "id"],
                condition=Q(deleted_at__isnull=True),
                name="game_club_list_order",
            ),
            # The club page's latest games (league.clubs.selectors.club_games).
            models.Index(
                fields=["club", "updated_at", "id"], condition=Q(deleted_at__isnull=True), name="game_club_latest"
            ),
        ]

    def __str__(self) -> str:
        return display.game_name(self.name, self.pk)

    @property
    def rules(self) -> rules_module.Rules:
        return loading.load_rules(self.rules_document)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Team(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="teams")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    players = models.CharField(max_length=200, blank=True)
    history = audited()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="team_unique_position"),
            models.UniqueConstraint(fields=["game", "name"], name="team_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    # The plausibility warnings the scorekeeper confirmed when saving it ("22 clean books"),
    # as plausibility.confirmation_record makes them; empty when the round raised none.
    confirmed_warnings = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = audited(excluded_fields=["updated_at"])

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class TeamRound(models.Model):
    """One team's entered values for one round, and the total they score."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="entries")
    books = models.JSONField(default=dict)
    red_threes = models.PositiveIntegerField(default=0)
    red_threes_held = models.PositiveIntegerField(default=0)
    black_threes_held = models.PositiveIntegerField(default=0)
    melded_points = models.PositiveIntegerField(default=0)
    hand_points = models.PositiveIntegerField(default=0)
    melded_cards = models.JSONField(null=True, blank=True)
    hand_cards = models.JSONField(null=True, blank=True)
    went_out = models.BooleanField(default=False)
    concealed = models.BooleanField(default=False)
    extras = models.JSONField(default=dict)
    adjustments = models.JSONField(default=list)
    total = models.BigIntegerField()  # 64-bit: a round of big house-rules bonuses can pass 2^31
    history = audited()

    class Meta:
        ordering = ["round", "team__position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="teamround_unique_team"),
            models.CheckConstraint(
                condition=Q(concealed=False) | Q(went_out=True), name="teamround_concealed_needs_went_out"
            ),
            models.UniqueConstraint(
                fields=["round"], condition=Q(went_out=True), name="teamround_one_team_out_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.round}"

    def entered_values(self) -> dict:
        """The values as entered, in the shape ``entries.entry_from_values`` takes."""
        return {name: getattr(self, name) for name in ENTRY_FIELDS}


class RoundSave(models.Model):
    """A round save the server has done, by the key its phone gave it (a uuid the page makes
    for each save): sent again (the answer was lost, or a queue kept offline is sent twice), it
    is recognised and not stored again (services.round_record). ``round`` is the round it saved
    (empty once an undo took that round back)."""

    key = models.CharField(max_length=64, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    number = models.PositiveSmallIntegerField()
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Save {self.key} of round {self.number}"
