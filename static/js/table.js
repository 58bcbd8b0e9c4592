// The table, with JavaScript on: after htmx swaps the table in, focus goes to the new step's
// first control and the verdict is said in the page's live region. The keys are the quiz's
// (static/js/strategy_quiz.js reads form.table-keys too). Without either file every button
// submits its form, one step per page.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "table-panel") return;
    var verdict = document.getElementById("verdict");
    var feedback = event.detail.target.querySelector("[data-verdict]");
    if (verdict) verdict.textContent = feedback ? feedback.getAttribute("data-verdict") : "";
    var first = event.detail.target.querySelector("[autofocus]");
    if (first) first.focus();
  });
})();
