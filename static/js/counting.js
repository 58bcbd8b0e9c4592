// Counting sessions: flip the listed cards one step at a time at exactly the set speed
// (cards per second), then show the checkpoint's form. Timing reads performance.now() on
// every animation frame, so steps never drift the way chained timers do. Without this
// script the page simply lists the cards above the form.
(function () {
  "use strict";

  var LEAD_MS = 800; // a moment to get ready before the first card

  function flip(list) {
    if (list.dataset.flipState) return;
    var speed = parseFloat(list.dataset.speed);
    var steps = Array.prototype.slice.call(list.children);
    var panel = list.closest("#drill-panel") || document;
    var form = panel.querySelector("form[data-after-flip]");
    var status = panel.querySelector(".flip-status");
    if (!(speed > 0) || steps.length === 0 || !form) return;
    list.dataset.flipState = "running";

    // Step i is on show while the cards elapsed lie in [ends[i - 1], ends[i]).
    var ends = [];
    var total = 0;
    steps.forEach(function (step) {
      total += parseInt(step.dataset.cards, 10) || 1;
      ends.push(total);
    });

    form.hidden = true;
    list.classList.add("flipping");
    if (status) {
      status.hidden = false;
      status.textContent = "Get ready…";
    }
    var begin = performance.now() + LEAD_MS;
    var shown = -1;

    function finish() {
      if (shown >= 0) steps[shown].classList.remove("current");
      list.classList.remove("flipping");
      list.classList.add("flipped");
      list.dataset.flipState = "done";
      if (status) status.textContent = "Your count?";
      form.hidden = false;
      var input = form.querySelector("input:not([type=hidden])");
      if (input) input.focus();
    }

    function frame(now) {
      if (now >= begin) {
        var elapsed = ((now - begin) * speed) / 1000;
        var at = shown < 0 ? 0 : shown;
        while (at < steps.length && ends[at] <= elapsed) at += 1;
        if (at >= steps.length) {
          finish();
          return;
        }
        if (at !== shown) {
          if (shown >= 0) steps[shown].classList.remove("current");
          steps[at].classList.add("current");
          shown = at;
          if (status) status.textContent = "Step " + (at + 1) + " of " + steps.length;
        }
      }
      window.requestAnimationFrame(frame);
    }
    window.requestAnimationFrame(frame);
  }

  function init(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("ol[data-flip]").forEach(flip);
  }

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
  });
  document.addEventListener("htmx:load", function (event) {
    init(event.detail && event.detail.elt);
  });
})();
