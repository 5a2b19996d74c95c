import { defaultHttpMessages, GENERIC_ERROR_MESSAGE } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_STATUS } from '../api/api-error';
import { errorMessage, INVALID_DETAILS_MESSAGE } from './error-message';
import { unreachableMessage } from './failure-messages';

const somethingWrong =
  'Something went wrong. Try again in a moment; if it keeps happening, write to support@boon.example.';

describe('errorMessage', () => {
  it.each([
    [new ApiError(409, 'user_already_invited', 'User already invited'), 'User already invited'],
    [
      new ApiError(422, 'validation_error', 'ValidationErrorResponse', [
        { path: 'roles', message: "The owner's role cannot be changed" },
      ]),
      "The owner's role cannot be changed",
    ],
    [new ApiError(422, 'validation_error', 'ValidationErrorResponse'), INVALID_DETAILS_MESSAGE],
    [
      new ApiError(409, 'conflict_with_fields', 'Conflict', [{ path: 'email', message: 'Taken' }]),
      'Taken Conflict',
    ],
    [new Error('boom'), somethingWrong],
  ])('%s → %s', (error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });

  it('never shows the catalogue name of a validation error', () => {
    const error = new ApiError(422, 'validation_error', 'ValidationErrorResponse', [
      { path: 'email', message: 'Enter a valid e-mail address' },
    ]);
    expect(errorMessage(error)).not.toContain('ValidationErrorResponse');
  });

  it.each([
    [400, 'bad_request', "Boon couldn't accept this request. Check the details and try again."],
    [401, 'unauthorized', 'Your session has ended. Sign in again to continue.'],
    [
      403,
      'forbidden',
      "You don't have permission to do this. Ask an owner or admin of your company if you need it.",
    ],
    [404, 'not_found', "We couldn't find what you asked for. It may have been moved or removed."],
    [
      500,
      'internal_error',
      "Something went wrong at Boon's end. Try again in a moment; if it keeps happening, write to support@boon.example.",
    ],
    [502, 'bad_gateway', "Boon isn't available right now. Try again in a few minutes."],
    [503, 'service_unavailable', "Boon isn't available right now. Try again in a few minutes."],
  ] as const)('says what a bare %i means instead of its status text', (status, code, expected) => {
    const statusText = defaultHttpMessages[status];
    const message = errorMessage(new ApiError(status, code, statusText));
    expect(message).toBe(expected);
    expect(message).not.toContain(statusText);
  });

  it.each([
    [
      429,
      'rate_limited',
      'There were too many requests in a short time. Wait a minute, then try again.',
    ],
    [504, 'server_error', "Boon isn't available right now. Try again in a few minutes."],
    [418, 'client_error', somethingWrong],
  ])('says what a %i with "Generic Error" means', (status, code, expected) => {
    expect(errorMessage(new ApiError(status, code, GENERIC_ERROR_MESSAGE))).toBe(expected);
  });

  it('keeps the sentence of a call that got no answer', () => {
    const offline = new ApiError(NO_RESPONSE_STATUS, 'network_error', unreachableMessage());
    expect(errorMessage(offline)).toBe(
      "We can't reach Boon right now; nothing was changed. Check your connection and try again.",
    );
  });

  it('never leaves a status text on screen, whatever the status', () => {
    const texts = [...Object.values(defaultHttpMessages), GENERIC_ERROR_MESSAGE];
    for (let status = 400; status < 600; status += 1) {
      for (const text of texts) {
        const message = errorMessage(new ApiError(status, 'any', text));
        for (const leaked of texts) expect(message).not.toContain(leaked);
      }
    }
  });
});
