// "Your games on this device", kept in the browser too: the server's list lives in the session,
// which ends when its cookie does; this small list (localStorage, at most 20 games) keeps each
// game's play address so the home page can still offer it afterwards.
// A game page opened at its play address has [data-my-game]: it is noted (latest first).
// The home page has [data-my-games]: the noted games the session does not know are added there.
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
(function () {
  "use strict";
  var KEY = "bookkeeper.games";
  var KEEP = 20;

  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter(function (g) { return g && g.id && g.url; }) : [];
    } catch (error) {
      return [];  // storage blocked or junk in it: nothing to offer
    }
  }

  function save(list) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
    } catch (error) {
      // private browsing with no storage: the session's list is all there is
    }
  }

  var game = document.querySelector("[data-my-game]");
  if (game) {
    var entry = { id: game.dataset.id, url: game.dataset.url, name: game.dataset.name };
    // The same game under a renewed address replaces its old entry.
    save([entry].concat(load().filter(function (g) { return g.id !== entry.id; })));
  }

  var box = document.querySelector("[data-my-games]");
  if (!box) return;
  // The session's games (listed above, or deleted on purpose) are not offered again here.
  var known = {};
  (box.dataset.known || "").split(" ").forEach(function (id) { known[id] = true; });
  var more = load().filter(function (g) { return !known[g.id]; });
  if (!more.length) return;
  var list = box.querySelector("ul");
  more.forEach(function (g) {
    var link = document.createElement("a");
    link.className = "game-item";
    link.href = g.url;
    var title = document.createElement("span");
    title.className = "game-item-title";
    title.textContent = g.name || gettext("A game");
    link.appendChild(title);
    var item = document.createElement("li");
    item.appendChild(link);
    list.appendChild(item);
  });
  box.hidden = false;
})();
