/* The new-match form (and the referee's and a tournament's choice of rules): only the
   names, seats and house rules the chosen preset and table use.  Progressive
   enhancement: without it every field shows, and the form works the same. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // New match: show only the names and house rules the chosen preset and table use.
  // The referee's choice of rules (#rules-choice) keeps players and house rules in step the same way.
  $$("#new-match, #rules-choice, #new-tournament").forEach(function (nm) {
    var preset = $("#preset", nm), players = $("#players", nm), target = $("#target", nm);
    var sync = function () {
      var opt = preset.options[preset.selectedIndex], n = +players.value;
      if (target) {
        target.placeholder = opt.dataset.target;
        target.closest(".field").hidden = !!opt.dataset.hands;  // so many hands: no target
      }
      var allowed = opt.dataset.players.split(" ");
      $$("option", players).forEach(function (o) { o.disabled = allowed.indexOf(o.value) < 0; });
      $$("fieldset.options", nm).forEach(function (f) { f.hidden = f.dataset.preset !== preset.value; });
      var sides = n === 3 ? 3 : 2, per = n === 6 ? 3 : n === 4 ? 2 : 1;
      $$("fieldset.side", nm).forEach(function (f) {
        var s = +f.dataset.side;
        f.hidden = s > sides;
        $$(".field", f).forEach(function (div, k) {
          // k = 0 is the side name: a one-player side is named after its player.
          div.hidden = k === 0 ? per === 1 : k > per;
        });
      });
    };
    preset.addEventListener("change", sync);
    players.addEventListener("change", sync);
    sync();
  });

  // New match: seats past the table's size hidden; each first-dealer seat named after its player.
  $$("#new-match").forEach(function (nm) {
    var players = $("#players", nm), dealer = $("#first_dealer", nm), p3 = $("#paper_side3", nm);
    var who = function (k, n) {
      var sides = n === 3 ? 3 : 2, seat = $("#seat" + (k + 1), nm);
      if (seat) return seat.value ? seat.options[seat.selectedIndex].text : "";
      var typed = $("#side" + (k % sides + 1) + "_p" + (Math.floor(k / sides) + 1), nm);
      return typed ? typed.value.trim() : "";
    };
    var sync = function () {
      var n = +players.value;
      $$("[data-seat]", nm).forEach(function (d) { d.hidden = +d.dataset.seat > n; });
      if (p3) p3.closest(".field").hidden = n !== 3;
      // Only the table's seats are options (an old phone shows a hidden one all the same).
      while (dealer.options.length > n) dealer.remove(dealer.options.length - 1);
      while (dealer.options.length < n) {
        var o = document.createElement("option");
        o.value = String(dealer.options.length);
        o.dataset.seat = seats[dealer.options.length] || o.value;
        dealer.appendChild(o);
      }
      $$("option", dealer).forEach(function (o, k) {
        o.textContent = o.dataset.seat + (who(k, n) ? " · " + who(k, n) : "");
      });
    };
    var seats = (dealer.dataset.seats || "").split("|");
    $$("option", dealer).forEach(function (o) { o.dataset.seat = o.textContent; });
    nm.addEventListener("input", sync);
    nm.addEventListener("change", sync);
    sync();
  });
})();
