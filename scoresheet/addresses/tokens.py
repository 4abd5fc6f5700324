"""The secrets in game addresses: a game's play token (/g/<token>/) and its share token
(/s/<token>/, read only), and a night table's link (/t/<token>/).

Each is a long random value (32 random bytes, 43 characters), looked up by its exact value
and then compared here, in constant time, so how long the comparison takes says nothing about
how much of a guess was right. A wrong or revoked token finds nothing: the page answers 404.
"""

from __future__ import annotations

import hmac
import re
import secrets

# The longest token any address carries (token_urlsafe(32) gives 43 characters).
MAX_LENGTH = 64
# What token_urlsafe writes: anything else (a NUL, which PostgreSQL refuses in a query) is no token.
TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9_-]+")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def short_token() -> str:
    """A short random value (9 random bytes, 12 characters) for an address that only reads, printed
    as a QR code that must scan from arm's length: a night's "where do I sit" page (/n/<token>/)."""
    return secrets.token_urlsafe(9)


def same_token(stored: str, given: str) -> bool:
    """Whether ``given`` is the token ``stored``: the one comparison of every token."""
    if not stored or not given or len(given) > MAX_LENGTH:
        return False
    return hmac.compare_digest(stored.encode(), given.encode())


def may_be_token(given: str) -> bool:
    """Whether ``given`` is worth looking up at all: not empty, not too long, of a token's characters."""
    return bool(given) and len(given) <= MAX_LENGTH and TOKEN_CHARACTERS.fullmatch(given) is not None
