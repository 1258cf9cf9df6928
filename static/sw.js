/* Canasta Referee's service worker: the app shell and the pages this phone opened,
   kept for when the connection drops, and the hand forms sent offline kept in a
   queue (queue.js) that the pages send when it comes back.
   Served at /sw.js by referee/web/offline.py, which fills in VERSION (a hash of
   every static file and this one) and SHELL: a new asset is a new worker, whose
   activation deletes every older cache, so no phone keeps an old script. */
"use strict";
var VERSION = "__VERSION__";
var SHELL = __SHELL__;          // URLs cached at install: home, offline page, assets
var QUEUED = __QUEUED__;        // regular expression source: the posts kept offline
var OFFLINE_PAGE = "__OFFLINE__";
var SAVED_PAGE = "__SAVED__";   // the plain "Saved on this phone" page
var CACHE = "referee-" + VERSION;
var PAGES_KEPT = 60;            // pages kept at most; the oldest go first (see trim)

importScripts("__QUEUE_JS__");

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(SHELL); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (k) { return k !== CACHE; })
          .map(function (k) { return caches.delete(k); }));
      })
      .then(function () { return self.clients.claim(); })
      .then(keepOpenPages)
  );
});

// The page this worker was installed from came before it, so nothing kept it: fetch
// the pages now in its charge again and keep them, so that a phone whose first page
// was a match (a link in a message, a QR code) has that match offline too.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    return Promise.all(windows.map(function (client) {
      var request = new Request(client.url);
      return caches.match(request, { ignoreVary: true }).then(function (kept) {
        if (kept) return null;
        return fetch(request).then(function (response) {
          var type = response.headers.get("Content-Type") || "";
          if (response.ok && !response.redirected && type.indexOf("text/html") === 0) {
            return keep(request, response);
          }
        });
      }).catch(function () { /* no connection already: nothing to keep */ });
    }));
  });
}

// The pages a phone opened, at most PAGES_KEPT of them: every match a phone watched
// over a season would otherwise pile up.  The shell is never trimmed.
function trim(cache) {
  return cache.keys().then(function (requests) {
    var pages = requests.filter(function (r) { return SHELL.indexOf(new URL(r.url).pathname) < 0; });
    var extra = pages.length - PAGES_KEPT;
    return Promise.all(pages.slice(0, Math.max(0, extra)).map(function (r) { return cache.delete(r); }));
  });
}

function keep(request, response) {
  // A page as it was, with the moment it was fetched (shown when offline).
  return response.clone().text().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set("X-Kept-At", new Date().toISOString());
    return caches.open(CACHE).then(function (cache) {
      return cache.delete(request, { ignoreVary: true })
        .then(function () {
          return cache.put(request, new Response(body, { status: 200, headers: headers }));
        })
        .then(function () { return trim(cache); });
    });
  });
}

function marked(response, attributes) {
  // The kept page, with data-* attributes on <main> for offline.js to show.
  return response.text().then(function (body) {
    var extra = Object.keys(attributes).map(function (k) {
      return " data-" + k + '="' + String(attributes[k]).replace(/"/g, "") + '"';
    }).join("");
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(body.replace('<main id="main"', '<main id="main"' + extra),
      { status: 200, headers: headers });
  });
}

function fromCache(request, attributes) {
  return caches.match(request, { ignoreVary: true }).then(function (kept) {
    if (kept) {
      return marked(kept, Object.assign({ "offline-since": kept.headers.get("X-Kept-At") || "" }, attributes));
    }
    return caches.match(OFFLINE_PAGE, { ignoreVary: true }).then(function (page) {
      return page ? marked(page, Object.assign({ "offline-since": "" }, attributes))
        : new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
    });
  });
}

function matchPage(url) {
  // /m/<id>/<token>/... → /m/<id>/<token>
  var found = new URL(url).pathname.match(/^(.*\/m\/\d+\/[^/]+)/);
  return found ? new URL(found[1], url).href : url;
}

function editable(match) {
  // Only what the edit link's pages post is kept: its kept match page says so.  With no
  // kept match page (null) nothing says otherwise, and only the edit link's pages have
  // these forms: the post is kept (a made-up one is refused when it is sent).
  return caches.match(match, { ignoreVary: true }).then(function (page) {
    if (!page) return null;
    return page.text().then(function (body) { return /<main id="main"[^>]* data-edit/.test(body); });
  });
}

function post(event) {
  var request = event.request;
  return request.clone().text().then(function (body) {
    return fetch(request).catch(function () {
      // No connection: keep the post on this phone and show the match as last seen.
      var match = matchPage(request.url);
      return editable(match).then(function (yes) {
        if (yes === false) return fromCache(new Request(match), {});
        return keepPost(request, body, match, yes);
      });
    });
  });
}

function keepPost(request, body, match, pageKept) {
  return RefereeQueue.add({ action: request.url, body: body, match: match, at: Date.now() })
    .then(RefereeQueue.all)
    .then(function (waiting) {
      if (pageKept) return fromCache(new Request(match), { kept: waiting.length });
      // No copy of the match on this phone: a plain page says the post is kept.
      return caches.match(SAVED_PAGE, { ignoreVary: true }).then(function (page) {
        return page ? marked(page, { kept: waiting.length })
          : new Response("Saved on this phone", { headers: { "Content-Type": "text/plain" } });
      });
    });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    if (request.mode === "navigate" && new RegExp(QUEUED).test(url.pathname)) {
      event.respondWith(post(event));
    }
    return;  // any other post goes to the network as usual, never queued
  }
  if (request.method !== "GET") return;
  if (SHELL.indexOf(url.pathname) >= 0 && request.mode !== "navigate") {
    // The versioned assets: from the cache, which a new version replaces whole.
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request);
    }));
    return;
  }
  if (request.mode === "navigate") {
    // Pages: the network first (always the latest), the kept copy when it fails.
    event.respondWith(fetch(request).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (response.ok && type.indexOf("text/html") === 0) {
        event.waitUntil(keep(request, response));
      }
      return response;
    }).catch(function () { return fromCache(request, {}); }));
  }
});
