"""A club's nights: clubs/<slug>/nights/… (included from league.urls' ``club_patterns``).

The night pages (list, new, check-in, the night page, draws, seats, closing) are listed here;
a sitting's printed table pack and seating chart come from ``league.nights.pack_urls``, included under
the sitting's own address: the sitting's pages are listed before that include.
"""

from django.urls import include, path

from league.nights import player_views, views

night_patterns = [
    path("", views.night_list, name="night-list"),
    path("new/", views.night_new, name="night-new"),
    path("<int:night_id>/", views.night_detail, name="night-detail"),
    path("<int:night_id>/live/", views.night_live, name="night-live"),
    path("<int:night_id>/history/", views.night_history, name="night-history"),
    path("<int:night_id>/checkin/", views.night_checkin, name="night-checkin"),
    path("<int:night_id>/checkin/<int:player_id>/", views.night_checkin_toggle, name="night-checkin-toggle"),
    path("<int:night_id>/draw/", views.night_draw, name="night-draw"),
    path("<int:night_id>/close/", views.night_close, name="night-close"),
    path("<int:night_id>/close/tables/<int:table_id>/", views.table_settle, name="table-settle"),
    path("<int:night_id>/tables/<int:table_id>/renew/", views.table_renew, name="table-renew"),
    path("<int:night_id>/sittings/<int:number>/", views.sitting_detail, name="sitting-detail"),
    path("<int:night_id>/sittings/<int:number>/swap/", views.sitting_swap, name="sitting-swap"),
    path("<int:night_id>/sittings/<int:number>/substitute/", views.sitting_substitute, name="sitting-substitute"),
    path("<int:night_id>/sittings/<int:number>/cancel/", views.sitting_cancel, name="sitting-cancel"),
    path("<int:night_id>/sittings/<int:number>/", include("league.nights.pack_urls")),
    path("<int:night_id>/", include("league.nights.results_urls")),
    path("<int:night_id>/screen/", player_views.night_screen, name="night-screen"),
    path("<int:night_id>/screen/views/", player_views.night_screen_live, name="night-screen-views"),
    path("<int:night_id>/screen/set/", player_views.night_screen_set, name="night-screen-set"),
]
