/* Times the server wrote in UTC (a <time data-local> with its ISO datetime), shown in the
   phone's own time zone and way of writing them.  Without it, the UTC time, said so. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("time[data-local]"), function (t) {
    var when = new Date(t.getAttribute("datetime"));
    if (!isNaN(when)) {
      t.textContent = when.toLocaleString(document.documentElement.lang,
        { dateStyle: "medium", timeStyle: "short" });
    }
  });
})();
