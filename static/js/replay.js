// A replay, with JavaScript on: the left and right arrows go to the previous and the next step,
// Home and End to the first and the last (the links the page has without JavaScript, each a
// page of its own). Not while typing in a field, nor with a modifier held.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && target.tagName && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var which = KEYS[event.key];
    if (!which) return;
    var link = document.querySelector('a[data-replay="' + which + '"]');
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });

  // Arrived on a step: focus its heading, so that the step is read and the keys go on working.
  document.addEventListener("DOMContentLoaded", function () {
    var heading = document.getElementById("step-heading");
    if (heading && /[?&]step=/.test(window.location.search)) heading.focus({ preventScroll: true });
  });
})();
