// A game's pages without the network (PRODUCT.md, "Offline at the table").
//
// - Starts the service worker (/sw.js) where the browser has one (HTTPS, or localhost), and asks
//   it to keep this page, the game's next round form and the static files, so they open again
//   offline; an offline copy says so (the banner).
// - Keeps the queue of rounds saved without the network (round_form.js adds to it), in this
//   browser's localStorage, and sends it in order when the network returns: each save with
//   the key the server knows it by (sent twice, stored once) and the round's version it was
//   based on. A save the server refuses or finds changed meanwhile waits for the scorekeeper,
//   who opens it (round_form.js shows the reasons, or both versions side by side).
// - Says what is waiting, on the game's pages. The totals leave waiting rounds out: they are
//   counted when the server has them (the scoring rules live once, on the server).
//
// Without a service worker the page itself keeps and sends while it stays open.
(function () {
  "use strict";
  var QUEUE = "bookkeeper:queue";
  var RETRY = 15000;  // while something waits, try again this often (and at once when back online)
  var box = document.querySelector("[data-offline]");
  var sending = false;
  var again = false;  // the network came back while a send was failing: try again at once, not in RETRY
  var sentSome = false;
  var retryTimer = null;

  function load() {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
  }

  function store(items) {
    try { localStorage.setItem(QUEUE, JSON.stringify(items)); } catch (e) { /* storage full */ }
    show();
  }

  function enqueue(item) {
    var items = load().filter(function (other) { return other.key !== item.key; });
    items.push(item);
    store(items);
    later();
  }

  function remove(key) {
    store(load().filter(function (item) { return item.key !== key; }));
  }

  function waiting(game) {
    return load().filter(function (item) { return String(item.game) === String(game); });
  }

  // The held save of this form, if any (round_form.js opens it to show why).
  function takeHeld(url) {
    var held = load().filter(function (item) { return item.held && item.url === url; })[0];
    if (!held) return null;
    remove(held.key);
    return held;
  }

  // The next save to send: the first not held, unless a new round is held before it (the rounds
  // after a new round wait for it: they follow it); a held correction blocks nothing.
  function next(items) {
    for (var i = 0; i < items.length; i++) {
      if (!items[i].held) return items[i];
      if (items[i].isNew) return null;
    }
    return null;
  }

  // Why the server refused a save, from the page it sent back: the first box it names (its label
  // and its problem), else the round's first problem.
  function reasonOf(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var box = page.querySelector("#round-form [aria-invalid=true]");
    var field = box && box.closest(".field");
    var label = field && field.querySelector("label");
    var problem = field && field.querySelector(".field-error");
    if (label && problem) return label.textContent.trim() + ": " + problem.textContent.trim();
    var first = page.querySelector(".form-errors li, .warnings-errors li, .conflict h2");
    return first ? first.textContent.trim() : "";
  }

  function send() {
    clearTimeout(retryTimer);
    if (sending) { again = true; return; }
    again = false;
    var waitingNow = load();
    if (!waitingNow.length) return done();
    var item = next(waitingNow);
    if (!item) return show();  // a held new round waits for the scorekeeper: the rounds after it, behind it
    sending = true;
    var body = new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    fetch(item.url, { method: "POST", body: body, redirect: "manual", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        sending = false;
        online(true);
        if (response.type === "opaqueredirect") {
          // Not saved, and never will be (the round was entered on another phone, the game is
          // over): the game page says so, with what this save held.
          remove(item.key);
          sentSome = true;
          return send();
        }
        if (response.status === 400 || response.status === 409) {
          return response.text().then(function (html) {
            hold(item.key, reasonOf(html));
            send();  // what does not follow it goes on
          });
        }
        if (!response.ok) return later();
        return response.json().then(function (answer) {
          if (!answer.saved) return later();
          remove(item.key);
          sentSome = true;
          send();
        });
      })
      .catch(function () {
        sending = false;
        if (again) return send();
        online(false);
        later();
      });
  }

  function hold(key, reason) {
    store(load().map(function (item) {
      if (item.key === key) { item.held = true; item.reason = reason || ""; }
      return item;
    }));
  }

  function later() {
    clearTimeout(retryTimer);
    if (load().length) retryTimer = setTimeout(send, RETRY);
  }

  function done() {
    // Everything is on the server: a game page shows it as the server counts it.
    if (sentSome && !document.getElementById("round-form")) window.location.reload();
  }

  // --- what the page says ----------------------------------------------------------------

  function online(on) {
    var banner = box && box.querySelector("[data-offline-banner]");
    if (!banner) return;
    var copy = document.documentElement.hasAttribute("data-offline-copy");
    banner.hidden = on && !copy;
    if (!banner.hidden) document.querySelectorAll(".messages").forEach(function (list) { list.hidden = true; });
  }

  function words(name, n) {
    return box.dataset[name].replace("{n}", n);
  }

  function show() {
    if (!box) return;
    var items = waiting(box.dataset.game);
    var panel = box.querySelector("[data-waiting]");
    panel.hidden = !items.length;
    box.querySelector("[data-waiting-title]").textContent =
      items.length === 1 ? words("waitingOne", 1) : words("waitingOther", items.length);
    var list = box.querySelector("[data-waiting-list]");
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      if (item.held) {
        li.className = "waiting-held";
        li.textContent = words("roundHeld", item.number) + " ";
        if (item.reason) {
          var why = document.createElement("strong");
          why.className = "waiting-why";
          why.textContent = item.reason;
          li.appendChild(why);
          li.appendChild(document.createTextNode(" "));
        }
        var open = document.createElement("a");
        open.href = item.url;
        open.className = "button";
        open.textContent = words("roundOpen", item.number);
        li.appendChild(open);
      } else {
        li.textContent = words("roundWaiting", item.number);
      }
      list.appendChild(li);
    });
    box.querySelector("[data-no-worker]").hidden = "serviceWorker" in navigator;
    nextRoundLinks(items);
  }

  // "Enter round N" after the rounds waiting here: the sheet as last known does not have them;
  // under the totals, which leave them out, "Round 3 waiting to send".
  function nextRoundLinks(items) {
    var last = 0, first = 0;
    items.forEach(function (item) {
      if (!item.isNew) return;
      last = Math.max(last, item.number);
      first = first ? Math.min(first, item.number) : item.number;
    });
    var note = document.querySelector("[data-scoreboard-waiting]");
    if (note) {
      note.hidden = !last;
      note.textContent = !last ? "" : first === last ? words("nextWaitingOne", last)
        : words("nextWaitingRange", first).replace("{m}", last);
    }
    document.querySelectorAll("a[data-enter-round]").forEach(function (link) {
      var shown = Number(link.dataset.enterRound);
      var next = Math.max(shown, last + 1);
      link.href = link.href.replace(/rounds\/\d+\//, "rounds/" + next + "/");
      link.textContent = link.textContent.replace(String(link.dataset.shownNumber || shown), String(next));
      link.dataset.shownNumber = next;
    });
  }

  // --- the service worker -----------------------------------------------------------------

  function keepForOffline() {
    if (!("serviceWorker" in navigator)) return;
    var urls = [];
    var refresh = navigator.serviceWorker.controller ? [] : [window.location.href];  // opened before the worker ran
    document.querySelectorAll("a[data-enter-round]").forEach(function (link) { urls.push(link.href); });
    if (box && box.dataset.keep) urls.push(new URL(box.dataset.keep, window.location.href).href);
    document.querySelectorAll("link[rel=stylesheet], link[rel=icon], script[src], img[src]").forEach(function (el) {
      var url = new URL(el.href || el.src, window.location.href);
      if (url.origin === window.location.origin) urls.push(url.href);
    });
    navigator.serviceWorker.register("/sw.js", { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function () {
          document.documentElement.dataset.offlineReady = "1";  // a test waits for this
        };
        registration.active.postMessage({ keep: urls, refresh: refresh }, [channel.port2]);
      })
      .catch(function () { /* no worker: the page still keeps and sends while open */ });
  }

  window.BookkeeperOffline = { enqueue: enqueue, waiting: waiting, takeHeld: takeHeld, send: send };
  // The network is back once it stays back a moment: a browser may say "online" for an instant
  // while a tap opens another page offline (Chromium does), and reloading then would undo the tap.
  var SETTLE = 500;
  var settling = null;
  window.addEventListener("online", function () {
    clearTimeout(settling);
    settling = setTimeout(function () {
      if (!navigator.onLine) return;
      online(true);
      var copy = document.documentElement.hasAttribute("data-offline-copy");
      // A sheet as last known, with nothing to send: the sheet as it is now.
      if (copy && !load().length && !document.getElementById("round-form")) return window.location.reload();
      send();
    }, SETTLE);
  });
  window.addEventListener("offline", function () { online(false); });
  online(navigator.onLine);
  show();
  if (!document.documentElement.hasAttribute("data-offline-copy")) keepForOffline();
  send();
})();
