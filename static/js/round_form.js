// Round entry: one-tap picks, the "count cards" switch, the live breakdown and totals bar (computed
// by the server), Enter moving to the next field, and saving.
//
// What is typed is kept in this browser (a draft in localStorage) until the server has
// confirmed the save: a reload, a lost connection or a server error loses nothing. Save
// sends the form with fetch so the draft is forgotten only on the server's "saved" answer;
// without JavaScript the form posts as usual.
//
// Each save carries a key (a uuid made here, kept while the values stay as they are), so a
// save sent twice is stored once. Without the network the save is kept on this phone and
// sent by itself when the network returns (offline.js): with a service worker the game page
// opens (as last known) listing it; without one, this page stays, ready for the next round.
var gettext = window.gettext || function (s) { return s; };  // the page's language (i18n/js/), else English
var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
(function () {
  "use strict";
  var form = document.getElementById("round-form");
  if (form) init(form, null);

  // A refused save: the screen moves to the first problem (both versions of a conflict, else the
  // first box to correct, else the round's own problems) and its box takes the focus; the bar
  // says how many problems there are.
  function showFirstProblem(root) {
    var first = root.querySelector(".conflict") || root.querySelector("[aria-invalid=true]")
      || root.querySelector(".form-errors, .warnings-errors, .field-error");
    if (!first) return;
    // Each problem the server refused is listed at the top and told again at its box: count the
    // list (counting both said 6 problems for 3); the phone's own checks are told at the boxes only.
    var count = root.querySelectorAll(".form-errors li, .warnings-errors li").length
      || root.querySelectorAll(".field-error").length;
    if (count && !root.querySelector(".conflict")) {
      var status = root.querySelector(".bar-status");
      status.textContent = ngettext("%s problem: see above.", "%s problems: see above.", count).replace("%s", count);
      status.hidden = false;
    }
    var box = first.matches("input, textarea, select") ? first
      : (first.closest(".field") || root).querySelector("[aria-invalid=true], textarea, input:not([type=hidden])");
    first.scrollIntoView({ block: "center" });
    if (box && !first.matches(".conflict")) box.focus({ preventScroll: true });
  }

  // Offline, the phone checks what it can before it keeps a round to send: each box's limits and
  // kind, as the page has them from the server's field table (its min and max, whole numbers).
  // Each problem is told beside its box; the round is not kept until they are put right.
  function checkBoxes(root) {
    var problems = 0;
    root.querySelectorAll("input[type=number]").forEach(function (input) {
      var old = document.getElementById(input.id + "-offline-error");
      if (old) { old.remove(); input.removeAttribute("aria-invalid"); }
      var v = input.validity;
      var message = v.badInput || v.stepMismatch ? gettext("Whole numbers only.")
        : v.rangeOverflow ? gettext("At most %s here.").replace("%s", shown(input.max))
        : v.rangeUnderflow ? gettext("At least %s here.").replace("%s", shown(input.min)) : "";
      if (!message) return;
      problems += 1;
      var note = document.createElement("p");
      note.className = "field-error";
      note.id = input.id + "-offline-error";
      note.textContent = message;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", note.id);
      (input.closest(".field") || input.parentNode).appendChild(note);
    });
    return problems;
  }

  function shown(number) {
    return Number(number).toLocaleString(document.documentElement.lang || undefined);
  }

  function init(form, previousDraftKey) {
    var offline = window.BookkeeperOffline;
    var held = offline ? offline.takeHeld(form.action) : null;
    var asked = /rounds\/(\d+)\/$/.exec(window.location.pathname);
    if (!held && isNew(form) && asked && asked[1] !== form.dataset.number) {
      // Offline, the game's next round form as last known, opened for a later round.
      renumber(form, Number(asked[1]));
    }
    var draftKey = form.dataset.draftKey;
    var save = form.querySelector("button[type=submit]");
    var saveLabel = save.textContent;
    var status = form.querySelector(".bar-status");
    var timer = null;
    var pending = null;
    var saving = false;
    var saveKey = held ? held.key : null;

    // One-tap picks: 0 to 4 set the count beside them (a bigger count is typed in its box).
    form.addEventListener("click", function (event) {
      var pick = event.target.closest(".pick");
      if (!pick) return;
      var input = pick.closest(".field").querySelector("input[type=number]");  // the count, never a tick box
      input.value = pick.dataset.pick;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });

    function syncPicks() {
      form.querySelectorAll(".picks").forEach(function (picks) {
        var value = picks.closest(".field").querySelector("input").value.trim();
        picks.querySelectorAll(".pick").forEach(function (pick) {
          pick.setAttribute("aria-pressed", String(pick.dataset.pick === (value === "" ? "0" : value)));
        });
      });
    }

    // Select the whole number on focus, so typing replaces the 0.
    form.addEventListener("focusin", function (event) {
      if (event.target.matches("input[type=number]")) event.target.select();
    });

    // Enter (the keypad's "Next") moves to the next field to type in: down the team's column,
    // then on to the next team. It never saves: only the Save button does. The last field
    // lets go of the keypad, so the bar with Save is in view.
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.isComposing) return;
      var field = event.target;
      if (!field.matches("input") || field.type === "submit" || field.type === "button") return;
      event.preventDefault();
      var next = typingFields().filter(function (other) {
        return field.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
      })[0];
      if (next) next.focus();
      else field.blur();
    });

    function typingFields() {
      return Array.prototype.filter.call(form.querySelectorAll("input"), function (input) {
        var typed = ["number", "text", "tel"].indexOf(input.type) >= 0;
        return typed && !input.disabled && shown(input);
      });
    }

    function shown(input) {
      var closed = input.closest("details:not([open])");  // "Other adjustment" while folded
      if (closed && !closed.querySelector("summary").contains(input)) return false;
      return input.getClientRects().length > 0;  // not in the other mode (count cards or points)
    }

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

    function forgetDraft(key) {
      try { localStorage.removeItem(key); } catch (e) { /* nothing to forget */ }
    }

    function restoreDraft() {
      var raw = null;
      try { raw = localStorage.getItem(draftKey); } catch (e) { return; }
      if (!raw) return;
      fill(JSON.parse(raw).data);
      form.querySelector(".draft-notice").hidden = false;
    }

    function fill(data) {
      form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
        if (box.name) box.checked = data[box.name] !== undefined;
      });
      Object.keys(data).forEach(function (name) {
        var fields = form.querySelectorAll("[name='" + name.replace(/'/g, "") + "']");
        fields.forEach(function (field) {
          if (field.type === "radio") field.checked = field.value === data[name];
          else if (field.type !== "checkbox" && field.type !== "hidden") field.value = data[name];
        });
      });
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
            var box = form.querySelector("#breakdown-" + i);
            if (box) box.innerHTML = html;
          });
          form.querySelector("#round-warnings").innerHTML = result.warnings;
          if (result.bar !== undefined) form.querySelector("#round-bar").innerHTML = result.bar;
          markLiveErrors();
        })
        .catch(function () { /* offline or aborted: the saved draft and Save still work */ });
    }

    // A box the live check refuses is marked invalid and described by its message in the team's
    // breakdown (a screen reader reads it on the box); the last check's marks come off first.
    function markLiveErrors() {
      form.querySelectorAll("[data-live-marked]").forEach(function (box) {
        restore(box, "aria-describedby", box.dataset.describedBefore);
        restore(box, "aria-invalid", box.dataset.invalidBefore);
        delete box.dataset.liveMarked;
      });
      form.querySelectorAll(".breakdown-errors [data-for]").forEach(function (item) {
        var box = document.getElementById(item.dataset.for);
        if (!box) return;
        if (!box.dataset.liveMarked) {
          box.dataset.describedBefore = box.getAttribute("aria-describedby") || "";
          box.dataset.invalidBefore = box.getAttribute("aria-invalid") || "";
          box.dataset.liveMarked = "1";
        }
        box.setAttribute("aria-describedby", ((box.getAttribute("aria-describedby") || "") + " " + item.id).trim());
        box.setAttribute("aria-invalid", "true");
      });
    }

    function restore(box, name, value) {
      if (value) box.setAttribute(name, value);
      else box.removeAttribute(name);
    }

    function changed() {
      saveKey = null;  // other values: another save
      syncCounting();
      syncPicks();
      saveDraft();
      clearTimeout(timer);
      timer = setTimeout(preview, 250);
    }

    // --- saving ----------------------------------------------------------------------------

    function setSaving(on) {
      saving = on;
      save.disabled = on;
      save.textContent = on ? gettext("Saving…") : saveLabel;
    }

    function notSaved(why) {
      setSaving(false);
      status.textContent = gettext("Round %(number)s was not saved: %(why)s Everything you typed is kept here; press Save again.")
        .replace("%(number)s", form.dataset.number).replace("%(why)s", why);
      status.hidden = false;
    }

    function refused(html) {
      // The server refused the round and sent the form back with its reasons: show it in
      // place of this one, with everything that was typed.
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("round-form");
      if (!fresh) return notSaved(gettext("the server's answer could not be read."));
      clearTimeout(timer);
      if (pending) pending.abort();
      form.replaceWith(fresh);
      init(fresh, draftKey);
      showFirstProblem(fresh);
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (saving) return;  // a second tap while the first save is on its way
      status.hidden = true;
      setSaving(true);
      var data = new FormData(form);
      // The button pressed goes along, as in a plain post: "Save anyway" carries what it confirms.
      if (event.submitter && event.submitter.name) data.append(event.submitter.name, event.submitter.value);
      saveKey = saveKey || newKey();
      data.set("save_key", saveKey);
      fetch(form.action, { method: "POST", body: data, redirect: "manual",
                           headers: { "X-Requested-With": "fetch" } })
        .then(function (response) {
          if (response.type === "opaqueredirect") {
            // Not saved: the round can no longer be entered (the game is over); the game page says so.
            window.location.assign(form.dataset.gameUrl);
            return;
          }
          // 400: refused, with the reasons; 409: someone else saved the round, both shown side by side
          if (response.status === 400 || response.status === 409) return response.text().then(refused);
          if (!response.ok) return notSaved(gettext("the server failed (error %s).").replace("%s", response.status));
          return response.json().then(function (answer) {
            if (!answer.saved) return notSaved(gettext("the server did not confirm it."));
            forgetDraft(draftKey);  // the server has it now
            window.location.assign(answer.url);
          });
        })
        .catch(function () {
          if (!offline) return notSaved(gettext("the connection to the server was lost."));
          keepToSend(data);
        });
    });

    // The network is down, or the answer was lost: the save waits on this phone, with its key.
    function keepToSend(data) {
      if (checkBoxes(form)) {  // it would be refused when sent: put right here, now
        setSaving(false);
        showFirstProblem(form);
        return;
      }
      var fields = [];
      data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
      var number = Number(form.dataset.number);
      offline.enqueue({ key: saveKey, game: form.dataset.game, number: number, url: form.action,
                        isNew: isNew(form), fields: fields });
      forgetDraft(draftKey);  // the queue holds it now
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        window.location.assign(form.dataset.gameUrl);  // opens as last known, with what is waiting
        return;
      }
      // No service worker: this page keeps it and sends it, and takes the next round here.
      var kept = form.dataset.kept.replace("{n}", number);
      setSaving(false);
      if (!isNew(form)) {
        status.textContent = kept;
        status.hidden = false;
        return;
      }
      var fresh = form.cloneNode(true);
      fresh.reset();
      fresh.querySelectorAll(".breakdown-live").forEach(function (live) { live.textContent = ""; });
      renumber(fresh, number + 1);
      fresh.querySelector(".bar-status").textContent = kept;
      fresh.querySelector(".bar-status").hidden = false;
      clearTimeout(timer);
      if (pending) pending.abort();
      form.replaceWith(fresh);
      window.history.replaceState(null, "", fresh.action + "?new");
      init(fresh, null);
    }

    // Back to this page from the game page (the browser's page cache): ready to save again.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) setSaving(false);
    });

    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    var keepTheirs = form.querySelector("[data-keep-theirs]");
    if (keepTheirs) keepTheirs.addEventListener("click", function () {
      forgetDraft(draftKey);  // their round stands: what was typed here is not kept
    });
    var discard = form.querySelector("[data-discard-draft]");
    if (discard) discard.addEventListener("click", function () {
      forgetDraft(draftKey);
      window.location.reload();
    });

    if (held) {
      // A save sent from the queue that the server refused or found changed meanwhile: sent
      // again from here, so the answer shows why, or both versions side by side.
      var values = {};
      held.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
      fill(values);
      form.querySelector("input[name=version]").value = values.version;
      form.dataset.ready = "1";
      form.requestSubmit();
      return;
    }
    if (form.dataset.bound === "1") {
      // The server sent back what was typed (a refused save): keep it as the draft, under this
      // form's key (a conflict brings the round's new version).
      saveDraft();
      if (previousDraftKey && previousDraftKey !== draftKey) forgetDraft(previousDraftKey);
    } else {
      restoreDraft();
    }
    syncCounting();
    syncPicks();
    preview();
    form.dataset.ready = "1";  // the taps are wired (a test waits for this before it taps)
  }

  function isNew(form) {
    return form.querySelector("input[name=version]").value === "new";
  }

  // The form for another round number: its address, heading, Save button and draft.
  function renumber(form, number) {
    var old = form.dataset.number;
    var swap = function (text) { return text.replace(new RegExp("\\b" + old + "\\b"), String(number)); };
    var round = function (url) { return url.replace(/rounds\/\d+\//, "rounds/" + number + "/"); };
    form.action = round(form.action);
    form.dataset.previewUrl = round(form.dataset.previewUrl);
    form.dataset.draftKey = form.dataset.draftKey.replace(":" + old + ":", ":" + number + ":");
    form.dataset.number = String(number);
    document.title = swap(document.title);
    var heading = document.querySelector("h1");
    if (heading) heading.textContent = swap(heading.textContent);
    var save = form.querySelector("button.bar-save");
    save.textContent = swap(save.textContent);
  }

  // A uuid (version 4) for a save: crypto.randomUUID is there on HTTPS only, getRandomValues everywhere.
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }
})();
