// "Where do I sit?": the list of the night's names narrows as you type, accents and case aside
// ("zoe" finds "Zoë"), as the server's search does (league.nights.player_view.folded). Each name
// carries its folded form in data-name. Without this script the form asks the server.
(function () {
  "use strict";
  var input = document.querySelector("[data-find]");
  if (!input) return;
  var list = document.getElementById(input.dataset.find);
  var none = document.querySelector("[data-find-none]");

  function folded(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().split(/\s+/).join(" ").trim();
  }

  function narrow() {
    var wanted = folded(input.value);
    var shown = 0;
    list.querySelectorAll("li[data-name]").forEach(function (item) {
      var match = item.dataset.name.indexOf(wanted) !== -1;
      item.hidden = !match;
      if (match) shown += 1;
    });
    if (none) none.hidden = shown > 0;
  }

  input.addEventListener("input", narrow);
  narrow();
})();
