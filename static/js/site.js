// Site-wide behaviour, as a static file: the Content-Security-Policy allows no inline script.
(function () {
  "use strict";
  // The language menu changes the language at once (a Go button is there without JavaScript).
  var lang = document.getElementById("lang-select");
  if (lang) {
    lang.addEventListener("change", function () { lang.form.submit(); });
  }
  // Buttons that print the page.
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
  // A table wider than the screen (the standings' tie-breaks on a phone) says so: a hint above it
  // and a shade on the edge that has more columns (its frame's class "more").
  function scrollCues(root) {
    root.querySelectorAll(".table-wrap[data-scroll-hint]").forEach(function (wrap) {
      var frame = wrap.parentElement;
      var hint = frame.previousElementSibling;
      function update() {
        var wide = wrap.scrollWidth > wrap.clientWidth + 2;
        frame.classList.toggle("more", wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft > 2);
        if (hint && hint.classList.contains("scroll-hint")) { hint.hidden = !wide; }
      }
      if (!wrap.dataset.cued) {
        wrap.dataset.cued = "1";
        wrap.addEventListener("scroll", update, { passive: true });
      }
      update();
    });
  }
  scrollCues(document);
  window.addEventListener("resize", function () { scrollCues(document); });
  // A search box that keeps the rows holding what is typed (names; accents and case ignored).
  function plain(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  function filterRows() {
    document.querySelectorAll("input[data-filter-rows]").forEach(function (box) {
      var wanted = plain(box.value.trim());
      document.querySelectorAll(box.dataset.filterRows).forEach(function (row) {
        row.hidden = wanted !== "" && plain(row.textContent).indexOf(wanted) < 0;
      });
    });
  }
  document.querySelectorAll("input[data-filter-rows]").forEach(function (box) {
    var holder = box.closest("[hidden]");
    if (holder) { holder.hidden = false; }
    box.addEventListener("input", filterRows);
  });
  // The live standings and pairings replace their table when results change (htmx or live.js): cue and
  // filter the new one too.
  function refreshed(event) { scrollCues(event.target); filterRows(); }
  document.body.addEventListener("htmx:afterSwap", refreshed);
  document.body.addEventListener("live:updated", refreshed);
})();
