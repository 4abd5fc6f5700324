"""The languages Bookkeeper speaks, and which one a page is shown in.

A visitor's page is in the browser's language (``LocaleMiddleware``, from Accept-Language) until
the switch at the foot of every page (``language_switch``) chooses one: the choice is kept in a
cookie. A signed-in member's own choice (on /accounts/me/, or made with the switch while signed
in) is kept on the account (``Preferences``), copied into the session at sign-in and applied to
every page they open (``AccountLanguage``), whatever the browser says.

A club keeps a language too (``Club.language``), for what it sends and prints for its players.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

SESSION_KEY = "language"


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def usable(code: str | None) -> str | None:
    """``code`` when Bookkeeper speaks it; else None."""
    return code if code in codes() else None


def remember(request, code: str) -> None:
    """Keep a signed-in member's choice on the account and in the session."""
    from league.models import Preferences

    if request.user.is_authenticated and usable(code):
        Preferences.objects.update_or_create(user=request.user, defaults={"language": code})
        request.session[SESSION_KEY] = code


@require_POST
def language_switch(request):
    """Django's ``set_language`` (the cookie, back to ``next``), which a signed-in member's
    account remembers too."""
    response = set_language(request)
    remember(request, request.POST.get("language", ""))
    return response


@receiver(user_logged_in)
def _apply_at_sign_in(sender, request, user, **kwargs):
    """At sign-in the account's language, when it has one, becomes the session's."""
    from league.models import Preferences

    code = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if request is not None and usable(code):
        request.session[SESSION_KEY] = code


class AccountLanguage:
    """A signed-in member's own language, kept in the session at sign-in, wins over the browser's
    and the cookie's (after ``LocaleMiddleware`` and ``AuthenticationMiddleware``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        code = usable(request.session.get(SESSION_KEY)) if hasattr(request, "session") else None
        if code and request.user.is_authenticated:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return self.get_response(request)
