// A "Copy" button copies the text of the field its data-copy names; the field selects itself when tapped.
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]");
  if (!button) return;
  var field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) return;
  navigator.clipboard.writeText(field.value).then(function () {
    button.textContent = gettext("Copied");
  });
});
document.addEventListener("focusin", function (event) {
  if (event.target.matches("[data-select-on-focus]")) event.target.select();
});
