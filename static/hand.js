/* The hand form's live preview: each side's score for the hand and the match total as
   typed so far, and the rules each side breaks, quoted as the server will say them when the
   hand is sent.  Loaded by the hand form only; the form works without it. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  var hf = $("#hand-form");

  if (!hf) return;

  // Who went out is a choice the form cannot be sent without: said in the app's words.
  var choices = $$('input[name="out"]', hf);
  // "Went out concealed" means something only when a side went out: offered then, and
  // otherwise kept in its place unseen (nothing below moves) and not sent.
  var concealed = $("#out_concealed", hf), box = concealed && concealed.closest(".field");
  var offer = function () {
    if (!box) return;
    var out = $('input[name="out"]:checked', hf), on = !!out && out.value !== "none";
    concealed.disabled = !on;
    box.classList.toggle("off", !on);
  };
  choices.forEach(function (radio) {
    radio.addEventListener("invalid", function () { radio.setCustomValidity(hf.dataset.out); });
    radio.addEventListener("change", function () {
      choices.forEach(function (r) { r.setCustomValidity(""); });
      offer();
    });
  });
  offer();

  // Live preview of each side's score while the hand is typed.
  if (window.fetch) {
    var timer, outs = $$(".preview output", hf);
    // The problems found, each quoted from its book, as the server will say them; what the
    // server already says there (``said``, list items) is not said twice.
    var show = function (list, found, said) {
      if (!list) return;
      list.textContent = "";
      said = said.map(function (li) { return li.textContent; }).join("\n");
      found.forEach(function (p) {
        if (said.indexOf(p.message) >= 0) return;
        var li = document.createElement("li");
        li.textContent = p.message;
        if (p.rule) {
          var rule = document.createElement("span"), cite = document.createElement("cite");
          rule.className = "rule";
          rule.textContent = hf.dataset.rule + ": “" + p.rule + "” ";
          cite.textContent = p.source || "";
          rule.appendChild(cite);
          li.appendChild(rule);
        }
        list.appendChild(li);
      });
    };
    $$(".preview", hf).forEach(function (p) { p.hidden = false; });
    // A field typed wrong: its reason beside it (after its row), as the server says it when
    // the hand is sent, and the field marked; the previous round's taken away first.
    var beside = function (errors) {
      $$(".preview-field", hf).forEach(function (ul) { ul.remove(); });
      $$("[data-preview-invalid]", hf).forEach(function (f) {
        f.removeAttribute("aria-invalid");
        f.removeAttribute("data-preview-invalid");
      });
      var loose = [];  // no such field on the page: said on its side's list instead
      errors.forEach(function (e) {
        var input = e.field && document.getElementById(e.field);
        var place = input && input.closest(".row, .field, fieldset");
        if (!place) { loose.push(e); return; }
        var server = document.getElementById(e.field + "-err");
        if (server && server.textContent.indexOf(e.problem || e.message) >= 0) return;
        var ul = $('.preview-field[data-for="' + e.field + '"]', hf);
        if (!ul) {
          ul = document.createElement("ul");
          ul.className = "errors preview-field";
          ul.id = e.field + "-perr";
          ul.dataset.for = e.field;
          place.parentNode.insertBefore(ul, place.nextSibling);
        }
        var li = document.createElement("li"), who = e.side == null ? null : $("#who" + e.side);
        if (who) {
          var span = document.createElement("span");
          span.className = "who-says";
          span.textContent = who.textContent + ": ";
          li.appendChild(span);
        }
        li.appendChild(document.createTextNode(e.message));
        ul.appendChild(li);
        if (!input.getAttribute("aria-invalid")) {
          input.setAttribute("aria-invalid", "true");
          input.setAttribute("data-preview-invalid", "");
        }
      });
      return loose;
    };
    var update = function () {
      var q = new URLSearchParams(new FormData(hf));
      q.delete("csrf_token");
      fetch(hf.dataset.preview + (hf.dataset.preview.indexOf("?") < 0 ? "?" : "&") + q, { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          // Every field typed wrong (a server before this said only the first), and each
          // side free of them scored all the same.
          var errors = d.errors || (d.error ? [{ message: d.error, side: d.side }] : []);
          var scored = d.sides || d.scored || [], loose = beside(errors);
          outs.forEach(function (o, i) {
            var side = scored[i], found = ((side && side.problems) || []).slice();
            loose.forEach(function (e) { if (e.side === i) found.push(e); });
            o.textContent = side ? side.shown + (found.length ? " (" + hf.dataset.check + ")" : "") : "…";
            show($(".preview-problems[data-side='" + i + "']", hf), found,
              $$("ul.errors[data-side='" + i + "']:not(.preview-problems) li", hf));
          });
          // A field of the whole hand typed wrong, and the rules the hand as a whole breaks.
          var general = (d.general || []).concat(loose.filter(function (e) { return e.side == null; }));
          show($(".preview-problems.general", hf), general, $$(".problems li"));
        }).catch(function () {});
    };
    hf.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(update, 250); });
    update();
  }
})();
