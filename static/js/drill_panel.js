// Every drill page: after an answer (htmx swaps #drill-panel), say the verdict in the page's
// polite live region (#verdict, outside the panel, so it stays in the page), focus the next
// question's input without scrolling to it, and bring the feedback into view. On arrival the
// question's input is focused the same way, and the question's top is scrolled into view if it
// or the input is not. Without this file the pages work as plain forms: the browser's autofocus and the
// page's title (which names the verdict) do the rest.
(function () {
  "use strict";

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  // Focus the element htmx or the browser would autofocus, without scrolling the page to it;
  // the attribute goes, so that neither focuses it again (and scrolls) after this.
  // A form shown only once cards have flipped (counting sessions) is focused by
  // static/js/counting.js then.
  function takeAutofocus(root) {
    var wanted = null;
    var flipping = !!root.querySelector("[data-flip]");
    root.querySelectorAll("[autofocus]").forEach(function (element) {
      element.removeAttribute("autofocus");
      if (flipping && element.closest("[data-after-flip]")) return;
      if (!wanted && !element.closest("[hidden]")) wanted = element;
    });
    if (wanted) wanted.focus({ preventScroll: true });
    return wanted;
  }

  function announce(text) {
    var region = document.getElementById("verdict");
    if (!region) return;
    // Emptied first, so that the same verdict twice running is said twice.
    region.textContent = "";
    window.setTimeout(function () {
      region.textContent = text;
    }, 50);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var panel = event.detail && event.detail.target;
    if (!panel || panel.id !== "drill-panel") return;
    var said = panel.querySelector("[data-verdict]");
    if (said) announce(said.getAttribute("data-verdict"));
    var focused = takeAutofocus(panel);
    // The feedback and the next question's answer row (its box or buttons) on screen: the page
    // stays where it is when they are, else the feedback goes to the top.
    var shown = panel.querySelector(".feedback") || panel.querySelector(".question");
    var row = panel.querySelector(".question .answer-row") || focused;
    if (shown && !(inView(shown) && (!row || inView(row)))) {
      shown.scrollIntoView({ block: "start" });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("drill-panel");
    if (!panel) return;
    var focused = takeAutofocus(panel);
    // The browser may have autofocused (and scrolled) already: the question's top is shown.
    var question = focused && focused.closest(".question");
    if (question && (question.getBoundingClientRect().top < 0 || !inView(focused))) {
      question.scrollIntoView({ block: "start" });
    }
  });
})();
