/* The phone side of working offline (see referee/web/offline.py): the service worker,
   the "offline" and "kept on this phone" notes, sending kept forms when the connection
   is back, the screen kept awake while scoring, and the install button.
   Progressive enhancement: without it, or where the browser lacks a part, pages work
   as before. */
(function () {
  "use strict";
  var html = document.documentElement, main = document.getElementById("main");
  var me = document.currentScript || {};  // its data-sw and data-root: the worker, its scope
  var texts = document.getElementById("phone-texts");
  var say = function (key, values) {
    var text = texts ? texts.getAttribute("data-" + key) || "" : "";
    Object.keys(values || {}).forEach(function (k) { text = text.replace("%(" + k + ")s", values[k]); });
    return text;
  };
  var note = function (text, kind) {
    if (!main || !text) return;
    var p = document.createElement("p");
    p.className = "flash " + kind;
    p.setAttribute("role", "status");
    p.textContent = text;
    main.insertBefore(p, main.firstChild);
  };

  if (!window.isSecureContext || !("serviceWorker" in navigator)) {
    // Plain http on a LAN address: everything works as before, but nothing is kept.
    var https = document.getElementById("https-note");
    if (https && !window.isSecureContext) https.hidden = false;
  } else {
    navigator.serviceWorker.register(me.dataset.sw, { scope: me.dataset.root })
      .catch(function () { /* e.g. a private window: the app works as before */ });
  }

  // A page the service worker served from this phone's copy, the connection being down.
  if (main && main.hasAttribute("data-offline-since")) {
    var since = main.getAttribute("data-offline-since"), time = "";
    if (since) {
      time = new Date(since).toLocaleTimeString(html.lang, { hour: "2-digit", minute: "2-digit" });
    }
    note(say(since ? "since" : "offline", { time: time }), "offline");
    // The kept page's one-time tokens were used (or will be): each form sent from it
    // gets a new one, so two hands typed offline are two hands.
    Array.prototype.forEach.call(document.querySelectorAll('form input[name="token"]'), function (input) {
      var bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      input.value = btoa(String.fromCharCode.apply(null, bytes))
        .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    });
  }
  if (main && main.hasAttribute("data-kept")) {
    note(say("kept", { n: main.getAttribute("data-kept") }), "kept");
  }

  // The first hand kept offline asks the browser to keep this phone's saved hands for
  // good (once: its answer stands), and from then on the match page says whether it will.
  var storage = navigator.storage, asked = null;
  try { asked = localStorage.getItem("referee-persist"); } catch (e) { /* not kept */ }
  var kept = function (granted) {
    var hands = document.getElementById("hands"), p = document.getElementById("persist");
    if (!hands) return;  // not a match page
    if (!p) {
      p = document.createElement("p");
      p.id = "persist";
      p.className = "muted";
      hands.appendChild(p);
    }
    p.textContent = say(granted ? "persist-yes" : "persist-no");
  };
  if (storage && storage.persist && main && main.hasAttribute("data-kept") && !asked) {
    try { localStorage.setItem("referee-persist", "1"); } catch (e) { /* asked anyway */ }
    storage.persist().then(kept, function () {});
  } else if (storage && storage.persisted && asked) {
    storage.persisted().then(kept, function () {});
  }
  try {
    var sent = sessionStorage.getItem("referee-sent");
    if (sent) {
      sessionStorage.removeItem("referee-sent");
      note(say("sent", { n: sent }), "sent");
    }
  } catch (e) { /* storage off: the ledger shows the hands anyway */ }

  // Send what was kept, oldest first, once the server answers again.
  var sending = false;
  function resubmit(item) {
    // Refused (the match moved on, or the form is wrong): the form comes back from the
    // server with its reason and everything typed, as if sent just now.
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.action;
    new URLSearchParams(item.body).forEach(function (value, name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }
  function sendKept() {
    if (sending || typeof RefereeQueue === "undefined" || !window.indexedDB) return Promise.resolve();
    sending = true;
    var done = 0, landed = null;
    var next = function () {
      return RefereeQueue.all().then(function (items) {
        if (!items.length) return null;
        var item = items[0];
        return fetch(item.action, {
          method: "POST",
          body: item.body,
          credentials: "same-origin",
          headers: { "Content-Type": "application/x-www-form-urlencoded" }
        }).then(function (answer) {
          return RefereeQueue.remove(item.id).then(function () {
            if (answer.ok && answer.redirected) {
              done += 1;
              landed = answer.url;
              return next();
            }
            resubmit(item);
            return "refused";
          });
        }, function () { return null; });  // still no connection: try again later
      });
    };
    var run = function () { return next(); };
    var locked = navigator.locks ? navigator.locks.request("referee-queue", run) : run();
    return locked.then(function (outcome) {
      sending = false;
      if (outcome !== "refused" && done) {
        try { sessionStorage.setItem("referee-sent", String(done)); } catch (e) { /* fine */ }
        location.replace(landed);
      }
    }, function () { sending = false; });
  }
  if (window.indexedDB && window.isSecureContext) {
    window.addEventListener("online", sendKept);
    // onLine may say "online" while the server is out of reach: look again now and then.
    setInterval(function () { if (navigator.onLine) sendKept(); }, 5000);
    if (navigator.onLine) sendKept();
  }

  // The screen stays on while a match or a hand form is open and visible.
  var wake = document.getElementById("wake"), lock = null;
  if (main && main.hasAttribute("data-wake") && wake && "wakeLock" in navigator) {
    var label = document.getElementById("wake-switch");
    try { wake.checked = localStorage.getItem("referee-wake") !== "off"; } catch (e) { /* on */ }
    label.hidden = false;
    var hold = function () {
      if (!wake.checked || document.visibilityState !== "visible" || lock) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        html.dataset.awake = "on";
        sentinel.addEventListener("release", function () { lock = null; html.dataset.awake = "off"; });
      }, function () { html.dataset.awake = "refused"; });
    };
    wake.addEventListener("change", function () {
      try { localStorage.setItem("referee-wake", wake.checked ? "on" : "off"); } catch (e) { /* fine */ }
      if (wake.checked) hold(); else if (lock) lock.release();
    });
    document.addEventListener("visibilitychange", hold);  // released by the browser when hidden
    hold();
  }

  // "Add to home screen", where the browser offers it.
  var install = document.getElementById("install"), offer = null;
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    offer = event;
    if (install) install.hidden = false;
  });
  if (install) {
    install.addEventListener("click", function () {
      if (!offer) return;
      offer.prompt();
      offer = null;
      install.hidden = true;
    });
  }
})();
