/* Round results form: say what each typed code means, and move between boards with Enter and
   the arrow keys (Enter on the last board saves). The page works without this: the server reads
   the same codes. */
(function () {
  "use strict";
  var data = document.getElementById("result-meanings");
  if (!data) { return; }
  var meanings = JSON.parse(data.textContent);
  var fields = Array.prototype.slice.call(document.querySelectorAll("input.result-code"));
  function show(field) {
    var output = field.parentNode.querySelector("output.result-meaning");
    var code = field.value.trim().toLowerCase();
    if (output) { output.textContent = code === "" ? "" : (meanings[code] || "?"); }
  }
  function go(index) {
    if (index >= 0 && index < fields.length) { fields[index].focus(); fields[index].select(); }
  }
  fields.forEach(function (field, index) {
    show(field);
    field.addEventListener("input", function () { show(field); });
    field.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      if ((event.key === "Enter" && index + 1 < fields.length) || event.key === "ArrowDown") {
        event.preventDefault();
        go(index + 1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        go(index - 1);
      }
    });
  });
}());
