"""Clubs and their members (shared/design/PRODUCT.md, "The league").

Every league row hangs off a club, and every query filters by it: no club sees another's.
A member is an account with a role in one club; one person can be a member of several
clubs with different roles.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Role(models.TextChoices):
    """What a member may do in a club, each role including the ones below it."""

    VIEWER = "viewer", "Viewer"  # reads the club's pages
    SCOREKEEPER = "scorekeeper", "Scorekeeper"  # starts and enters the club's games
    ORGANISER = "organiser", "Organiser"  # everything in the club

    @classmethod
    def rank(cls, role: str) -> int:
        return [cls.VIEWER, cls.SCOREKEEPER, cls.ORGANISER].index(role)


class Club(models.Model):
    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


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
    phone = models.CharField(max_length=40, blank=True)
    active = models.BooleanField(default=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

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
