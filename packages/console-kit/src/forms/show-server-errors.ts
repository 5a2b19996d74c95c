import type { ErrorCode } from '@boon/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';
import { errorMessage } from '../errors/error-message';
import { FORM_ERROR, type ContractForm } from './use-contract-form';

export interface ServerErrorOptions<S extends z.ZodType<unknown, FieldValues>> {
  /** How the sentence of a failed request starts: "We couldn't send the invite". */
  failure?: string;
  /**
   * Server paths this form names otherwise: { roles: 'role' } ("roles.0" lands on role too). A
   * form spread over several pages names every path's field itself (undefined: none of its
   * fields), so its errors wait at fields that are not on the page yet.
   */
  paths?: Readonly<Record<string, Path<z.input<S>>>> | ((serverPath: string) => string | undefined);
  /** Catalogue errors about one field, shown there: { user_already_invited: 'email' }. */
  codes?: Partial<Readonly<Record<ErrorCode, Path<z.input<S>>>>>;
  /**
   * False where the page says the refusal in its own words (a form's last page, away from its
   * fields): then what belongs to no field is left to it, not put on the form's alert.
   */
  formAlert?: boolean;
}

export interface ServerFieldError {
  field: string;
  message: string;
}

function renamed(path: string, paths: Readonly<Record<string, string>>): string {
  for (const [from, to] of Object.entries(paths)) {
    if (path === from || path.startsWith(`${from}.`)) return to;
  }
  return path;
}

function fieldNamed<S extends z.ZodType<unknown, FieldValues>>(
  form: ContractForm<S>,
  path: string,
  paths: NonNullable<ServerErrorOptions<S>['paths']>,
): string | undefined {
  if (typeof paths !== 'function') return form.focus.fieldOf(renamed(path, paths));
  const named = paths(path);
  return named === undefined ? undefined : (form.focus.fieldOf(named) ?? named);
}

/** A refusal's messages: those at a field of the form, and those about none of its fields. */
function splitByField<S extends z.ZodType<unknown, FieldValues>>(
  form: ContractForm<S>,
  error: unknown,
  { paths = {}, codes = {} }: ServerErrorOptions<S>,
): { fields: ServerFieldError[]; unplaced: string[] } {
  const fields: ServerFieldError[] = [];
  const unplaced: string[] = [];
  if (!isApiError(error)) return { fields, unplaced };
  for (const { path, message } of error.fieldErrors) {
    const field = fieldNamed(form, path, paths);
    if (field) fields.push({ field, message });
    else unplaced.push(message.trim());
  }
  // After the field errors: the answer's own sentence about a field ("Ada Lovelace is already
  // a member of Acme") says more than its code's catalogue text ("User already exists").
  const codeField = codes[error.code as ErrorCode];
  if (codeField) fields.push({ field: codeField, message: error.message });
  // The first message of a field is the one it shows.
  return {
    fields: fields.filter(
      (entry, index) => fields.findIndex(({ field }) => field === entry.field) === index,
    ),
    unplaced,
  };
}

/**
 * The fields of the form a refusal is about, each with the message it shows, in the answer's
 * order (as showServerErrors places them): where a form over several pages sends the person back.
 */
export function serverFieldErrors<S extends z.ZodType<unknown, FieldValues>>(
  form: ContractForm<S>,
  error: unknown,
  options: ServerErrorOptions<S> = {},
): ServerFieldError[] {
  return splitByField(form, error, options).fields;
}

/**
 * Shows a refused submit on the form: a 422's field errors (and the catalogue errors `codes`
 * names) at their fields, focusing the first; what belongs to no field on the form as the form's
 * alert (FormAlert). Returns whether any field got an error.
 */
export function showServerErrors<S extends z.ZodType<unknown, FieldValues>>(
  form: ContractForm<S>,
  error: unknown,
  options: ServerErrorOptions<S> = {},
): boolean {
  const { failure, formAlert = true } = options;
  const { fields, unplaced } = splitByField(form, error, options);
  for (const { field, message } of fields) {
    form.setError(field as Path<z.input<S>>, { type: 'server', message });
  }
  if (formAlert && unplaced.length > 0) {
    // Problems with details the form does not show are said as the server put them.
    form.setError(FORM_ERROR as never, { type: 'server', message: unplaced.join(' ') });
  } else if (formAlert && fields.length === 0) {
    const message = errorMessage(error);
    form.setError(FORM_ERROR as never, {
      type: 'server',
      message: failure ? `${failure}: ${message}` : message,
    });
  }
  const shown = fields.map(({ field }) => field);
  form.focus.focusFirst(shown);
  return shown.length > 0;
}
