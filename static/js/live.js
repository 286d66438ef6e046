/* Live tables (issue 12): while a round is in play the round and standings pages ask every
   data-live-seconds for their table (tournaments/live.py), sending the ETag they hold, and put
   the new table in place of the old one, without a reload. Nothing changed is a bodiless 304;
   the answer says when to stop (the round is complete); a hidden tab asks nothing until it is
   shown again. Without this file the page is the same, only not updated. */
(function () {
  "use strict";
  var region = document.querySelector("[data-live-url]");
  if (!region || !window.fetch) { return; }
  var url = region.getAttribute("data-live-url");
  var etag = region.getAttribute("data-live-etag") || "";
  var seconds = Math.max(Number(region.getAttribute("data-live-seconds")) || 25, 1);
  var status = document.querySelector("[data-live-status]");
  var timer = null;
  var due = false;      // the time came while the tab was hidden
  var stopped = false;
  var failures = 0;

  function schedule() {
    if (stopped) { return; }
    // After failures (server down, no network) wait longer, up to ten intervals.
    var wait = seconds * 1000 * Math.min(1 + failures, 10);
    timer = window.setTimeout(tick, wait);
  }

  function tick() {
    timer = null;
    if (document.hidden) { due = true; return; }
    poll();
  }

  function replaceTable(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector(".table-container");
    var old = region.querySelector(".table-container");
    if (fresh && old) { old.parentNode.replaceChild(fresh, old); }
  }

  function poll() {
    window.fetch(url + window.location.search, {
      headers: { "If-None-Match": etag, "Accept": "application/json" },
      cache: "no-store", credentials: "same-origin"
    }).then(function (response) {
      if (response.status === 304) { return null; }
      if (!response.ok) { throw new Error("HTTP " + response.status); }
      etag = response.headers.get("ETag") || etag;
      return response.json();
    }).then(function (answer) {
      failures = 0;
      if (answer) {
        replaceTable(answer.html);
        if (status) { status.textContent = answer.status; }
        if (!answer.live) { stopped = true; region.removeAttribute("data-live-url"); }
      }
      schedule();
    }).catch(function () {
      failures += 1;
      schedule();
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && due && !stopped) { due = false; poll(); }
  });
  schedule();
}());
