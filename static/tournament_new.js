/* The new tournament's form: the American Canasta Society's game is American's.  Loaded by
   that page only; the form works without it. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var nt = $("#new-tournament");
  if (!nt) return;
  // New tournament: the American Canasta Society's game (3 hands at 125, 155, 180) is
  // American's; another preset opens by the score, unless the director typed minimums.
  var preset = $("#preset", nt), mins = $("#minimums", nt), hint = $("#minimums-hint", nt);
  if (!preset || !mins) return;
  var acs = "125, 155, 180", typed = mins.value !== "" && mins.value !== acs;
  mins.addEventListener("input", function () { typed = true; });
  var sync = function () {
    var american = preset.value === "american";
    if (hint) hint.hidden = !american;
    if (!typed) mins.value = american ? acs : "";
  };
  preset.addEventListener("change", sync);
  sync();

  // The victory points' settings only where the ranking is by them.
  var ranking = $("#ranking", nt), vp = $("#vp-fields", nt);
  if (ranking && vp) {
    var show = function () { vp.hidden = ranking.value !== "vp"; };
    ranking.addEventListener("change", show);
    show();
  }
})();
