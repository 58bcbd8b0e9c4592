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
    // The next step's first control; where there is none (the table is over), the last
    // step's feedback, else the summary: focus is never left on the page's body.
    var target = event.detail.target;
    var first = target.querySelector("[autofocus]") ||
      target.querySelector("#feedback-heading") || target.querySelector("#summary-heading");
    if (first) first.focus();
  });
})();
