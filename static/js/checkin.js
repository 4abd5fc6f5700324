// Check-in: the search box filters the roster as you type, and a tap on a name ticks it in or
// out in place (the form is sent with fetch). Without JavaScript the search is a normal GET
// (?q=) and each tick a normal form post that comes back to the list.
(function () {
  "use strict";
  var list = document.querySelector("[data-checkin]");
  if (!list) return;
  var search = document.querySelector("[data-filter]");
  var none = document.querySelector("[data-none]");
  var count = document.querySelector("[data-present-count]");
  var problem = document.querySelector("[data-checkin-error]");

  // Each name's key (data-name) is the server's league.clubs.names.search_key: "aegir" finds Ægir.
  function filter() {
    var shown = 0;
    list.querySelectorAll("li[data-name]").forEach(function (item) {
      var hit = window.bookkeeperNames.finds(search.value, item.dataset.name);
      item.hidden = !hit;
      if (hit) shown += 1;
    });
    if (none) none.hidden = shown !== 0;
  }

  function show(answer, form) {
    var button = form.querySelector("button");
    button.setAttribute("aria-pressed", answer.present ? "true" : "false");
    form.querySelector("input[name=present]").value = answer.present ? "0" : "1";
    form.querySelector("[data-note]").textContent = answer.note;
    if (count) count.textContent = answer.count;
    if (problem) {
      problem.textContent = answer.error;
      problem.hidden = !answer.error;
    }
  }

  if (search) search.addEventListener("input", filter);

  list.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    if (form.dataset.busy) return; // one tap at a time per name
    form.dataset.busy = "1";
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        show(answer, form);
      })
      .catch(function () {
        form.submit(); // the server's own answer, as without JavaScript
      })
      .then(function () {
        delete form.dataset.busy;
      });
  });
})();
