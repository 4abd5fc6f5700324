"""A club's nights: clubs/<slug>/nights/… (included from league.urls' ``club_patterns``).

The night pages (list, new, check-in, the night page, draws, seats, closing) are listed here;
a sitting's printed table pack and seating chart come from ``league.pack_urls``.
"""

from django.urls import include, path

night_patterns = [
    path("<int:night_id>/sittings/<int:number>/", include("league.pack_urls")),
]
