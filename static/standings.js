/* The standings on a projector: when the page is taller than the screen, it pages by
   itself -- a screenful every 12 seconds, then back to the top -- so nobody scrolls. A
   phone (narrow, or touched) keeps its own scrolling.  The page works without it. */
(function () {
  "use strict";
  if (!window.matchMedia || !window.matchMedia("(min-width: 100rem)").matches) return;
  var touched = false;
  ["wheel", "keydown", "touchstart", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, function () { touched = true; }, { passive: true });
  });
  var step = function () {
    if (touched) return;
    var page = document.documentElement, screen = window.innerHeight;
    if (page.scrollHeight <= screen + 8) return;
    var atEnd = window.scrollY + screen >= page.scrollHeight - 8;
    window.scrollTo({ top: atEnd ? 0 : window.scrollY + screen * 0.9, behavior: "smooth" });
  };
  setInterval(step, 12000);
})();
