// The main menu: on a phone its links are one row that scrolls sideways (static/css/app.css),
// and the page's own link (aria-current) is brought into that row's view on arrival, without
// moving the page. Without this file the row starts at its first link.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var nav = document.querySelector(".site-header nav");
    var current = nav && nav.querySelector("a[aria-current]");
    if (!current || nav.scrollWidth <= nav.clientWidth) return;
    var left = current.offsetLeft - nav.offsetLeft;
    if (left + current.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - 16;
    }
  });
})();
