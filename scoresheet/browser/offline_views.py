"""The service worker that opens a game's pages again offline (templates/scoresheet/service_worker.js).

It is served from the site's root, so that it may look after every game's door (/g/, /t/,
/games/<id>/, /s/); browsers only run it on HTTPS or on localhost.
"""

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe

# Part of the cache's name: a new number drops what older workers kept (change it when what is
# kept, or how, changes).
CACHE_VERSION = "2"  # 2: the JavaScript's strings are kept too


@require_safe
def service_worker(request):
    script = render_to_string("scoresheet/service_worker.js", {"version": CACHE_VERSION})
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new version is seen on the next visit
    response["Service-Worker-Allowed"] = "/"
    return response
