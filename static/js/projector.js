// The projector: cycles the slides and shows the clock (a static file: the CSP allows no inline script).
(function () {
  // Cycle through the slides; keep the position when htmx replaces them with fresh ones.
  var box = document.getElementById("slides");
  var index = parseInt(box.dataset.start, 10) || 0, seconds = parseInt(box.dataset.seconds, 10) || 15;
  function show() {
    var slides = document.querySelectorAll("#slides .slide");
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
  document.body.addEventListener("htmx:afterSwap", show);
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === " ") { index += 1; show(); }
    if (e.key === "ArrowLeft") { index = Math.max(0, index - 1); show(); }
    if (e.key === "f" && document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  });
  show(); tick();
})();
