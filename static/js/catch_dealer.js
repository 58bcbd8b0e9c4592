// Catch the dealer: the F and N keys (and their letters in the page's language) call Foul and
// Next on the round on screen, and in a run (a form with data-seconds) the round moves on by
// itself, calling Next, when its time is up, the seconds left shown. Without this file the
// buttons do it all: a round per page.
(function () {
  "use strict";

  var timer = null;

  function roundForm() {
    return document.querySelector("form.catch-question");
  }

  function call(form, value) {
    var button = form.querySelector('button[name=call][value="' + value + '"]');
    if (button && !button.disabled && !form.dataset.called) {
      form.dataset.called = value;
      if (timer) window.clearInterval(timer);
      timer = null;
      // A click, not requestSubmit(button): htmx sends the value of the button last focused or
      // clicked, and Next has the focus.
      button.click();
    }
  }

  function start() {
    if (timer) window.clearInterval(timer);
    timer = null;
    var form = roundForm();
    if (!form || !form.dataset.seconds) return;
    var left = parseInt(form.dataset.seconds, 10);
    var shown = form.querySelector(".catch-timer");
    var seconds = form.querySelector(".catch-timer .seconds");
    if (shown) shown.hidden = false;
    timer = window.setInterval(function () {
      left -= 1;
      if (seconds) seconds.textContent = String(Math.max(left, 0));
      if (left <= 0) call(form, "next");
    }, 1000);
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    var form = roundForm();
    if (!form) return;
    // The character typed, on whichever layout: a call's Latin key or its letter in the page's
    // language (data-key-local, the one its button shows: "О" for Ошибка).
    var key = event.key.toLowerCase();
    var called = null;
    form.querySelectorAll("button[name=call][data-key]").forEach(function (button) {
      var local = button.getAttribute("data-key-local");
      if (button.getAttribute("data-key") === key || (local && local.toLowerCase() === key)) {
        called = button.value;
      }
    });
    if (called) {
      event.preventDefault();
      call(form, called);
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "drill-panel") start();
  });
  document.addEventListener("DOMContentLoaded", start);
})();
