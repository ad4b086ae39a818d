/* Small site-wide behaviours (no rules logic). */
(function () {
  "use strict";
})();
