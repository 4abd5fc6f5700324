// "Who deals first?" on the start form: list the seats, as the names are typed, in the order
// the deal goes round. The same rule as scoresheet/scoring/dealing.py (which checks the choice): the
// players, alternating between the teams, when every team names as many; otherwise the teams.
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
(function () {
  "use strict";
  var select = document.getElementById("id_first_dealer");
  if (!select) return;
  var form = select.form;
  var SEPARATORS = /\s*(?:&|,|\/|\+|\band\b)\s*/i;

  function checked(name, fallback) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : fallback;
  }

  function defaultName(slot, mode) {  // forms.default_name
    if (mode === "individuals") return gettext("Player %s").replace("%s", slot);
    return slot === 1 ? gettext("Us") : slot === 2 ? gettext("Them") : gettext("Team %s").replace("%s", slot);
  }

  function seats() {
    var mode = checked("mode", "teams");
    var count = parseInt(checked("team_count", "2"), 10);
    var teams = [];
    for (var slot = 1; slot <= count; slot++) {
      var name = form.elements["team_" + slot];
      var players = form.elements["players_" + slot];
      teams.push({
        name: (name && name.value.trim()) || defaultName(slot, mode),
        players: mode === "teams" && players ? players.value.trim().split(SEPARATORS).filter(Boolean) : [],
      });
    }
    var size = teams[0].players.length;
    var byPlayers = size > 0 && teams.every(function (t) { return t.players.length === size; });
    if (!byPlayers) return teams.map(function (t) { return t.name; });
    var labels = [];
    for (var k = 0; k < size; k++) {
      teams.forEach(function (t) { labels.push(t.players[k] + " (" + t.name + ")"); });
    }
    return labels;
  }

  function update() {
    var chosen = select.value;
    var labels = seats();
    while (select.options.length > 1) select.remove(1);  // the first is "Not chosen"
    labels.forEach(function (label, i) { select.add(new Option(label, String(i))); });
    select.value = chosen !== "" && parseInt(chosen, 10) < labels.length ? chosen : "";
  }

  function onEdit(event) { if (event.target !== select) update(); }
  form.addEventListener("input", onEdit);
  form.addEventListener("change", onEdit);
  update();
})();
