/**
 * Submits the sign-out form as soon as the page is read, so RP-initiated logout needs no click.
 * A file of its own because the CSP allows no inline script; loaded with `defer`, so the form
 * already exists when it runs.
 */
export const logoutScript = `'use strict';
(function () {
  var form = document.getElementById('op.logoutForm');
  if (form) form.submit();
})();
`;
