// A list of names that narrows as you type ("Where do I sit?", the roster): accents, ligatures and
// case aside ("zoe" finds "Zoë", "aegir" finds "Ægir"), as the server's search does
// (league.clubs.names.finds; static/js/search_key.js). The box's data-find names the lists (ids,
// space-separated); each name's li carries its key in data-name. Without this script the form
// asks the server.
(function () {
  "use strict";
  var input = document.querySelector("[data-find]");
  if (!input) return;
  var lists = input.dataset.find.split(" ").map(function (id) { return document.getElementById(id); })
    .filter(Boolean);
  var none = document.querySelector("[data-find-none]");

  function narrow() {
    var shown = 0;
    lists.forEach(function (list) {
      list.querySelectorAll("li[data-name]").forEach(function (item) {
        var match = window.bookkeeperNames.finds(input.value, item.dataset.name);
        item.hidden = !match;
        if (match) shown += 1;
      });
    });
    if (none) none.hidden = shown > 0;
  }

  input.addEventListener("input", narrow);
  narrow();
})();
