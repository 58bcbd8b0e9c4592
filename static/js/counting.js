// Counting sessions: flip the listed cards one step at a time, then show the checkpoint's form.
// Timed, at exactly the set speed (cards per second): timing reads performance.now() on every
// animation frame, so steps never drift the way chained timers do, and a pause shifts the start
// by the time paused. Or step by hand: the next step on a press of the "Next step" button
// (Enter or Space), offered first under prefers-reduced-motion. Each step is said in a polite
// live region ("Step 2 of 4: ..." with its cards); focus stays on a heading (or the button)
// while the cards flip, and goes to the summary's heading at the end. Without this script the
// page simply lists the cards above the form. After a checkpoint's verdict the next cards wait
// for the learner's "Deal on" (focused; Enter or Space), which brings them, flipping.
(function () {
  "use strict";

  var LEAD_MS = 800; // a moment to get ready before the first card (drills/counting/flip_time.py)
  var PACE_KEY = "counting-pace"; // "timed" or "hand", chosen on the set-up page

  function reducedMotion() {
    return !!window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function storedPace() {
    try {
      return window.sessionStorage.getItem(PACE_KEY);
    } catch (error) {
      return null; // storage refused: the default pace
    }
  }

  function rememberPace(pace) {
    try {
      window.sessionStorage.setItem(PACE_KEY, pace);
    } catch (error) {
      // storage refused: the pace is this page's only
    }
  }

  function chosenPace() {
    return storedPace() || (reducedMotion() ? "hand" : "timed");
  }

  // A step in words: each hand's name and cards (the step's label when no hand carries it).
  function describe(step) {
    var parts = [];
    var label = step.querySelector(".step-label");
    step.querySelectorAll(".hand[aria-label]").forEach(function (hand) {
      var cards = Array.prototype.map.call(hand.querySelectorAll(".card[aria-label]"), function (c) {
        return c.getAttribute("aria-label");
      });
      parts.push(hand.getAttribute("aria-label") + ": " + cards.join(", "));
    });
    if (label && parts.join(" ").indexOf(label.textContent.trim()) !== 0) {
      parts.unshift(label.textContent.trim());
    }
    return parts.join(". ");
  }

  // The script's words in English, where a page gives none of its own (data-words).
  var ENGLISH = {
    step: "Step %(step)s of %(steps)s",
    paused: "Paused at step %(step)s of %(steps)s",
    count: "Your count?",
    pause: "Pause",
    resume: "Resume",
    by_hand: "Step by hand",
    timed: "Flip at the set speed",
    by_hand_start: "Step by hand: press Next step for each step.",
    ready: "Get ready…",
  };

  function wordsOf(controls) {
    try {
      return (controls && JSON.parse(controls.dataset.words || "{}")) || {};
    } catch (error) {
      return {}; // words unreadable: English
    }
  }

  function focusQuietly(element) {
    if (element) element.focus({ preventScroll: true });
  }

  function flip(list) {
    if (list.dataset.flipState) return;
    var speed = parseFloat(list.dataset.speed);
    var steps = Array.prototype.slice.call(list.children);
    var panel = list.closest("#drill-panel") || document;
    var form = panel.querySelector("form[data-after-flip]");
    var status = panel.querySelector(".flip-status");
    var controls = panel.querySelector(".flip-controls");
    if (!(speed > 0) || steps.length === 0 || !form) return;
    var pauseButton = controls && controls.querySelector(".flip-pause");
    var nextButton = controls && controls.querySelector(".flip-next");
    var paceButton = controls && controls.querySelector(".flip-pace");
    var said = wordsOf(controls);
    // After a verdict the next cards wait for the learner: "Deal on" (the verdict's own form,
    // by htmx) draws the page again, and that page's cards flip at once. The checkpoint's time
    // is the server's from that drawing, so reading the verdict is not counted in it.
    var dealOn = panel.querySelector("form.deal-on");
    if (dealOn) {
      list.dataset.flipState = "waiting";
      list.hidden = true;
      form.hidden = true;
      dealOn.hidden = false;
      focusQuietly(dealOn.querySelector("button"));
      return;
    }
    list.dataset.flipState = "running";

    // Step i is on show while the cards elapsed lie in [ends[i - 1], ends[i]).
    var ends = [];
    var total = 0;
    steps.forEach(function (step) {
      total += parseInt(step.dataset.cards, 10) || 1;
      ends.push(total);
    });

    var pace = chosenPace();
    var started = performance.now(); // the flip's time is sent with the answer (flip_ms)
    var shown = -1;
    var begin = 0;
    var pausedAt = null;
    var frameId = null;

    // A message in the page's language (the controls' data-words, written by the template
    // through the catalogue), its %(name)s placeholders filled from `values`.
    function word(key, values) {
      var text = said[key] || ENGLISH[key] || key;
      return text.replace(/%\((\w+)\)s/g, function (whole, name) {
        return values && name in values ? String(values[name]) : whole;
      });
    }

    // The status line shows `text`; a screen reader hears `cards` after it too.
    function say(text, cards) {
      if (!status) return;
      status.hidden = false;
      status.textContent = text;
      if (cards) {
        var words = document.createElement("span");
        words.className = "visually-hidden";
        words.textContent = ": " + cards;
        status.appendChild(words);
      }
    }

    function show(at) {
      if (shown >= 0) steps[shown].classList.remove("current");
      steps[at].classList.add("current");
      shown = at;
      say(word("step", { step: at + 1, steps: steps.length }), describe(steps[at]));
    }

    function finish() {
      if (frameId !== null) window.cancelAnimationFrame(frameId);
      frameId = null;
      if (shown >= 0) steps[shown].classList.remove("current");
      list.classList.remove("flipping");
      list.classList.add("flipped");
      list.dataset.flipState = "done";
      if (controls) controls.hidden = true;
      say(word("count"));
      // The server takes this off the response time, never more than the flip's own at the
      // set speed: the answer is timed from the last card shown, not from the page.
      var flipTime = form.querySelector("input[name=flip_ms]");
      if (flipTime) flipTime.value = String(Math.round(performance.now() - started));
      form.hidden = false;
      var input = form.querySelector("input:not([type=hidden])");
      if (input) {
        input.focus({ preventScroll: true });
        var box = form.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) form.scrollIntoView({ block: "start" });
      }
    }

    function frame(now) {
      frameId = null;
      if (pace !== "timed" || pausedAt !== null) return;
      if (now >= begin) {
        var elapsed = ((now - begin) * speed) / 1000;
        var at = shown < 0 ? 0 : shown;
        while (at < steps.length && ends[at] <= elapsed) at += 1;
        if (at >= steps.length) {
          finish();
          return;
        }
        if (at !== shown) show(at);
      }
      frameId = window.requestAnimationFrame(frame);
    }

    // Timed from where the cards are: the step on show gets its whole time from now.
    function runTimed() {
      var start = shown <= 0 ? 0 : ends[shown - 1];
      begin = performance.now() + (shown < 0 ? LEAD_MS : 0) - (start * 1000) / speed;
      pausedAt = null;
      if (frameId === null) frameId = window.requestAnimationFrame(frame);
    }

    function showControls() {
      if (!controls) return;
      controls.hidden = false;
      if (pauseButton) {
        pauseButton.hidden = pace !== "timed";
        pauseButton.textContent = word(pausedAt === null ? "pause" : "resume");
      }
      if (nextButton) nextButton.hidden = pace !== "hand";
      if (paceButton) {
        paceButton.textContent = word(pace === "hand" ? "timed" : "by_hand");
      }
    }

    function next() {
      if (shown + 1 >= steps.length) finish();
      else show(shown + 1);
    }

    if (pauseButton) {
      pauseButton.addEventListener("click", function () {
        if (pace !== "timed") return;
        if (pausedAt === null) {
          pausedAt = performance.now();
          say(word("paused", { step: Math.max(shown + 1, 1), steps: steps.length }));
        } else {
          begin += performance.now() - pausedAt;
          pausedAt = null;
          if (frameId === null) frameId = window.requestAnimationFrame(frame);
        }
        showControls();
      });
    }
    if (nextButton) nextButton.addEventListener("click", next);
    if (paceButton) {
      paceButton.addEventListener("click", function () {
        pace = pace === "hand" ? "timed" : "hand";
        rememberPace(pace);
        if (pace === "timed") runTimed();
        showControls();
        focusQuietly(pace === "hand" ? nextButton : pauseButton);
      });
    }

    form.hidden = true;
    list.classList.add("flipping");
    showControls();
    if (pace === "hand") {
      say(word("by_hand_start"));
      focusQuietly(nextButton);
    } else {
      say(word("ready"));
      focusQuietly(panel.querySelector("#run-heading"));
      runTimed();
    }
  }

  function init(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("ol[data-flip]").forEach(flip);
    var summary = scope.querySelector("#summary-heading");
    if (summary) focusQuietly(summary);
  }

  // The set-up page: the pace is offered (step by hand first under reduced motion) and kept
  // for the session's page.
  function offerPace() {
    var choice = document.querySelector("fieldset.pace-choice");
    if (!choice) return;
    choice.hidden = false;
    var hand = choice.querySelector("input[value=hand]");
    var timed = choice.querySelector("input[value=timed]");
    if (!hand || !timed) return;
    if (reducedMotion()) choice.insertBefore(hand.closest("label"), timed.closest("label"));
    // The page checks timed; the learner's kept pace (or reduced motion) goes first, unless
    // this form is shown again with the learner's own choice (data-chosen).
    if (!choice.hasAttribute("data-chosen")) (chosenPace() === "hand" ? hand : timed).checked = true;
    choice.closest("form").addEventListener("submit", function () {
      rememberPace(hand.checked ? "hand" : "timed");
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    offerPace();
  });
  // On the swap itself, before htmx settles: the form is hidden before it is ever shown.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.target; // the panel's own event, not an out-of-band swap's
    if (target && target.id === "drill-panel") {
      init(target);
      offerPace();
    }
  });
})();
