import type { ErrorCode } from '@boon/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';
import { errorMessage } from '../errors/error-message';
import { FORM_ERROR, type ContractForm } from './use-contract-form';

export interface ServerErrorOptions<S extends z.ZodType<unknown, FieldValues>> {
  /** How the sentence of a failed request starts: "We couldn't send the invite". */
  failure?: string;
  /** Server paths this form names otherwise: { roles: 'role' } ("roles.0" lands on role too). */
  paths?: Readonly<Record<string, Path<z.input<S>>>>;
  /** Catalogue errors about one field, shown there: { user_already_invited: 'email' }. */
  codes?: Partial<Readonly<Record<ErrorCode, Path<z.input<S>>>>>;
}

function renamed(path: string, paths: Readonly<Record<string, string>>): string {
  for (const [from, to] of Object.entries(paths)) {
    if (path === from || path.startsWith(`${from}.`)) return to;
  }
  return path;
}

/**
 * Shows a refused submit on the form: a 422's field errors (and the catalogue errors `codes`
 * names) at their fields, focusing the first; what belongs to no field on the form as the form's
 * alert (FormAlert). Returns whether any field got an error.
 */
export function showServerErrors<S extends z.ZodType<unknown, FieldValues>>(
  form: ContractForm<S>,
  error: unknown,
  { failure, paths = {}, codes = {} }: ServerErrorOptions<S> = {},
): boolean {
  const fieldMessages: [string, string][] = [];
  const unplaced: string[] = [];
  if (isApiError(error)) {
    for (const { path, message } of error.fieldErrors) {
      const field = form.focus.fieldOf(renamed(path, paths));
      if (field) fieldMessages.push([field, message]);
      else unplaced.push(message.trim());
    }
    // After the field errors: the answer's own sentence about a field ("Ada Lovelace is already
    // a member of Acme") says more than its code's catalogue text ("User already exists").
    const codeField = codes[error.code as ErrorCode];
    if (codeField) fieldMessages.push([codeField, error.message]);
  }

  const shown = new Set<string>();
  for (const [field, message] of fieldMessages) {
    if (shown.has(field)) continue; // the first message of a field is the one it shows
    shown.add(field);
    form.setError(field as Path<z.input<S>>, { type: 'server', message });
  }
  if (unplaced.length > 0) {
    // Problems with details the form does not show are said as the server put them.
    form.setError(FORM_ERROR as never, { type: 'server', message: unplaced.join(' ') });
  } else if (shown.size === 0) {
    const message = errorMessage(error);
    form.setError(FORM_ERROR as never, {
      type: 'server',
      message: failure ? `${failure}: ${message}` : message,
    });
  }
  form.focus.focusFirst(shown);
  return shown.size > 0;
}
