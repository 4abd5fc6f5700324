// Start a game: show as many name rows as teams, and offer only the team counts the
// chosen variant allows (the server checks the same).
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
(function () {
  "use strict";
  var data = document.getElementById("variant-sides");
  if (!data) return;
  var sides = JSON.parse(data.textContent);
  var form = document.querySelector(".start-form");

  function checked(name) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : null;
  }

  function update() {
    var variant = checked("variant");
    var mode = checked("mode") || "teams";
    var allowed = variant && sides[variant] ? sides[variant][mode] : null;
    form.querySelectorAll("input[name='mode']").forEach(function (input) {
      var counts = variant && sides[variant] ? sides[variant][input.value] : [1];
      input.disabled = counts.length === 0;
    });
    if (allowed && allowed.length === 0) {
      var other = form.querySelector("input[name='mode']:not(:checked):not(:disabled)");
      if (other) { other.checked = true; return update(); }
    }
    form.querySelectorAll("input[name='team_count']").forEach(function (input) {
      input.disabled = !!allowed && allowed.indexOf(parseInt(input.value, 10)) === -1;
    });
    var count = form.querySelector("input[name='team_count']:checked");
    if (count && count.disabled) {
      var first = form.querySelector("input[name='team_count']:not(:disabled)");
      if (first) first.checked = true;
    }
    var n = parseInt(checked("team_count") || "2", 10);
    form.querySelectorAll(".name-row").forEach(function (row) {
      var slot = parseInt(row.dataset.slot, 10);
      row.hidden = slot > n;
      var name = row.querySelector("input[name^='team_']");
      var players = row.querySelector(".players-field");
      var label = row.querySelector("label[for^='id_team_']");
      var seat = (mode === "individuals" ? gettext("Player %s") : gettext("Team %s")).replace("%s", slot);
      var defaults = mode === "individuals" || slot > 2 ? seat : slot === 1 ? gettext("Us") : gettext("Them");
      name.placeholder = defaults;
      label.textContent = seat;
      players.hidden = mode === "individuals";
    });
  }

  form.addEventListener("change", update);
  update();

  // Names typed before. The datalists hold this server's (the page works without this script);
  // this device remembers the line-ups it started games with too (the last 20), listed first.
  // A line-up is [team name, its players]: choosing a name known with its players fills them in.
  var STORE = "bookkeeper.lineups";
  var LIMIT = 20;

  function stored() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list.filter(function (l) {
        return Array.isArray(l) && typeof l[0] === "string" && typeof l[1] === "string";
      }) : [];
    } catch (e) {
      return [];  // storage blocked (private browsing) or spoilt: the server's names still work
    }
  }

  function store(lineups) {
    try { window.localStorage.setItem(STORE, JSON.stringify(lineups.slice(0, LIMIT))); } catch (e) { /* not kept */ }
  }

  function same(a, b) { return a.toLocaleLowerCase() === b.toLocaleLowerCase(); }

  function distinct(lineups) {
    return lineups.filter(function (l, i) {
      return !lineups.slice(0, i).some(function (m) { return same(m[0], l[0]) && same(m[1] || "", l[1] || ""); });
    });
  }

  // This device's names go first in a list; a name already there is not repeated.
  function offer(listId, values) {
    var list = document.getElementById(listId);
    if (!list) return;
    var known = [].map.call(list.options, function (o) { return o.value; });
    var first = list.firstChild;
    values.forEach(function (value) {
      if (!value || known.some(function (k) { return same(k, value); })) return;
      known.push(value);
      var option = document.createElement("option");
      option.value = value;
      list.insertBefore(option, first);
    });
  }

  var device = stored();
  var serverData = document.getElementById("lineups-used");
  var lineups = device.concat(serverData ? JSON.parse(serverData.textContent) : []);
  offer("team-names", device.map(function (l) { return l[0]; }));
  offer("player-names", device.map(function (l) { return l[1]; }));

  form.querySelectorAll(".name-row").forEach(function (row) {
    var name = row.querySelector("input[name^='team_']");
    var players = row.querySelector("input[name^='players_']");
    name.addEventListener("input", function () {
      if (players.value && players.dataset.filled !== players.value) return;  // typed by hand: keep it
      var typed = name.value.trim();
      var known = typed && lineups.find(function (l) { return l[1] && same(l[0], typed); });
      players.value = known ? known[1] : "";
      players.dataset.filled = players.value;
    });
  });

  form.addEventListener("submit", function () {
    var individuals = checked("mode") === "individuals";
    var typed = [];
    form.querySelectorAll(".name-row:not([hidden])").forEach(function (row) {
      var name = row.querySelector("input[name^='team_']").value.trim();
      var players = individuals ? "" : row.querySelector("input[name^='players_']").value.trim();
      if (name || players) typed.push([name, players]);
    });
    store(distinct(typed.concat(device)));
  });
})();
