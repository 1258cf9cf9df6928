/* Progressive enhancement only: every page works without this file. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // Card picker: tap ranks, then send them to the field a button names (data-to):
  // as a new line (data-put="line"), added to the end ("add"), or in place of it ("set").
  // Where the rules have runs, a suit chosen first goes with each rank after it (not jokers).
  $$(".picker").forEach(function (p) {
    var cards = [], out = $("output", p), suit = "";
    var show = function () { out.textContent = cards.length ? cards.join(" ") : "—"; };
    var choose = function (s) {
      suit = s;
      $$("[data-suit]", p).forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.suit === s)); });
    };
    p.hidden = false;
    p.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.suit) choose(suit === b.dataset.suit ? "" : b.dataset.suit);
      else if (b.dataset.card) cards.push(b.dataset.card + (suit && b.dataset.card !== "X" ? suit : ""));
      else if (b.dataset.times && cards.length) {
        // A rank, then how many: the last card's run grows (or shrinks) to that many.
        var last = cards[cards.length - 1], run = 0;
        while (run < cards.length && cards[cards.length - 1 - run] === last) run++;
        cards = cards.slice(0, cards.length - run);
        for (var k = 0; k < +b.dataset.times; k++) cards.push(last);
      }
      else if (b.dataset.act === "back") cards.pop();
      else if (cards.length && b.dataset.to) {
        var el = document.getElementById(b.dataset.to), text = cards.join(" "), old = el.value.trim();
        el.value = b.dataset.put === "set" ? text
          : b.dataset.put === "line" ? (old ? old + "\n" : "") + text : (old + " " + text).trim();
        cards = [];
        choose("");
        el.dispatchEvent(new Event("input", { bubbles: true }));
      }
      show();
    });
  });

  // Steppers: − and + beside a count, drawn disabled by the page so nothing moves now.
  $$("[data-step]").forEach(function (b) {
    var input = $("input", b.parentNode);
    b.disabled = false;
    b.addEventListener("click", function () {
      input.value = Math.max(0, (+input.value || 0) + +b.dataset.step);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // Joining: copy the read-only link (a selected text area: it works over plain http on
  // the Wi-Fi, where there is no clipboard API), or hand it to the phone's share sheet.
  var sh = $("[data-share]");
  if (sh) {
    sh.hidden = false;
    var copy = $("[data-copy]", sh), send = $("[data-share-url]", sh);
    copy.addEventListener("click", function () {
      var t = document.createElement("textarea");
      t.value = copy.dataset.copy;
      document.body.appendChild(t);
      t.select();
      if (document.execCommand("copy")) copy.textContent = copy.dataset.done;
      t.remove();
    });
    if (navigator.share) {
      send.hidden = false;
      send.addEventListener("click", function () {
        navigator.share({ url: send.dataset.shareUrl }).catch(function () {});
      });
    }
  }

  // Share the result: its script (result.js) loaded at the first tap, not with the page.
  $$("[data-js]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      if (!window.fetch || !window.Promise) return;  // the link, to the page to copy from
      e.preventDefault();
      if (window.refereeShare) return window.refereeShare(a);
      a.setAttribute("data-tapped", "");
      var s = document.createElement("script");
      s.src = a.dataset.js;
      document.head.appendChild(s);
    });
  });

  // Other phones: poll the match's version and reload when a hand is added or changed.
  // The poll names the version this page shows (If-None-Match: the server's ETag is the
  // version in quotes), so while nothing changes it is answered 304, with no body.
  var m = $("main[data-poll]");
  if (m && window.fetch) {
    var shown = { "If-None-Match": '"' + m.dataset.version + '"' };
    setInterval(function () {
      if (document.hidden) return;
      fetch(m.dataset.poll, { cache: "no-store", headers: shown })
        .then(function (r) { return r.status === 200 ? r.json() : null; })
        .then(function (d) {
          if (d && String(d.version) !== m.dataset.version) location.reload();
        }).catch(function () {});
    }, 1000 * (+m.dataset.every || 3));
  }

  // A tournament's round clock on a table's match page: the minutes left, a warning in
  // the last ten, and the end; the server wrote the same words when it made the page.
  var clock = $("[data-clock-end]");
  if (clock) {
    var end = Date.parse(clock.dataset.clockEnd);
    var tick = function () {
      var left = Math.ceil((end - Date.now()) / 60000);
      clock.classList.toggle("warn", left <= 10);
      clock.textContent = left <= 0 ? clock.dataset.over
        : (left <= 10 ? clock.dataset.warn : clock.dataset.left).replace("%(n)s", left);
    };
    if (!isNaN(end)) { tick(); setInterval(tick, 15000); }
  }
})();
