/* Games pages: arrow keys step through the board, "which path?" buttons rewrite an ambiguous
   capture, optional click-from / click-to move entry. Plain JavaScript, no build step. */
(function () {
  "use strict";

  function movesBox() { return document.getElementById("id_moves"); }

  function changed(box) {
    // Re-validate through htmx (the textarea listens for "moves-changed").
    box.dispatchEvent(new Event("moves-changed", { bubbles: true }));
  }

  // Arrow keys: previous / next move, Home / End: start / end (not while typing).
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var map = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    var nav = map[ev.key];
    if (!nav) return;
    var button = document.querySelector('.board-box [data-nav="' + nav + '"]');
    if (button) { ev.preventDefault(); button.click(); }
  });

  document.addEventListener("click", function (ev) {
    var alt = ev.target.closest && ev.target.closest("button.alt");
    if (alt) {
      // Replace the ambiguous move (by its offsets in the text) with the chosen full path.
      var box = movesBox();
      if (!box) return;
      var start = parseInt(alt.dataset.start, 10), end = parseInt(alt.dataset.end, 10);
      box.value = box.value.slice(0, start) + alt.dataset.replacement + box.value.slice(end);
      changed(box);
      return;
    }
    var toggle = ev.target.closest && ev.target.closest("#click-entry");
    if (toggle) {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      document.body.classList.toggle("click-entry", on);
      return;
    }
    var sq = ev.target.closest && ev.target.closest(".board-svg .sq");
    if (sq && document.body.classList.contains("click-entry")) {
      var selected = document.querySelector(".board-svg .sq.selected");
      if (!selected) { sq.classList.add("selected"); return; }
      selected.classList.remove("selected");
      if (selected === sq) return;
      var rowStep = Math.abs(parseFloat(sq.getAttribute("y")) - parseFloat(selected.getAttribute("y")));
      var cell = parseFloat(sq.getAttribute("height"));
      // One diagonal step is an ordinary move; longer ones are written as captures (the reader
      // matches on the squares, so a king's long move is still found).
      var sep = rowStep > cell * 1.5 ? "x" : "-";
      var box2 = movesBox();
      if (!box2) return;
      var text = box2.value.replace(/\s+$/, "");
      box2.value = (text ? text + " " : "") + selected.dataset.square + sep + sq.dataset.square + " ";
      changed(box2);
    }
  });

  // Forms that act on the moves being typed (draw claims) send the textarea's text along.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.classList || !form.classList.contains("with-moves")) return;
    var box = movesBox(), hidden = form.querySelector('input[name="moves"]');
    if (box && hidden) hidden.value = box.value;
  });

  // "Save each move as I enter it" (issue 30): once the move check of the box comes back without an
  // irregular move or a reading error, the text is saved for the spectators (games:save_moves with
  // HX-Request: a plain-text answer shown next to the box). Never the same text twice, nor while the
  // same text is on its way (two move checks can settle for one text); only the latest answer shows.
  var lastSaved = null, sending = null, sent = 0;
  document.addEventListener("htmx:afterSettle", function () {
    var toggle = document.getElementById("live-save");
    var box = movesBox();
    var check = document.getElementById("moves-check");
    if (!toggle || !toggle.checked || !box || !check) return;
    var text = box.value.trim();
    if (check.querySelector(".irregular, .error, .unreached") || text === lastSaved || text === sending) return;
    var form = box.form;
    var token = form && form.querySelector("input[name=csrfmiddlewaretoken]");
    var data = new FormData();
    data.append("moves", box.value);
    if (token) data.append("csrfmiddlewaretoken", token.value);
    var status = document.getElementById("live-save-status");
    var number = ++sent;
    sending = text;
    fetch(toggle.getAttribute("data-save-url"), {method: "POST", body: data, credentials: "same-origin",
                                                 headers: {"HX-Request": "true"}})
      .then(function (response) {
        if (response.ok) lastSaved = text;
        if (sending === text) sending = null;
        return response.text().then(function (words) {
          if (status && number === sent) {
            status.textContent = words;
            status.className = "small " + (response.ok ? "ok" : "error");
          }
        });
      })
      .catch(function () { if (sending === text) sending = null; });
  });
})();
