// The table, with JavaScript on: after htmx swaps the table in, focus goes to the new step's
// first control and the verdict is said once in the page's live region. The keys are the quiz's
// (static/js/strategy_quiz.js reads form.table-keys too). Without either file every button
// submits its form, one step per page.
(function () {
  "use strict";

  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "table-panel") return;
    var feedback = event.detail.target.querySelector("[data-verdict]");
    // The next step's first control; where there is none (the table is over), the last
    // step's feedback, else the summary: focus is never left on the page's body.
    var target = event.detail.target;
    var first = target.querySelector("[autofocus]") ||
      target.querySelector("#feedback-heading") || target.querySelector("#summary-heading");
    // Where there is a verdict, it is what comes into view (on a phone the next hand's keys
    // would push it off the top): the keys keep the focus without scrolling to them.
    if (first) first.focus(feedback ? { preventScroll: true } : undefined);
    // A count check refused: the first field in error has the focus (its autofocus), the
    // caret after what was typed in it, and it comes into view with its message under it.
    if (first && first.getAttribute("aria-invalid") === "true") {
      var end = first.value.length;
      first.setSelectionRange(end, end);
      first.scrollIntoView({ block: "center" });
    }
    // Said once (static/js/drill_panel.js): in the live region, unless the focus reads it.
    var read = first && first.id === "feedback-heading";
    if (window.sayVerdict) {
      window.sayVerdict("table-said", feedback && !read ? feedback.getAttribute("data-verdict") : "");
    }
    if (feedback) feedback.scrollIntoView({ block: "start" });
  });

  // A: "Another amount" opened and its field focused (a stake of many units, typed), while
  // focus is in the step's form, as the other keys answer (static/js/strategy_quiz.js).
  // Its letter in the page's language (data-key-local on the summary, the one shown) too.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.repeat || !event.key) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var form = event.target.closest && event.target.closest("form.table-keys");
    if (!form || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    var amounts = form.querySelector("details.bet-amounts");
    var field = amounts && amounts.querySelector("input");
    if (!field) return;
    var typed = event.key.toUpperCase();
    var local = amounts.querySelector("summary").getAttribute("data-key-local");
    if (typed !== "A" && !(local && typed === local.toUpperCase())) return;
    event.preventDefault();
    amounts.open = true;
    field.focus();
  });
})();
