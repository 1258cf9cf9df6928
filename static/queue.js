/* The phone's queue of form posts made offline, in IndexedDB: shared by the service
   worker (which adds to it) and the pages (which send it when the connection is back). */
var RefereeQueue = (function () {
  "use strict";
  var NAME = "canasta-referee", STORE = "queue";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), store = tx.objectStore(STORE), result;
        work(store, function (value) { result = value; });
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  return {
    // {action, body, match, at}: the form's URL, its fields (URL-encoded), the match page.
    add: function (item) {
      return run("readwrite", function (store, done) {
        store.add(item).onsuccess = function (e) { done(e.target.result); };
      });
    },
    all: function () {  // oldest first: the order they were made in
      return run("readonly", function (store, done) {
        store.getAll().onsuccess = function (e) { done(e.target.result); };
      });
    },
    remove: function (id) {
      return run("readwrite", function (store) { store.delete(id); });
    }
  };
})();
