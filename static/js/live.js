// Live pages (issue 30): every element with data-live-url is refreshed from that URL while games are
// played. A poll every data-live-seconds (a conditional request: the browser revalidates its copy with
// the ETag and the server answers 304 while nothing changed); the content is replaced only when the
// fragment's data-live-version differs, and polling stops when it carries data-live-final, after
// data-live-limit polls (data-live-stopped is then shown), and pauses while the tab is hidden.
(function () {
  "use strict";
  function versionOf(root) {
    var el = root.querySelector("[data-live-version]");
    return el ? el.getAttribute("data-live-version") : null;
  }
  function follow(box) {
    var url = box.getAttribute("data-live-url");
    var seconds = Math.max(2, parseInt(box.getAttribute("data-live-seconds"), 10) || 3);
    var limit = parseInt(box.getAttribute("data-live-limit"), 10) || 2400;
    var polls = 0, busy = false, timer = null;
    function stop(message) {
      clearInterval(timer);
      if (message) {
        var note = document.createElement("p");
        note.className = "muted live-stopped";
        note.textContent = message;
        box.appendChild(note);
      }
    }
    function poll() {
      if (document.hidden || busy) { return; }
      polls += 1;
      if (polls > limit) { stop(box.getAttribute("data-live-stopped")); return; }
      busy = true;
      fetch(url, {cache: "no-cache", credentials: "same-origin"})
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          busy = false;
          if (html === null) { return; }
          var incoming = document.createElement("div");
          incoming.innerHTML = html;
          if (versionOf(incoming) === versionOf(box)) { return; }
          box.innerHTML = html;
          if (window.htmx) { window.htmx.process(box); }
          box.dispatchEvent(new CustomEvent("live:updated", {bubbles: true}));
          if (box.querySelector("[data-live-final]")) { stop(); }
        })
        .catch(function () { busy = false; });
    }
    timer = setInterval(poll, seconds * 1000);
  }
  document.querySelectorAll("[data-live-url]").forEach(follow);
})();
