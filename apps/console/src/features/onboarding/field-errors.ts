import type { FieldError } from '@boon/contracts';
import { isApiError } from '../../api/api-error';

/** A 422's field errors by field path (the first message of each); empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  return messagesByPath(error.fieldErrors);
}

export function messagesByPath(fieldErrors: readonly FieldError[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const { path, message } of fieldErrors) byPath[path] ??= message;
  return byPath;
}
