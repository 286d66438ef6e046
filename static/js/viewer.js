/* Game viewer: arrow keys follow the server-rendered step links (the page works without this). */
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  if (!viewer) { return; }
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) { return; }
    var step = keys[event.key];
    if (!step) { return; }
    var link = viewer.querySelector('a[data-step="' + step + '"]');
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
  var current = viewer.querySelector('.arb-moves [aria-current="step"]');
  if (current && current.scrollIntoView) { current.scrollIntoView({ block: "nearest" }); }
}());
