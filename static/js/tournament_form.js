/* Tournament form: while 100 squares is chosen, hide the draw profiles and the notation that
   exist only on 64 squares (marked data-only-64 by the form), and move off one that was
   chosen. The server refuses them all the same; this only stops offering them. */
(function () {
  "use strict";
  var board = document.querySelector("select[data-board-select]");
  if (!board) { return; }
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-only-64]"));
  function update() {
    var only64 = board.value !== "64";
    selects.forEach(function (select) {
      var values = select.getAttribute("data-only-64").split(" ");
      Array.prototype.forEach.call(select.options, function (option) {
        var hide = only64 && values.indexOf(option.value) !== -1;
        option.hidden = hide;
        option.disabled = hide;
      });
      var chosen = select.options[select.selectedIndex];
      if (chosen && chosen.disabled) {
        var first = Array.prototype.find.call(select.options, function (o) { return !o.disabled; });
        if (first) { select.value = first.value; }
      }
    });
  }
  board.addEventListener("change", update);
  update();
}());
