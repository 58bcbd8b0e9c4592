// Every drill page: after an answer (htmx swaps #drill-panel), say the verdict once in the
// page's polite live region (#verdict, outside the panel, so it stays in the page), focus the next
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

  // The element htmx or the browser would autofocus, its attribute gone, so that neither
  // focuses it (and scrolls) after this. A form shown only once cards have flipped (counting
  // sessions) is focused by static/js/counting.js then.
  function takeAutofocus(root) {
    var wanted = null;
    var flipping = !!root.querySelector("[data-flip]");
    root.querySelectorAll("[autofocus]").forEach(function (element) {
      element.removeAttribute("autofocus");
      if (flipping && element.closest("[data-after-flip]")) return;
      if (!wanted && !element.closest("[hidden]")) wanted = element;
    });
    return wanted;
  }

  // A verdict is said once. The polite live region (#verdict here, #table-said at the table)
  // holds it only while it is being said: emptied again once the learner moves on (a key, a
  // click) or after SAID_MS (react-aria's live announcer keeps its messages as long), so that a
  // screen reader reading the page later meets the verdict once, in the feedback itself, not
  // a second time in the hidden region. Where the focus goes to the feedback's heading (nothing
  // left to answer), the heading is what is read, and the region says nothing.
  var SAID_MS = 7000;
  var said = { region: null, timer: null };

  function hush() {
    if (said.timer) window.clearTimeout(said.timer);
    if (said.region) said.region.textContent = "";
    said.region = null;
    said.timer = null;
  }

  function announce(id, text) {
    var region = document.getElementById(id);
    hush();
    if (!region || !text) return;
    said.region = region;
    // Set a moment after it was emptied, so that the same verdict twice running is said twice.
    said.timer = window.setTimeout(function () {
      region.textContent = text;
      said.timer = window.setTimeout(hush, SAID_MS);
    }, 50);
  }
  window.sayVerdict = announce;

  // Moving on ends what was said (a key pressed while the verdict is being set keeps it).
  ["keydown", "pointerdown"].forEach(function (kind) {
    document.addEventListener(kind, function () {
      if (said.region && said.region.textContent) hush();
    }, true);
  });

  // The event on the panel itself: an out-of-band swap in the same response (the footer's
  // rules) fires its own, whose detail names the panel as the request's target too.
  function isPanel(event) {
    return event.target && event.target.id === "drill-panel" ? event.target : null;
  }

  // On the swap the autofocus is taken from htmx; once it has settled (htmx has taken the new
  // form, so that an answer sent at once goes through it) the input gets the focus.
  var pending = null;
  // Where the new panel asks nothing more (a review done) and nothing else took the focus (a
  // counting session's summary takes it), its feedback's heading: focus is never left on the
  // page's body.
  function lastFeedback(panel) {
    var active = document.activeElement;
    if ((active && active !== document.body) || panel.querySelector("[data-flip]")) return null;
    var heading = panel.querySelector("#feedback-heading");
    if (heading) heading.setAttribute("tabindex", "-1");
    return heading;
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var panel = isPanel(event);
    if (panel) pending = takeAutofocus(panel);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var panel = isPanel(event);
    if (!panel) return;
    var focused = pending || lastFeedback(panel);
    pending = null;
    if (focused && !focused.closest("[hidden]")) focused.focus({ preventScroll: true });
    var verdict = panel.querySelector("[data-verdict]");
    var read = focused && focused.id === "feedback-heading";  // the focus reads it already
    announce("verdict", verdict && !read ? verdict.getAttribute("data-verdict") : "");
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
    if (focused) focused.focus({ preventScroll: true });
    // The browser may have autofocused (and scrolled) already: the question's top is shown.
    var question = focused && focused.closest(".question");
    if (question && (question.getBoundingClientRect().top < 0 || !inView(focused))) {
      question.scrollIntoView({ block: "start" });
    }
  });
})();
