// The service worker (served at /sw.js by scoresheet.browser.offline_views.service_worker): a game's pages
// open again when the hall's network drops.
//
// A game's pages (/g/, /t/, /games/<id>/, /s/ and their round forms), the static files and the
// JavaScript's strings (/i18n/js/<language>/: a French round form offline still speaks French) are
// asked of the network first, and each answer is kept in the cache; without the network the
// kept copy is shown, marked as an offline copy (offline.js then says so on the page). A new
// round's form is kept too as the game's "next round" form: offline, "Enter round 5" opens it
// when round 5's own form was never opened (round_form.js gives it the round's number).
// Nothing is sent from here: the pages keep and send what is waiting (offline.js).
"use strict";

var CACHE = "bookkeeper-offline-{{ version }}";
var GAME_PAGE = /^\/(g|s|t)\/[^/]+\/|^\/games\/\d+\//;
var ROUND_FORM = /^(.*\/)rounds\/\d+\/$/;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  // Older versions' caches go; this worker looks after the open pages at once.
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("bookkeeper-offline-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function kept(url) {
  var path = new URL(url).pathname;
  return path.indexOf("/static/") === 0 || path.indexOf("/i18n/js/") === 0 || GAME_PAGE.test(path);
}

// Where a new round's form is kept besides its own address: the game's "next round" form.
function nextRoundKey(url) {
  var parsed = new URL(url);
  var match = ROUND_FORM.exec(parsed.pathname);
  return match ? parsed.origin + match[1] + "rounds/next/" : null;
}

function keep(request, response) {
  if (!response.ok || response.type !== "basic") return Promise.resolve(response);
  var copy = response.clone();
  return caches.open(CACHE).then(function (cache) {
    var puts = [cache.put(request, copy.clone())];
    if (new URL(request.url).search === "?new" && nextRoundKey(request.url)) {
      puts.push(cache.put(nextRoundKey(request.url), copy));
    }
    return Promise.all(puts);
  }).then(function () { return response; }, function () { return response; });
}

function offlineCopy(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreSearch: true }).then(function (found) {
      var askedNew = new URL(request.url).search === "?new";  // "Enter round N", not a correction
      if (found || request.mode !== "navigate" || !askedNew || !nextRoundKey(request.url)) return found;
      return cache.match(nextRoundKey(request.url));
    });
  }).then(function (found) {
    if (!found) return Response.error();
    if (request.mode !== "navigate") return found;
    // Marked, so the page says it is the sheet as last known (offline.js).
    return found.text().then(function (html) {
      return new Response(html.replace("<html", '<html data-offline-copy="1"'), {
        status: found.status, headers: { "Content-Type": "text/html; charset=utf-8" }
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin || !kept(request.url)) return;
  event.respondWith(
    fetch(request).then(function (response) { return keep(request, response); },
                        function () { return offlineCopy(request); })
  );
});

// A page asks for addresses to be kept now: the game's next round form and its static files (once:
// a page opened later keeps them fresh through the fetch above), and itself, afresh, when it
// opened before this worker looked after it. The answer says they are kept.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var urls = (data.keep || []).concat(data.refresh || []);
  var done = caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      var request = new Request(url, { credentials: "same-origin" });
      var fresh = (data.refresh || []).indexOf(url) >= 0;
      return (fresh ? Promise.resolve(null) : cache.match(request)).then(function (found) {
        if (found) return found;
        return fetch(request).then(function (response) { return keep(request, response); }, function () { return null; });
      });
    }));
  });
  event.waitUntil(done.then(function () {
    if (event.ports[0]) event.ports[0].postMessage({ kept: urls.length });
  }));
});
