/**
 * How errors appear in the log. A failed query's error carries the values it was sent (password
 * hashes, e-mail addresses, tokens) in its `params` and in its message and stack; a database
 * error's message and detail quote values too ("Key (email)=(…) already exists"). Those are
 * logged by their SQL (placeholders only) and SQLSTATE code, never with their values.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

interface DatabaseError extends Error {
  code: string;
  severity?: unknown;
}

/** drizzle's DrizzleQueryError, recognised by shape (drizzle-orm stays inside packages/db). */
function isQueryError(error: unknown): error is QueryError {
  return (
    error instanceof Error &&
    typeof (error as Partial<QueryError>).query === 'string' &&
    Array.isArray((error as Partial<QueryError>).params)
  );
}

/** An error PostgreSQL (or PGlite) sent back: a SQLSTATE code and a severity. */
function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    error instanceof Error &&
    typeof (error as Partial<DatabaseError>).code === 'string' &&
    SQLSTATE.test((error as DatabaseError).code) &&
    'severity' in error
  );
}

/** The SQLSTATE code of a database error anywhere in `error`'s chain of causes. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth <= MAX_CAUSES; depth += 1) {
    if (isDatabaseError(current)) return current.code;
    current = current.cause;
  }
  return undefined;
}

/** The stack's frames without its first lines, which repeat the message. */
function framesOf(error: Error): string | undefined {
  const at = error.stack?.indexOf('\n    at ') ?? -1;
  return at >= 0 ? error.stack?.slice(at + 1) : undefined;
}

type LoggedError = { type: string; message: string; stack: string } & Record<string, unknown>;

/** The logger's `err` serializer: pino's usual fields, with query values and database texts left out. */
export function errorForLog(error: Error, depth = 0): LoggedError {
  const cause =
    error.cause instanceof Error
      ? depth < MAX_CAUSES
        ? errorForLog(error.cause, depth + 1)
        : undefined
      : error.cause;
  const withCause = cause === undefined ? {} : { cause };
  if (isQueryError(error)) {
    return {
      type: error.constructor.name,
      message: 'A database query failed (its values are left out of the log).',
      query: error.query,
      stack: framesOf(error) ?? '',
      ...withCause,
    };
  }
  if (isDatabaseError(error)) {
    const { code, severity, table, column, constraint, routine } = error as DatabaseError &
      Record<string, unknown>;
    return {
      type: error.constructor.name,
      message: `Database error ${code} (its text is left out of the log: it may quote values).`,
      code,
      severity,
      table,
      column,
      constraint,
      routine,
      stack: framesOf(error) ?? '',
      ...withCause,
    };
  }
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'cause') own[key] = value;
  }
  return {
    ...own,
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...withCause,
  };
}
