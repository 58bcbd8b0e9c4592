// A checkout's cards dealt one at a time at its pace (the counting and true count checkouts):
// data-card-ms a card, timed from the part's start by the server's clock (data-elapsed-ms: the
// part's ms gone when the page was made), so a reload goes on where the deal has got to and
// never deals again. Each card covers the last and is said in an assertive live region (the
// newest card interrupts the one before); after the last the status says the cards are dealt.
// The deadline is the server's: this only shows the cards. Without this file the page shows
// them all at once, under a note that says the page is step by step.
(function () {
  "use strict";

  var box = document.querySelector(".checkout-deal[data-card-ms]");
  if (!box) return;
  var whole = box.querySelector("[data-deal-whole]");
  var source = box.querySelector("[data-deal-source]");
  var table = box.querySelector("[data-deal-table]");
  var spot = box.querySelector("[data-deal-card]");
  var count = box.querySelector("[data-deal-count]");
  var status = box.querySelector("[data-deal-status]");
  var note = box.querySelector("[data-deal-note]");
  if (!whole || !source || !table || !spot || !count || !status) return;
  var cards = Array.prototype.slice.call(source.querySelectorAll(".card"));
  if (!cards.length) return;
  // Bounded here too: the server's paces are 2 to 4 cards a second.
  var cardMs = Math.min(5000, Math.max(100, Number(box.getAttribute("data-card-ms")) || 500));
  var elapsed = Math.max(0, Number(box.getAttribute("data-elapsed-ms")) || 0);
  var start = performance.now() - elapsed;
  var shown = -1;

  function show(index) {
    shown = index;
    spot.replaceChildren(cards[index].cloneNode(true));
    count.textContent = index + 1 + " / " + cards.length;
  }

  function finish() {
    spot.replaceChildren();
    count.textContent = "";
    status.textContent = status.getAttribute("data-done");
    box.classList.add("dealt");
  }

  function step() {
    var now = performance.now();
    var index = Math.floor((now - start) / cardMs);
    if (index >= cards.length) {
      finish();
      return;
    }
    if (index !== shown) show(index);
    // The next card's moment, worked out from the start each time: no drift.
    window.setTimeout(step, Math.max(5, start + (index + 1) * cardMs - now));
  }

  whole.hidden = true;
  if (note) note.hidden = true;
  table.hidden = false;
  step();
})();
