// Table talk while the cards flip, with JavaScript (a counting session its staircase dealt with
// that distraction): a line of the table's talk now and then, at random moments, shown beside
// the cards and not read out (it is there to be counted through, not answered). Without this
// file the session says it has none: the cards are listed and nobody talks.
(function () {
  "use strict";

  function start(root) {
    var box = root.querySelector("[data-talk]");
    if (!box || box.getAttribute("data-talking")) return;
    box.setAttribute("data-talking", "1");
    var off = root.querySelector(".talk-off");
    if (off) off.hidden = true;
    var lines = Array.prototype.map.call(box.querySelectorAll(".talk-lines li"), function (li) {
      return li.textContent;
    });
    var now = box.querySelector(".talk-now");
    if (!lines.length || !now) return;
    box.hidden = false;
    // While no cards flip (before the deal starts, paused, or done) it is quiet and looks
    // again shortly; once they flip, a line comes half a second to two seconds in, then every
    // one and a half to five seconds.
    var quiet = true;
    function talk() {
      if (!document.body.contains(box)) return;
      var flipping = document.querySelector("ol.count-steps.flipping");
      if (!flipping) {
        now.textContent = "";
        quiet = true;
        setTimeout(talk, 300);
      } else if (quiet) {
        quiet = false;
        setTimeout(talk, 500 + Math.random() * 1500);
      } else {
        now.textContent = lines[Math.floor(Math.random() * lines.length)];
        setTimeout(talk, 1500 + Math.random() * 3500);
      }
    }
    talk();
  }

  document.addEventListener("DOMContentLoaded", function () { start(document); });
  document.addEventListener("htmx:afterSwap", function (event) { start(event.detail.target); });
})();
