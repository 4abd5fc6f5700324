// The night page keeps itself up to date: every 5 seconds it asks the server for its sittings
// part again and swaps it in, without reloading the page. The scroll position, open parts and
// the place being read stay put, and so does the keyboard: a link or button that had the focus
// has it again after the swap (found by its id). The time stamp is not announced to screen
// readers (it changes every 5 seconds). Nothing is asked while the tab is hidden.
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
(function () {
  "use strict";
  var box = document.querySelector("[data-live]");
  if (!box) return;
  var stamp = document.querySelector("[data-live-stamp]");
  var EVERY = 5000;
  var timer = null;
  var last = comparable(box.innerHTML);
  var refreshes = 0;

  // Each answer carries fresh form tokens: compare without them, so an unchanged page is left alone.
  function comparable(html) {
    return html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");
  }

  function time() {
    var now = new Date();
    return [now.getHours(), now.getMinutes(), now.getSeconds()]
      .map(function (n) { return String(n).padStart(2, "0"); })
      .join(":");
  }

  function swap(html) {
    var key = comparable(html);
    if (key === last) return;
    last = key;
    var x = window.scrollX, y = window.scrollY;
    var focused = box.contains(document.activeElement) ? document.activeElement.id : "";
    box.innerHTML = html;
    var again = focused && document.getElementById(focused);
    if (again) again.focus({ preventScroll: true });
    window.scrollTo(x, y);
  }

  function refresh() {
    clearTimeout(timer);  // asked early (back on the tab): the one scheduled is not needed
    timer = null;
    fetch(box.dataset.live, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        swap(html);
        if (stamp) stamp.textContent = gettext("Updated %s").replace("%s", time());
      })
      .catch(function () {
        if (stamp) stamp.textContent = gettext("Could not update at %s: trying again.").replace("%s", time());
      })
      .then(function () {
        box.dataset.refreshes = String(++refreshes);  // a test waits for this, not for the clock
        schedule();
      });
  }

  function schedule() {
    clearTimeout(timer);
    timer = document.hidden ? null : setTimeout(refresh, EVERY);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
      timer = null;
    } else {
      refresh(); // back on the tab: show the news at once
    }
  });
  if (stamp) stamp.textContent = gettext("Updated %s").replace("%s", time());
  schedule();
})();
