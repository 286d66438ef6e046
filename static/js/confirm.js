/* Ask before a form whose step cannot be undone: <form data-confirm="question">.
   Kept out of the page so the Content-Security-Policy can refuse every inline script. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form && form.getAttribute ? form.getAttribute("data-confirm") : null;
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
}());
