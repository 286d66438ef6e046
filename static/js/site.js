/* Every page: a <select data-autosubmit> sends its form as soon as the choice changes, so the
   language switch and the "after round" choice need no button (each has a <noscript> one). */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select || select.tagName !== "SELECT" || !select.hasAttribute("data-autosubmit")) { return; }
    var form = select.form;
    if (!form) { return; }
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  });
}());
