/* The standings on a projector (a wide screen): the ranking and the rounds' games each sit
   in a box the height of the screen left below the title; a box taller than that pages by
   itself -- a boxful every 12 seconds, then back to the top -- so the room sees every
   result and nobody scrolls.  A phone (narrow, or touched) keeps its own scrolling.  The
   page works without it (each box then scrolls). */
(function () {
  "use strict";
  if (!window.matchMedia || !window.matchMedia("(min-width: 100rem)").matches) return;
  var touched = false;
  ["wheel", "keydown", "touchstart", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, function () { touched = true; }, { passive: true });
  });
  var board = document.querySelector("[data-projector] .board");
  if (!board) return;
  var fit = function () {
    var top = board.getBoundingClientRect().top + window.scrollY;
    board.style.setProperty("--board-height", Math.max(200, window.innerHeight - top - 8) + "px");
  };
  fit();
  window.addEventListener("resize", fit);
  var boxes = board.querySelectorAll(".ranking, .rounds");
  Array.prototype.forEach.call(boxes, function (box) { box.style.overflow = "hidden"; });
  var step = function () {
    if (touched) return;
    Array.prototype.forEach.call(boxes, function (box) {
      if (box.scrollHeight <= box.clientHeight + 8) return;
      var atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
      box.scrollTo({ top: atEnd ? 0 : box.scrollTop + box.clientHeight * 0.9, behavior: "smooth" });
    });
  };
  setInterval(step, 12000);
})();
