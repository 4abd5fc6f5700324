// Print sheets: show as many name boxes as teams (the server refuses a name beyond them).
(function () {
  "use strict";
  var form = document.querySelector(".print-form");
  if (!form) return;
  function update() {
    var checked = form.querySelector("input[name='teams']:checked");
    var n = parseInt(checked ? checked.value : "4", 10);
    form.querySelectorAll("input[name^='name_']").forEach(function (input) {
      var slot = parseInt(input.name.split("_")[1], 10);
      var show = slot <= n || input.value !== "";
      input.closest(".field").hidden = !show;
    });
  }
  form.addEventListener("change", update);
  update();
})();
