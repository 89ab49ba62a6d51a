// The projector: fits each list to the screen, cycles the slides and shows the clock (a static file:
// the CSP allows no inline script).
(function () {
  "use strict";
  var box = document.getElementById("slides");
  var index = parseInt(box.dataset.start, 10) || 0, seconds = parseInt(box.dataset.seconds, 10) || 15;
  // The server sends each list (a round's boards, the standings) whole, as one slide. Here it is cut
  // into screenfuls of what fits: the rows shrink from the full size down to SMALLEST (still legible
  // across a hall) before a list is split, and a split list gets pages of equal size (15 boards on
  // 1920x1080 fit on one screen; 30 players make two pages of 15, not 12 + 12 + 6).
  var SMALLEST = 0.7;  // of the full font size
  var original = box.innerHTML;

  function rowsFitting(section, table) {
    var main = box.getBoundingClientRect();
    var top = table.tBodies[0].getBoundingClientRect().top;
    return main.bottom - top - 4;  // the height left for the rows
  }

  function fit(section) {
    // Only a list that is the slide's own table is cut; a team event's match cards fit by their CSS.
    var table = section.querySelector(":scope > table");
    if (!table || !table.tBodies.length) return [section];
    var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
    if (!rows.length) return [section];
    section.hidden = false;
    var room = rowsFitting(section, table);
    var height = body.getBoundingClientRect().height / rows.length;  // one row at the full size
    var perPage = Math.max(1, Math.floor(room / (height * SMALLEST)));
    var pages = Math.ceil(rows.length / perPage);
    perPage = Math.ceil(rows.length / pages);  // equal pages
    var full = parseFloat(getComputedStyle(table).fontSize);
    var scale = Math.min(1, room / (perPage * height));
    var rest = rows.slice(perPage);
    rows.slice(perPage).forEach(function (r) { body.removeChild(r); });
    section.querySelector("h1 .page").textContent = pages > 1 ? "1/" + pages : "";
    // Padding and borders do not shrink with the font: shrink a little more until the page fits.
    for (var tries = 0; tries < 12; tries++) {
      table.style.fontSize = (full * scale).toFixed(2) + "px";
      if (body.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom - 2) break;
      scale *= 0.97;
    }
    var out = [section];
    for (var p = 1; p < pages; p++) {
      var copy = section.cloneNode(true);
      var copyBody = copy.querySelector("tbody");
      while (copyBody.firstChild) copyBody.removeChild(copyBody.firstChild);
      rest.slice((p - 1) * perPage, p * perPage).forEach(function (r) { copyBody.appendChild(r); });
      copy.querySelector("h1 .page").textContent = (p + 1) + "/" + pages;
      out.push(copy);
    }
    section.hidden = true;
    return out;
  }

  // A team event's match cards: a name wider than its column (a long team or player name) shrinks first
  // the team names of the headings, from 1.2 to 1 times the players' size, then the cards' font, a step at
  // a time down to SMALLEST, until every name is whole.
  // Measured to the fraction of a pixel: scrollWidth is rounded, and the ellipsis shows for less.
  function cut(grid, selector) {
    var range = document.createRange();
    return Array.prototype.some.call(grid.querySelectorAll(selector), function (c) {
      var style = getComputedStyle(c);
      var room = c.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      range.selectNodeContents(c);
      return range.getBoundingClientRect().width > room + 0.01;
    });
  }

  function fitNames(grid) {
    var section = grid.closest(".slide");
    section.hidden = false;
    var headings = grid.querySelectorAll(".match h2"), heading = 1.2;
    while (cut(grid, "h2 .team") && heading > 1) {
      heading = Math.max(1, heading - 0.04);
      headings.forEach(function (h) { h.style.fontSize = heading.toFixed(2) + "em"; });
    }
    var full = parseFloat(getComputedStyle(grid).fontSize), scale = 1;
    while (cut(grid, "td.player, h2 .team") && scale > SMALLEST) {
      scale = Math.max(SMALLEST, scale * 0.96);
      grid.style.fontSize = (full * scale).toFixed(2) + "px";
    }
    section.hidden = true;
  }

  function layout() {
    box.innerHTML = original;
    // A team event's match cards: their size follows the rows of cards and the boards of a match (the
    // CSP allows no style attribute in the page, so the numbers come as data and are set here).
    box.querySelectorAll(".match-grid").forEach(function (grid) {
      grid.style.setProperty("--rows", grid.dataset.rows);
      grid.style.setProperty("--boards", grid.dataset.boards);
    });
    box.querySelectorAll(".slide").forEach(function (s) { s.hidden = true; });
    box.querySelectorAll(".match-grid").forEach(fitNames);
    var sections = Array.prototype.slice.call(box.querySelectorAll(".slide"));
    sections.forEach(function (s) { s.hidden = true; });
    sections.forEach(function (s) {
      var pages = fit(s);
      var after = s;
      pages.slice(1).forEach(function (page) { after.after(page); after = page; });
      pages.forEach(function (page) { page.hidden = true; });
    });
    show();
  }

  function show() {
    var slides = box.querySelectorAll(".slide");
    if (!slides.length) return;
    index = index % slides.length;
    slides.forEach(function (s, i) { s.hidden = i !== index; });
  }

  function tick() {
    var now = new Date();
    document.getElementById("clock").textContent = now.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  }

  setInterval(function () { index += 1; show(); }, seconds * 1000);
  setInterval(tick, 10000);
  // live.js brings fresh slides when results change (a poll every few seconds, answered 304 while
  // nothing changed): keep them as sent, fit them again, keep the position.
  box.addEventListener("live:updated", function () { original = box.innerHTML; layout(); });
  window.addEventListener("resize", layout);
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === " ") { index += 1; show(); }
    if (e.key === "ArrowLeft") { index = Math.max(0, index - 1); show(); }
    if (e.key === "f" && document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  });
  layout(); tick();
})();
