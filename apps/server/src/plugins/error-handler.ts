import {
  COMMON_ENDPOINT_ERRORS,
  codeForStatus,
  defaultMessageForStatus,
  errorBody,
  type ApiErrorBody,
} from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import { UNSAFE_TEXT_MESSAGE } from '@boon/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { databaseErrorCode } from '../error-log.js';

/**
 * SQLSTATEs for text the database cannot store: invalid byte sequence (a NUL) and untranslatable
 * character. The contracts refuse such text at its field first; this catches what gets past them.
 */
const UNSTORABLE_TEXT_CODES: ReadonlySet<string> = new Set(['22021', '22P05']);

export interface ErrorHandlerOptions {
  /**
   * Refuse (as a 500) a catalogue error its route does not declare, so the descriptors' error
   * lists, which the OpenAPI description and the console's mocks rely on, cannot drift from what
   * the server sends. On everywhere but production, where a real answer beats a strict one.
   */
  strictDeclaredErrors: boolean;
}

const common: ReadonlySet<string> = new Set(COMMON_ENDPOINT_ERRORS);

/** Every error leaves as `{ status, code, message }` with the spec's texts; nothing internal leaks. */
export const errorHandlerPlugin = fp<ErrorHandlerOptions>(async (app: FastifyInstance, options) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body = toErrorBody(error);
    const declared = request.routeOptions.config?.errors;
    if (
      options.strictDeclaredErrors &&
      declared !== undefined &&
      error instanceof AppError &&
      !common.has(error.code) &&
      !declared.includes(error.code)
    ) {
      request.log.error(
        { code: error.code, route: request.routeOptions.url },
        'a route answered an error its descriptor does not declare',
      );
      body = errorBody('internal_error');
    }
    if (error instanceof AppError && error.retryAfterSeconds !== undefined && body.status < 500) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status: body.status }, 'request refused');
    return reply.status(body.status).send(body);
  });
});

function toErrorBody(error: FastifyError): ApiErrorBody {
  if (error instanceof AppError) return errorBody(error.code, error.fieldErrors);
  if (hasZodFastifySchemaValidationErrors(error)) {
    return errorBody(
      'validation_error',
      error.validation.flatMap((issue) => {
        const path = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)];
        // A strict object's unknown fields: one error at each field, where a form can show it.
        const keys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
        if (Array.isArray(keys) && keys.length > 0) {
          return keys.map((key) => ({
            path: joinPath([...path, String(key)]),
            message: 'Unrecognized field',
          }));
        }
        return [{ path: joinPath(path), message: issue.message ?? 'Invalid value' }];
      }),
    );
  }
  if (isResponseSerializationError(error)) return errorBody('internal_error');
  const databaseCode = databaseErrorCode(error);
  if (databaseCode !== undefined && UNSTORABLE_TEXT_CODES.has(databaseCode)) {
    return errorBody('validation_error', [{ path: 'request', message: UNSAFE_TEXT_MESSAGE }]);
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return errorBody('rate_limited');
  if (status >= 400 && status < 500) {
    return { status, code: codeForStatus(status), message: defaultMessageForStatus(status) };
  }
  return errorBody('internal_error');
}

function joinPath(parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join('.');
}
