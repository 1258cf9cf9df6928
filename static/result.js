/* Sharing a match's result: its text and its card (a PNG) to the phone's share sheet;
   the text alone where the sheet takes no files; copied to the clipboard where there is
   no share sheet, and the page says so.  Loaded by app.js when Share is first tapped on
   the match page, and by the result page itself; without it, Share is a plain link. */
(function () {
  "use strict";
  var kept = {};  // each link's text and file, fetched once: a second tap shares at once

  // data-result: the result's address, its text at .txt and its card at .png
  // (empty on the match page, whose link is that address).
  function fetched(a) {
    var base = a.dataset.result || a.getAttribute("href");
    if (kept[base]) return Promise.resolve(kept[base]);
    var get = function (ext) {
      return fetch(base + ext, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return ext === ".png" ? r.blob() : r.text(); });
    };
    return Promise.all([get(".txt"), get(".png")]).then(function (both) {
      var file = window.File ? new File([both[1]], a.dataset.name || "canasta.png", { type: "image/png" }) : null;
      return (kept[base] = { text: both[0], file: file });
    });
  }

  function say(a, text) {
    var p = a.parentNode.querySelector("[data-said]");
    if (!p) {
      p = document.createElement("p");
      p.setAttribute("role", "status");
      p.setAttribute("data-said", "");
      a.parentNode.appendChild(p);
    }
    p.textContent = text;
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Plain http on the Wi-Fi has no clipboard API: a selected text area does it.
    var t = document.createElement("textarea");
    t.value = text;
    document.body.appendChild(t);
    t.select();
    var done = document.execCommand("copy");
    t.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  function share(a) {
    return fetched(a).then(function (got) {
      if (!navigator.share) {
        return copy(got.text).then(function () { say(a, a.dataset.copied); });
      }
      var files = got.file ? [got.file] : [];
      var data = navigator.canShare && files.length && navigator.canShare({ files: files })
        ? { text: got.text, files: files } : { text: got.text };
      return navigator.share(data).catch(function (e) {
        if (e && e.name === "AbortError") return;  // closed by its person: nothing to say
        throw e;
      });
    }).catch(function () {
      // Offline: the text and the card are the server's to make; said, not a dead page.
      if (navigator.onLine === false && a.dataset.offline) return say(a, a.dataset.offline);
      // No share sheet, no clipboard, or the tap too long ago: the text to copy by hand.
      var box = document.getElementById("result-text");
      if (box) { box.focus(); box.select(); } else location.href = a.href;
    });
  }

  window.refereeShare = share;
  Array.prototype.forEach.call(document.querySelectorAll("[data-result]"), function (a) {
    if (a.hasAttribute("data-js")) {  // the match page's: app.js hands its taps on
      if (a.hasAttribute("data-tapped")) share(a);  // the tap that loaded this file
      a.removeAttribute("data-tapped");
      return;
    }
    a.hidden = false;  // the result page's button, which needs this file
    fetched(a).catch(function () {});  // ready before the tap: the sheet opens at once
    a.addEventListener("click", function (e) {
      e.preventDefault();
      share(a);
    });
  });
})();
