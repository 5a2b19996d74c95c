/**
 * The sandbox pages' scripts, served from the processor's own path (the pages' CSP allows no
 * inline script). They talk to the embedding page with postMessage, to their own origin only:
 * the embedded processor shares the product's origin. The protocol, all `card-sandbox:` typed:
 * - the console sends `tokenize` with a request id;
 * - the frame answers `token` (the card's token and how to show it), `invalid` (its fields say
 *   what to fix) or `failed` (a sentence), and sends `ready`, `resize` and `submit` (Enter).
 * - the challenge page sends `challenge-complete` when the cardholder has answered.
 */
export const frameScript = `(() => {
  'use strict';
  const origin = window.location.origin;
  const form = document.getElementById('card-form');
  const fields = ['number', 'expiry', 'cvc', 'name'];
  const tell = (message) => window.parent.postMessage(message, origin);
  // The form's own height: the document's is never less than the frame's, so it would never shrink.
  const resize = () => tell({ type: 'card-sandbox:resize', height: Math.ceil(form.getBoundingClientRect().height) });

  function showErrors(errors) {
    let first = null;
    for (const name of fields) {
      const input = document.getElementById(name);
      const error = document.getElementById(name + '-error');
      const message = errors[name];
      error.textContent = message || '';
      error.hidden = !message;
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        if (!first) first = input;
      } else {
        input.removeAttribute('aria-invalid');
      }
    }
    resize();
    if (first) first.focus();
  }

  async function tokenize(requestId) {
    const value = (name) => document.getElementById(name).value;
    try {
      const response = await fetch(form.dataset.tokens || 'tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: value('number'), expiry: value('expiry'), cvc: value('cvc'), name: value('name') }),
      });
      const body = await response.json().catch(() => null);
      if (response.ok && body && body.token) {
        showErrors({});
        tell({ type: 'card-sandbox:token', requestId, card: body });
      } else if (response.status === 422 && body && body.errors) {
        showErrors(body.errors);
        tell({ type: 'card-sandbox:invalid', requestId });
      } else {
        tell({ type: 'card-sandbox:failed', requestId, message: (body && body.message) || 'The card processor did not answer. Try again in a few minutes.' });
      }
    } catch {
      tell({ type: 'card-sandbox:failed', requestId, message: 'The card processor could not be reached. Check your connection and try again.' });
    }
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    const data = event.data;
    if (data && data.type === 'card-sandbox:tokenize' && typeof data.requestId === 'string') {
      void tokenize(data.requestId);
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    tell({ type: 'card-sandbox:submit' });
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      tell({ type: 'card-sandbox:submit' });
    }
  });
  const number = document.getElementById('number');
  number.addEventListener('blur', () => {
    const digits = number.value.replace(/\\D/g, '');
    if (digits.length >= 12) number.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  window.addEventListener('resize', resize);
  tell({ type: 'card-sandbox:ready' });
  resize();
})();
`;

export const challengeScript = `(() => {
  'use strict';
  const done = document.getElementById('challenge-done');
  if (!done || window.parent === window) return;
  window.parent.postMessage(
    { type: 'card-sandbox:challenge-complete', paymentId: done.dataset.paymentId || null, status: done.dataset.status },
    window.location.origin,
  );
})();
`;
