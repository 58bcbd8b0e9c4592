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
    label.textContent = left > 0 ? left + " s" : shown.getAttribute("data-up");
  }
  tick();
  window.setInterval(tick, 250);
})();
