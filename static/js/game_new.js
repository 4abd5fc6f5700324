// Start a game: show as many name rows as teams, and offer only the team counts the
// chosen variant allows (the server checks the same).
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
      var defaults = mode === "individuals" ? "Player " + slot : (slot === 1 ? "Us" : slot === 2 ? "Them" : "Team " + slot);
      name.placeholder = defaults;
      label.textContent = (mode === "individuals" ? "Player " : "Team ") + slot;
      players.hidden = mode === "individuals";
    });
  }

  form.addEventListener("change", update);
  update();
})();
