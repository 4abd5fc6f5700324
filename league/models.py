"""Clubs and their members (shared/design/PRODUCT.md, "The league").

Every league row hangs off a club, and every query filters by it: no club sees another's.
A member is an account with a role in one club; one person can be a member of several
clubs with different roles.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from league.rankings import RANKINGS
from league.time_zones import default_time_zone, validate_time_zone
from scoresheet.addresses import tokens
from scoresheet.display import fmt
from scoresheet.models import audited
from scoresheet.querysets import SoftDeleteQuerySet


class Role(models.TextChoices):
    """What a member may do in a club, each role including the ones below it."""

    VIEWER = "viewer", _("Viewer")  # reads the club's pages
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")  # starts and enters the club's games
    ORGANISER = "organiser", _("Organiser")  # everything in the club

    @classmethod
    def rank(cls, role: str) -> int:
        return [cls.VIEWER, cls.SCOREKEEPER, cls.ORGANISER].index(role)


class Club(models.Model):
    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=120)
    # The IANA name of the zone its pages show times in (league.time_zones).
    time_zone = models.CharField(max_length=64, default=default_time_zone, validators=[validate_time_zone])
    # The language of what it prints and sends for its players (league.languages).
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en")
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved on (league.results.results_changed) in the transaction of every write that changes what
    # the club's standings or ratings are worked out from: they are kept in the cache under it
    # (league.kept), so a page reads it with the club, not an aggregate over the club's history.
    results_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        """Save the club; a club read before a write (its ``results_version`` stale) never puts the
        version back: only ``results_changed`` writes it once the club exists."""
        if not self._state.adding and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name != "results_version"
            ]
        super().save(*args, **kwargs)


class Preferences(models.Model):
    """An account's own settings: the language its pages are shown in (league.languages)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.VIEWER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_one_per_club"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_known_role"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.get_role_display()})"

    def can(self, role: str) -> bool:
        """Does this member's role include ``role``?"""
        return Role.rank(self.role) >= Role.rank(role)


class Invite(models.Model):
    """A link the organiser hands out: whoever opens it signed in joins the club with ``role``.

    Only a hash of the token is stored (as Django stores passwords), so the database alone
    does not give the links away; the link is shown once, when it is made.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.VIEWER)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="invites_made"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="invites_used"
    )
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.CheckConstraint(condition=Q(role__in=Role.values), name="invite_known_role")]

    def __str__(self) -> str:
        return f"Invite to {self.club} as {self.get_role_display()}"


class Player(models.Model):
    """A person on a club's roster. A player needs no account; a member may say "this is me"."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    email = models.EmailField(blank=True)
    # Said "no more results by email" (the email's one-tap link), or the organiser did on the roster.
    email_opt_out = models.BooleanField(default=False)
    phone = models.CharField(max_length=40, blank=True)
    active = models.BooleanField(default=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Deleted: off the roster and its pages, restorable from "Recently deleted" (league.nights.history).
    deleted_at = models.DateTimeField(null=True, blank=True)
    history = audited()

    objects = SoftDeleteQuerySet.as_manager()  # every player; .live() for the roster

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            # One account is one person: at most one player per club says "this is me" for it.
            models.UniqueConstraint(
                fields=["club", "user"], name="player_one_per_member", condition=Q(user__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return self.name


# How a season's standings order its players: Ranking.VP, Ranking.WINS …, one for each rule of
# league.rankings, named as the season form offers it (in the page's language: the names
# are marked for the catalogue there).
Ranking = models.TextChoices("Ranking", [(rule.key.upper(), (rule.key, _(rule.name))) for rule in RANKINGS.values()])


# The VP blowout margin B a season starts with, by the family of its variant (PRODUCT.md).
BLOWOUT_BY_FAMILY = {"hand-and-foot": 5000, "hand-knee-and-foot": 10000, "canasta": 2500}


def default_blowout(family: str) -> int:
    return BLOWOUT_BY_FAMILY.get(family, BLOWOUT_BY_FAMILY["hand-and-foot"])


class EarlyGames(models.TextChoices):
    """How a season's standings count a game finished early (fewer rounds than its rules play)."""

    PLAYED = "played", _("Count it as played")
    SCALED = "scaled", _("Scale it up to a full game")
    LEFT_OUT = "left_out", _("Leave it out of the standings")


class Season(models.Model):
    """A named period of a club with its standings rules; its variant is a preset or the club's own."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    start = models.DateField()
    # Empty: the season goes on (one an import made stays open at its end until the organiser sets one).
    end = models.DateField(null=True, blank=True)
    # A variant in use by a season is kept: its standings depend on it.
    variant = models.ForeignKey("scoresheet.Variant", on_delete=models.PROTECT, related_name="seasons")
    ranking = models.CharField(max_length=10, choices=Ranking.choices, default=Ranking.VP)
    min_nights = models.PositiveSmallIntegerField(default=0)
    best_nights = models.PositiveSmallIntegerField(null=True, blank=True)
    blowout_margin = models.PositiveIntegerField()
    early_games = models.CharField(max_length=10, choices=EarlyGames.choices, default=EarlyGames.PLAYED)
    # The tables a night of the season allows by default, as TEAMSxPLAYERS ("2x2,3x2", "all");
    # blank: the variant's partnership tables, byes for the rest (PRODUCT.md, "Seating").
    table_shapes = models.CharField(max_length=60, blank=True, default="")
    # The standings at /standings/<club>/<season>/ for anyone, while the organiser has this on.
    public = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(
                condition=Q(end__isnull=True) | Q(end__gte=models.F("start")), name="season_ends_after_start"
            ),
            models.CheckConstraint(condition=Q(ranking__in=Ranking.values), name="season_known_ranking"),
            models.CheckConstraint(condition=Q(min_nights__gte=0), name="season_min_nights_not_negative"),
            models.CheckConstraint(
                condition=Q(best_nights__isnull=True) | Q(best_nights__gte=1), name="season_best_nights_positive"
            ),
            models.CheckConstraint(condition=Q(blowout_margin__gt=0), name="season_blowout_positive"),
            models.CheckConstraint(condition=Q(early_games__in=EarlyGames.values), name="season_known_early_games"),
        ]

    def __str__(self) -> str:
        return self.name

    def contains(self, day) -> bool:
        """Whether ``day`` is in the season: from its first day, to its last if it has one."""
        return self.start <= day and (self.end is None or day <= self.end)

    def rules_in_words(self) -> list[str]:
        """The season's standings rules as sentences, for its page."""
        return [
            self._ranking_words(),
            self._min_nights_words(),
            self._best_nights_words(),
            self._blowout_words(),
            self.early_games_words(),
        ]

    def _ranking_words(self) -> str:
        return RANKINGS[self.ranking].sentence

    def _min_nights_words(self) -> str:
        if self.min_nights == 0:
            return gettext("Every player is ranked, however few nights they played.")
        return ngettext(
            "Players need %(n)s night to be ranked.", "Players need %(n)s nights to be ranked.", self.min_nights
        ) % {"n": self.min_nights}

    def _best_nights_words(self) -> str:
        if self.best_nights is None:
            return gettext("Every night counts.")
        if self.best_nights == 1:
            return gettext("Only each player's best night counts.")
        return gettext("The best %(n)s nights of each player count.") % {"n": self.best_nights}

    def _blowout_words(self) -> str:
        return gettext("A win by %(margin)s or more is a full 20–0 in VP.") % {"margin": fmt(self.blowout_margin)}

    def early_games_words(self) -> str:
        """How a game finished early counts, as the season's page and the standings' footnote say it."""
        return gettext(EARLY_GAMES_WORDS[self.early_games])


EARLY_GAMES_WORDS = {
    EarlyGames.PLAYED: gettext_noop("A game finished early counts as played."),
    EarlyGames.SCALED: gettext_noop(
        "A game finished early is scaled up to a full game: each team's total × the rules' "
        "rounds ÷ the rounds played (2 of 4 rounds: × 2), before wins and VP; a game to a target "
        "score counts as played."
    ),
    EarlyGames.LEFT_OUT: gettext_noop("A game finished early is left out of the standings."),
}


# --- Club nights: who is here, sittings, tables, seats and byes -----------------------------


class SeatingMode(models.TextChoices):
    """How a night's sittings are drawn (PRODUCT.md, "Seating")."""

    ROTATING = "rotating", _("Rotating: new partners each sitting")
    FIXED = "fixed", _("Fixed: partners stay together, opponents change")
    PROGRESSIVE = "progressive", _("Progressive: each table's winners move up a table")
    MANUAL = "manual", _("Manual: a draw to start from, then the organiser places everyone")


class Night(models.Model):
    """A club night of a season: the variant played, how it is seated, and its sittings."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="nights")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="nights")
    date = models.DateField()
    # Every table of the night plays it; its games snapshot it, so editing it later changes none.
    variant = models.ForeignKey("scoresheet.Variant", on_delete=models.PROTECT, related_name="nights")
    mode = models.CharField(max_length=20, choices=SeatingMode.choices, default=SeatingMode.ROTATING)
    sittings_planned = models.PositiveSmallIntegerField(default=3)
    # The tables this night allows, as the season's ``table_shapes``; blank: the season's.
    table_shapes = models.CharField(max_length=60, blank=True, default="")
    # Makes every draw of the night repeatable (the same seed draws the same seating).
    seed = models.CharField(max_length=32, editable=False)
    # A closed night's table links stop working; organisers can still correct its games.
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Deleted: off the lists, its pages and the standings, restorable from "Recently deleted".
    deleted_at = models.DateTimeField(null=True, blank=True)
    # The night's "where do I sit" page for its players, no account: /n/<token>/ (short, for the
    # wall chart's QR code). It shows only this night, and its results once it is closed.
    token = models.CharField(max_length=64, unique=True, default=tokens.short_token, editable=False)
    # The room's screen leaves out the standings while the last planned sitting is played.
    screen_hides_last_standings = models.BooleanField(default=False)
    history = audited(excluded_fields=["seed", "token"])

    objects = SoftDeleteQuerySet.as_manager()  # every night; .live() for the lists, pages and standings

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(mode__in=SeatingMode.values), name="night_known_mode"),
            models.CheckConstraint(
                condition=Q(sittings_planned__gte=1, sittings_planned__lte=20), name="night_sittings_planned_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} night of {self.date:%-d %B %Y}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class Attendance(models.Model):
    """A player checked in at a night. ``from_sitting`` is the first sitting they can be seated in
    (1, or the next one to be drawn for a late arrival); ``present`` is off once they leave."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="attendances")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="attendances")
    from_sitting = models.PositiveSmallIntegerField(default=1)
    present = models.BooleanField(default=True)
    checked_in_at = models.DateTimeField(auto_now_add=True)
    history = audited()

    class Meta:
        ordering = ["night", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="attendance_once_a_night"),
            models.CheckConstraint(condition=Q(from_sitting__gte=1), name="attendance_from_sitting_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.night}"


class Sitting(models.Model):
    """One game of the night at every table (sitting 1, 2, …), and the compromises its draw made."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="sittings")
    number = models.PositiveSmallIntegerField()
    # What the draw could not avoid ("repeat partners: Ann & Bob (2nd time)"), for the organiser:
    # each its kind and what it names ({"kind": "partners", "a": "Ann", "b": "Bob", "time": 2}).
    flags = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    history = audited()

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="sitting_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="sitting_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Sitting {self.number}"


SETTLED_HOW = [
    ("confirmed", "confirmed by the organiser"),
    ("finished", "finished as it stands"),
    ("left_out", "left out"),
]


class Table(models.Model):
    """One table of a sitting. Its game (``scoresheet.Game.table``) holds the teams and rounds.

    ``token`` is the table link: whoever holds it enters and corrects this table's game without
    an account until the night is closed. It is printed on the table pack (so it is kept, not a
    hash of it); renewing it makes the old link answer 404.
    """

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    # Left out of the standings by the organiser, closing the night (a game that cannot be settled:
    # a table that stopped early, a result nobody will vouch for). The reason is in the history.
    left_out = models.BooleanField(default=False)
    # How the organiser settled it (``league.nights.services.table_settle``), said wherever its
    # result is shown (``league.results.settlement``): empty while the table settles itself.
    settled_how = models.CharField(max_length=12, blank=True, default="", choices=SETTLED_HOW)
    settled_reason = models.CharField(max_length=500, blank=True, default="")
    # Finished as it stands: the rounds played of the rounds due when the organiser finished it.
    settled_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    settled_rounds_due = models.PositiveSmallIntegerField(null=True, blank=True)
    # The token is a secret: its history would keep every old link readable in the database.
    history = audited(excluded_fields=["token"])

    class Meta:
        ordering = ["sitting", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Agreement(models.Model):
    """A team of a night table's game agrees with its result, as the game stood at ``at``: a later
    change to the game (a round entered, corrected or taken back, the game reopened) asks again
    (league.results.querysets.agreed). Each team agrees for itself, from the phone it plays on
    (``device``, scoresheet.browser.device.device_id); an organiser may confirm on its behalf (``by``).
    """

    team = models.OneToOneField("scoresheet.Team", on_delete=models.CASCADE, related_name="agreement")
    at = models.DateTimeField()
    device = models.CharField(max_length=64, blank=True)  # the phone that tapped "agrees"
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    history = audited()

    def __str__(self) -> str:
        return f"{self.team} agrees"

    @property
    def by_organiser(self) -> bool:
        return self.by_id is not None


class Seat(models.Model):
    """A player in a team of a table's game: who actually played. When a substitute took the
    seat, ``replaced`` is the player who left: they played the rounds before ``from_round``, the
    substitute (``player``) the rest. Who the game counts for is ``league.results.substitutes``."""

    team = models.ForeignKey("scoresheet.Team", on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    replaced = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats_left")
    # The first round ``player`` played: 1 for the whole game (a substitute before any round).
    from_round = models.PositiveSmallIntegerField(default=1)
    history = audited()

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["team", "player"], name="seat_player_once_a_team"),
            models.CheckConstraint(condition=Q(from_round__gte=1), name="seat_from_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"

    @property
    def who(self) -> str:
        """The seat's player as the night's pages print them: "Zed (for Bob from round 2)"."""
        if self.replaced_id is None:
            return self.player.name
        words = {"player": self.player.name, "left": self.replaced.name, "round": self.from_round}
        if self.from_round > 1:
            return gettext("%(player)s (for %(left)s from round %(round)s)") % words
        return gettext("%(player)s (for %(left)s)") % words


class Bye(models.Model):
    """A player present who sits out a sitting."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")
    history = audited()

    class Meta:
        ordering = ["sitting", "player__name"]
        constraints = [models.UniqueConstraint(fields=["sitting", "player"], name="bye_once_a_sitting")]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.sitting}"


class PlayerClaim(models.Model):
    """ "This is me" from a results email's link, by an account the club cannot tell is the
    player's (its email is not the roster's, and it is no member of the club): it waits for the
    club's organiser to approve it (``league.clubs.claims``). A pending request, not a record: the
    link it makes is kept in the player's history; it is not backed up."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    asked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["asked_at"]
        constraints = [models.UniqueConstraint(fields=["player", "user"], name="player_claim_once")]

    def __str__(self) -> str:
        return f"{self.user} asks to be {self.player}"


class KeptApart(models.Model):
    """Two players of a club whom the draw never seats at one table ("never seat with")."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="kept_apart")
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="kept_apart_once"),
            models.CheckConstraint(condition=Q(first__lt=models.F("second")), name="kept_apart_in_order"),
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} kept apart"


class KeptUpload(models.Model):
    """An uploaded workbook waiting between its preview and its confirm (league.exchange.kept_uploads).

    It is kept in the database, not on one server's disk, so that the confirm may reach any of
    several app servers. Only the member who uploaded it may confirm it, in its club; it is used
    once and swept away once expired.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)  # which import: "results" or "roster"
    token = models.CharField(max_length=64, unique=True)  # the random name the confirm form carries
    data = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.kind} workbook for {self.club}, kept until {self.expires_at}"


class EmailStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")


class ResultEmail(models.Model):
    """A player's results of a closed night, by email: queued when the night closes, sent by
    ``manage.py send_emails`` (league.nights.result_emails), and kept as the night page's log.
    One a player a night, so closing twice or sending twice emails each player once."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="result_emails")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="result_emails")
    address = models.EmailField()
    status = models.CharField(max_length=10, choices=EmailStatus.choices, default=EmailStatus.QUEUED)
    # The site's address the email's links start with, as the organiser's request saw it (or SITE_URL).
    site_url = models.CharField(max_length=200)
    queued_at = models.DateTimeField(auto_now_add=True)
    # Taken by one sender (two senders at once never send it twice); the time it was sent or failed.
    claimed_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["night", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="result_email_once_a_night"),
            models.CheckConstraint(condition=Q(status__in=EmailStatus.values), name="result_email_known_status"),
        ]

    def __str__(self) -> str:
        return f"Results of {self.night} to {self.address} ({self.status})"
