// Round entry: steppers, the "count cards" switch, the live breakdown (computed by the
// server) and a draft kept in this browser so a reload or a lost connection loses nothing.
(function () {
  "use strict";
  var form = document.getElementById("round-form");
  if (!form) return;
  var draftKey = form.dataset.draftKey;
  var timer = null;
  var pending = null;

  // Steppers: − and + change the number beside them.
  form.addEventListener("click", function (event) {
    var button = event.target.closest(".step");
    if (!button) return;
    var input = button.parentElement.querySelector("input");
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0;
    value = Math.max(0, value + parseInt(button.dataset.step, 10));
    var max = parseInt(input.getAttribute("max"), 10);
    if (!isNaN(max)) value = Math.min(max, value);
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Select the whole number on focus, so typing replaces the 0.
  form.addEventListener("focusin", function (event) {
    if (event.target.matches("input[type=number]")) event.target.select();
  });

  function syncCounting() {
    form.querySelectorAll(".team-col").forEach(function (col) {
      var toggle = col.querySelector("input[name$='-count_cards']");
      col.classList.toggle("counting", !!(toggle && toggle.checked));
    });
  }

  function saveDraft() {
    try {
      var data = {};
      new FormData(form).forEach(function (value, key) {
        if (key !== "csrfmiddlewaretoken") data[key] = value;
      });
      localStorage.setItem(draftKey, JSON.stringify({ saved: Date.now(), data: data }));
    } catch (e) { /* private mode or storage full: the form still works */ }
  }

  function restoreDraft() {
    if (form.dataset.bound === "1") return;  // the server sent back what was typed
    var raw = null;
    try { raw = localStorage.getItem(draftKey); } catch (e) { return; }
    if (!raw) return;
    var draft = JSON.parse(raw);
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
      if (box.name) box.checked = draft.data[box.name] !== undefined;
    });
    Object.keys(draft.data).forEach(function (name) {
      var fields = form.querySelectorAll("[name='" + name.replace(/'/g, "") + "']");
      fields.forEach(function (field) {
        if (field.type === "radio") field.checked = field.value === draft.data[name];
        else if (field.type !== "checkbox" && field.type !== "hidden") field.value = draft.data[name];
      });
    });
    form.querySelector(".draft-notice").hidden = false;
  }

  function preview() {
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(form.dataset.previewUrl, { method: "POST", body: new FormData(form), signal: pending.signal,
                                     headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (result) {
        if (!result) return;
        result.teams.forEach(function (html, i) {
          var box = document.getElementById("breakdown-" + i);
          if (box) box.innerHTML = html;
        });
        document.getElementById("round-warnings").innerHTML = result.warnings;
      })
      .catch(function () { /* offline or aborted: the saved draft and Save still work */ });
  }

  function changed() {
    syncCounting();
    saveDraft();
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", function () {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing to clear */ }
  });
  var discard = form.querySelector("[data-discard-draft]");
  if (discard) discard.addEventListener("click", function () {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing to clear */ }
    window.location.reload();
  });

  restoreDraft();
  syncCounting();
  preview();
})();
