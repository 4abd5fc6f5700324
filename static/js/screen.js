// The room's screen: its views (seating by name, table progress, the night's standings) take
// turns, one at a time, every data-every seconds; every data-refresh seconds the views are fetched
// again and put in place of the old ones (the view on show stays, by its id). Two timers and one
// box whose contents are replaced: nothing piles up, so it runs all night. A failed fetch keeps
// the views it has and tries again at the next turn.
(function () {
  "use strict";
  var screen = document.querySelector("[data-screen]");
  if (!screen) return;
  var box = screen.querySelector("[data-screen-views]");
  var every = Math.max(1, Number(screen.dataset.every) || 12) * 1000;
  var refresh = Math.max(1, Number(screen.dataset.refresh) || 25) * 1000;
  var shown = 0;
  var refreshes = 0;

  function views() {
    return box.querySelectorAll(".screen-view");
  }

  function show(index) {
    var all = views();
    if (!all.length) return;
    shown = index % all.length;
    all.forEach(function (view, n) { view.hidden = n !== shown; });
    fit(all[shown]);
    screen.dataset.showing = all[shown].dataset.view;  // a test waits for this, not for the clock
  }

  // The view's type as large as fits the screen: from 96 px down to 48 px (a projector across a
  // hall), the view above the screen's bottom, nothing past its right edge, and no word wider than
  // its line (a long name wraps between its words, whole).
  var LARGEST = 96, SMALLEST = 48;

  function fits(view) {
    if (view.getBoundingClientRect().bottom > window.innerHeight) return false;
    if (view.scrollWidth > view.clientWidth + 1) return false;
    return !Array.prototype.some.call(view.querySelectorAll("li, tr"), function (row) {
      return row.scrollWidth > row.clientWidth + 1;
    });
  }

  // The seating's names take as many columns as make the type largest: from the page's count (by
  // how many names) up to three, when long names wrapped on two lines need more room.
  var MOST_COLUMNS = 3;

  function fit(view) {
    var names = view.querySelector(".screen-names");
    if (names && !names.dataset.columns) names.dataset.columns = (names.className.match(/screen-columns-(\d)/) || [0, 3])[1];
    var first = names ? Number(names.dataset.columns) : 1;
    var last = names ? MOST_COLUMNS : first;
    for (var size = LARGEST; size >= SMALLEST; size -= 4) {
      view.style.fontSize = size + "px";
      for (var columns = first; columns <= last; columns++) {
        if (names) names.className = "screen-names screen-columns-" + columns;
        if (fits(view)) return;
      }
    }
    view.style.fontSize = SMALLEST + "px";
    if (names) names.className = "screen-names screen-columns-" + last;
    overflow(view);
  }

  // What does not fit even at 48 px (many long names, wrapped on two lines) goes on a view of its
  // own, shown next: the view's last rows move to a copy of it until the view fits.
  function rows(view) {
    return view.querySelectorAll("tbody tr, ul > li");
  }

  function overflow(view) {
    if (rows(view).length < 2) return;
    var more = view.cloneNode(true);
    more.id = view.id + "-more";
    more.hidden = true;
    Array.prototype.forEach.call(rows(more), function (row) { row.remove(); });
    var into = more.querySelector("tbody, ul");
    while (!fits(view) && rows(view).length > 1) {
      var all = rows(view);
      into.insertBefore(all[all.length - 1], into.firstChild);
    }
    view.parentNode.insertBefore(more, view.nextSibling);
  }

  function reload() {
    var was = views()[shown];
    var id = was ? was.id : "";
    fetch(screen.dataset.screen, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        box.innerHTML = html;
        var base = id.replace(/(-more)+$/, "");  // a view split on this screen: its first part
        var again = Array.prototype.findIndex.call(views(), function (view) { return view.id === base; });
        show(again < 0 ? 0 : again);
        screen.dataset.refreshes = String(++refreshes);
      })
      .catch(function () { /* keep what is shown; the next refresh tries again */ });
  }

  show(0);
  // Measured again once the fonts are in, and when the window changes (a projector plugged in late).
  if (document.fonts) document.fonts.ready.then(function () { show(shown); });
  window.addEventListener("resize", function () { show(shown); });
  setInterval(function () { show(shown + 1); }, every);
  setInterval(reload, refresh);
})();
