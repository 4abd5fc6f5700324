"""The languages Bookkeeper speaks, and which one a page is shown in.

A visitor's page is in the browser's language (``LocaleMiddleware``, from Accept-Language) until
the switch at the foot of every page (``language_switch``) chooses one: the choice is kept in a
cookie. A signed-in member's own choice (on /accounts/me/, or made with the switch while signed
in) is kept on the account (``Preferences``) and put back in that cookie at every sign-in
(``AccountLanguage``), so it follows them to another browser, whatever the browser says.

A club keeps a language too (``Club.language``), for what it sends and prints for its players.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.views.decorators.http import require_POST
from django.views.i18n import set_language


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def usable(code: str | None) -> str | None:
    """``code`` when Bookkeeper speaks it; else None."""
    return code if code in codes() else None


def remember(request, code: str) -> None:
    """Keep a signed-in member's choice on the account."""
    from league.models import Preferences

    if request.user.is_authenticated and usable(code):
        Preferences.objects.update_or_create(user=request.user, defaults={"language": code})


@require_POST
def language_switch(request):
    """Django's ``set_language`` (the cookie, back to ``next``), which a signed-in member's
    account remembers too."""
    response = set_language(request)
    remember(request, request.POST.get("language", ""))
    return response


@receiver(user_logged_in)
def _apply_at_sign_in(sender, request, user, **kwargs):
    """At sign-in the account's language, when it has one, is noted for ``AccountLanguage``."""
    from league.models import Preferences

    code = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if request is not None and usable(code):
        request.account_language = code


def keep_in_cookie(response, code: str) -> None:
    """The language cookie ``LocaleMiddleware`` reads, as Django's ``set_language`` writes it."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class AccountLanguage:
    """The response to a sign-in carries the account's own language in the language cookie, so
    every page after it is in that language, whatever the browser says (no query on other pages)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        code = getattr(request, "account_language", None)
        if code:
            keep_in_cookie(response, code)
        return response
