"""A sitting's printouts: clubs/<slug>/nights/<night_id>/sittings/<number>/… (from league.night_urls)."""

urlpatterns = []
