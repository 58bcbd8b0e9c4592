// A checkout's cards, served by the server one at a time (the counting and true count
// checkouts): the page holds only the card served last, and POST .../card serves the next once
// the one before is out and its moment has come by the server's clock. This asks for each when
// the server says it is due (data-next-ms, the server's ms until then), puts it in the spot (an
// assertive live region: each card covers the last and is said), and after the last card's time
// says the cards are dealt. The deadline is the server's: this only asks and shows. Without
// this file (or if the server stops answering as it should) the learner presses Next card.
(function () {
  "use strict";

  var box = document.querySelector(".checkout-deal[data-card-ms]");
  if (!box || !window.fetch || !window.DOMParser || !window.FormData) return;
  var form = document.getElementById("deal-next");
  var spot = box.querySelector("[data-deal-card]");
  var count = box.querySelector("[data-deal-count]");
  var status = box.querySelector("[data-deal-status]");
  var note = box.querySelector("[data-deal-note]");
  var next = box.querySelector("[data-deal-next]");
  if (!spot || !count || !status) return;
  var answer = document.querySelector(".checkout-question input[name=answer]");
  var TRIES = 20; // refusals in a row (a clock's skew) before handing over to Next card

  // Every number read from a page is bounded: the server's paces are 2 to 4 cards a second.
  function bounded(text, low, high, fallback) {
    var value = Number(text);
    if (text === null || text === "" || !isFinite(value)) return fallback;
    return Math.min(high, Math.max(low, value));
  }
  var cardMs = bounded(box.getAttribute("data-card-ms"), 100, 5000, 500);

  function finish() {
    spot.replaceChildren();
    count.textContent = "";
    status.textContent = status.getAttribute("data-done");
    box.classList.add("dealt");
  }

  function handOver() {
    if (note) note.hidden = false;
    if (next) next.hidden = false;
  }

  function schedule(source, refused) {
    if (!source.hasAttribute("data-next-ms")) {
      window.setTimeout(finish, cardMs); // the last card stays its time, then goes
      return;
    }
    var wait = bounded(source.getAttribute("data-next-ms"), 0, 60000, cardMs);
    window.setTimeout(function () {
      ask(refused);
    }, wait);
  }

  function shown(text, ok, refused) {
    var fresh = new DOMParser()
      .parseFromString(text, "text/html")
      .querySelector(".checkout-deal[data-served]");
    if (!fresh || !form) return handOver();
    var card = fresh.querySelector("[data-deal-card] .card");
    var place = fresh.querySelector("[data-deal-count]");
    if (ok && card) {
      spot.replaceChildren(document.importNode(card, true));
      count.textContent = place ? place.textContent : "";
    } else if (refused >= TRIES) {
      return handOver();
    }
    form.elements.namedItem("card").value = String(
      bounded(fresh.getAttribute("data-served"), 0, 1000, 0)
    );
    schedule(fresh, ok ? 0 : refused + 1);
  }

  function ask(refused) {
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (response.status !== 200 && response.status !== 400) throw new Error("refused");
        return response.text().then(function (text) {
          shown(text, response.ok, refused);
        });
      })
      .catch(handOver);
  }

  if (note) note.hidden = true;
  if (next) next.hidden = true;
  if (answer) answer.focus();
  schedule(box, 0); // (no form once every card is out, and then no data-next-ms either)
})();
