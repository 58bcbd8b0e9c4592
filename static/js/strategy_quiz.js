// The basic-strategy quiz: answer keys (H S D P R I N, and each button's letter in the page's
// language beside them: trainer/web/keys.py) and the timed run's countdown; the
// table's forms (form.table-keys: plays, insurance, bet keys, keep or take back) answer the same way.
// Without this file the quiz still works: buttons submit the form, the server keeps the time.
// A key answers only while focus is in the question (its first button has it on arrival and
// after each answer) or in the verdict on the last answer (its Details summary, once opened),
// never from a link or a field elsewhere on the page (WCAG 2.1.4).
(function () {
  "use strict";

  // The keys answer: the pages' hints that say so show (static/css/app.css hides them without
  // this file, where a letter key does nothing).
  document.documentElement.classList.add("js-keys");

  // A radio button or a check box takes no text: the keys answer from it (the table's
  // boxes for the round are chosen with the arrows, then the bet's key pressed).
  function typing(target) {
    if (!target || !target.tagName) return false;
    if (target.tagName === "INPUT" && /^(radio|checkbox)$/.test(target.type)) return false;
    return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
  }

  // A key held down answers once: Enter held on a focused play button would press it again
  // with each repeat, answering the next question (focused on arrival) unseen. A letter key's
  // repeat is ignored below; Enter's is the browser's own press, so it is stopped here.
  document.addEventListener("keydown", function (event) {
    if (!event.repeat || event.key !== "Enter") return;
    var target = event.target;
    if (target && target.closest && target.closest("form.strategy-question, form.table-keys")) {
      event.preventDefault();
    }
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.repeat) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || event.key.length !== 1) return;
    var question = event.target.closest && event.target.closest("form.strategy-question, form.table-keys");
    // From the verdict on the last answer (its Details opened, the focus left on its summary),
    // the keys still answer the question asked now: the verdict belongs to the drill.
    if (!question && event.target.closest && event.target.closest(".feedback")) {
      question = document.querySelector("form.strategy-question, form.table-keys");
    }
    if (!question) return;
    // The character typed, on whichever layout: a button's Latin key (data-key) or its letter
    // in the page's language (data-key-local, the one it shows: "П" for Прикупить).
    var key = event.key.toUpperCase();
    var button = null;
    question.querySelectorAll("button[data-key]:not([disabled])").forEach(function (each) {
      if (button) return;
      var local = each.getAttribute("data-key-local");
      if (each.getAttribute("data-key").toUpperCase() === key || (local && local.toUpperCase() === key)) {
        button = each;
      }
    });
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  // The countdown only shows the time; the server decides when it is up.
  var deadline = null;
  function startCountdown() {
    var shown = document.querySelector(".countdown[data-remaining-ms]");
    deadline = shown ? Date.now() + Number(shown.getAttribute("data-remaining-ms")) : null;
  }
  function tick() {
    var label = document.querySelector(".countdown .countdown-time");
    if (deadline === null || !label) return;
    var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    // The words are the page's (its language's), on the countdown; English where it has none.
    var shown = label.closest(".countdown");
    var seconds = shown.getAttribute("data-seconds-left") || "#\u00a0s";
    var timeUp = shown.getAttribute("data-time-up") || "0\u00a0s: time is up, answer to see your score";
    label.textContent = left > 0 ? seconds.replace("#", String(left)) : timeUp;
  }
  document.addEventListener("DOMContentLoaded", startCountdown);
  document.addEventListener("htmx:afterSwap", startCountdown);
  window.setInterval(tick, 250);
})();
