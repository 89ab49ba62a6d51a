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
})();
