// The learner's time zone, as the browser knows it, kept in the "tz" cookie so that the server
// counts their days (the daily goal, the streak) and shows times on their own clock
// (trainer/web/time_zone.py). Sent once: set again only when it changes (travel).
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  // An IANA name (Europe/Moscow) is cookie-safe as it is; anything else is not one.
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\/-]+$/.test(zone)) {
    return;
  }
  var value = zone;
  var kept = document.cookie.split("; ").indexOf("tz=" + value) !== -1;
  if (!kept) {
    var secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = "tz=" + value + "; path=/; max-age=31536000; samesite=lax" + secure;
  }
})();
