// The table's pace and distraction, with JavaScript (a table set up with them: the server
// writes data-pace, ms a card, and data-distraction on #table-conditions). Without this file the
// table is step by step. After each step, the cards it brought come one at a time, in the order
// a dealer deals them: the other seats' each at a speed of their own (half to twice the pace), the
// learner's and the dealer's round the pace (0.8 to 1.2 of it); each hand's total waits for
// that hand's cards (a split box's hands one after the other), the round's results and the
// step's keys (inert) until every card is out. Table talk (and, busy, the other players'
// chips and questions) comes at random moments; a click for each card if the learner turns the
// sound on. Nothing here shows or says the count.
(function () {
  "use strict";

  var conditions = document.getElementById("table-conditions");
  if (!conditions) return;
  conditions.hidden = false;
  var without = document.getElementById("table-no-pace"); // the note for a page without this file
  if (without) without.hidden = true;
  // Bounded here too: a page can only hold the server's choices, 0 or 200 ms to 3 s a card.
  var pace = Math.min(3000, Math.max(0, Number(conditions.getAttribute("data-pace")) || 0));
  if (pace > 0 && pace < 200) pace = 200;
  var distraction = conditions.getAttribute("data-distraction") || "none";
  var timers = [];
  var sound = false;
  var audio = null;

  function between(low, high) { return low + Math.random() * (high - low); }

  function click() {
    if (!sound) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 1400 + Math.random() * 400;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.05);
      osc.connect(gain).connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.06);
    } catch (e) { sound = false; }
  }

  var button = document.getElementById("table-sound");
  if (button) {
    sound = window.localStorage && localStorage.getItem("table-sound") === "on";
    button.setAttribute("aria-pressed", sound ? "true" : "false");
    button.addEventListener("click", function () {
      sound = !sound;
      button.setAttribute("aria-pressed", sound ? "true" : "false");
      try { localStorage.setItem("table-sound", sound ? "on" : "off"); } catch (e) { /* private */ }
    });
  }

  // The server marks the cards the step just sent brought (data-reveal: their place in the
  // order a dealer deals them, each box's first card from the dealer's left, the dealer's, the
  // second cards, the hole card, then the draws and the dealer's turn; data-turn: a card turned
  // face up). A page drawn again (a reload, Back) marks none: what was dealt shows at once.
  function deal(panel) {
    timers.forEach(clearTimeout);
    timers = [];
    var cards = Array.prototype.slice.call(panel.querySelectorAll("section.felt .card[data-reveal]"));
    if (!pace || !cards.length) return;
    cards.sort(function (a, b) {
      return Number(a.getAttribute("data-reveal")) - Number(b.getAttribute("data-reveal"));
    });
    var speeds = []; // each box's (and the dealer's) speed for this step, drawn afresh
    var queue = cards.map(function (card) {
      var group = card.closest(".seat, .dealer-box");
      var found = speeds.filter(function (s) { return s.group === group; })[0];
      if (!found) {
        var steady = !group || group.classList.contains("dealer-box") || group.classList.contains("mine");
        found = { group: group, factor: steady ? between(0.8, 1.2) : between(0.5, 2.0) };
        speeds.push(found);
      }
      return { card: card, wait: pace * found.factor, turn: card.hasAttribute("data-turn") };
    });
    var form = panel.querySelector("form.table-step");
    var focused = form && form.querySelector("[autofocus]");
    panel.classList.add("dealing");
    if (form) form.inert = true;
    // Hand by hand: a hand (a split box's each, the dealer's) shows its total once its own last
    // card is out, so a split's first hand is played out on the felt before the next one's
    // card comes; the hand to play is marked once every card is out.
    queue.forEach(function (item, n) {
      item.card.classList.add(item.turn ? "pending-turn" : "pending");
      if (item.turn) item.card.setAttribute("aria-hidden", "true"); // its face is not out yet
      item.hand = item.card.closest(".seat-hand, .dealer-box");
      if (item.hand) item.hand.classList.add("hand-dealing");
      item.last = !queue.slice(n + 1).some(function (later) {
        return later.card.closest(".seat-hand, .dealer-box") === item.hand;
      });
    });
    var at = 0;
    queue.forEach(function (item) {
      at += item.wait;
      timers.push(setTimeout(function () {
        item.card.classList.remove("pending", "pending-turn");
        item.card.removeAttribute("aria-hidden");
        if (item.last && item.hand) item.hand.classList.remove("hand-dealing");
        click();
      }, at));
    });
    timers.push(setTimeout(function () {
      panel.classList.remove("dealing");
      if (form) { form.inert = false; if (focused) focused.focus(); }
    }, at + 50));
  }

  function talk() {
    var log = document.getElementById("table-talk");
    var lines = document.getElementById("table-talk-lines");
    if (!log || !lines) return;
    var all = lines.content.querySelectorAll("p");
    function next() {
      var line = all[Math.floor(Math.random() * all.length)].cloneNode(true);
      log.appendChild(line);
      while (log.children.length > 4) log.removeChild(log.firstChild);
      setTimeout(next, between(distraction === "busy" ? 2500 : 4000, 9000));
    }
    setTimeout(next, between(1500, 4000));
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table-panel") deal(event.detail.target);
  });
  var panel = document.getElementById("table-panel");
  if (panel) deal(panel);
  if (distraction !== "none") talk();
})();
