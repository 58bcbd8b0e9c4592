// A checkout's countdown: the page names the deadline as a time; this counts the seconds left.
// The server keeps the clock: an answer after the deadline is refused whatever this shows.
(function () {
  "use strict";
  var shown = document.querySelector(".checkout-clock[data-remaining-ms]");
  if (!shown) return;
  var deadline = Date.now() + Number(shown.getAttribute("data-remaining-ms"));
  var label = shown.querySelector(".checkout-left");
  function tick() {
    var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    // The seconds in the page's language ("9 s", «9 с»): its words, the number put in.
    var seconds = shown.getAttribute("data-seconds-left") || "#\u00a0s";
    label.textContent = left > 0 ? seconds.replace("#", String(left)) : shown.getAttribute("data-up");
  }
  tick();
  window.setInterval(tick, 250);
})();
