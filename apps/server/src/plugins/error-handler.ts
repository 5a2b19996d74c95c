import {
  codeForStatus,
  defaultMessageForStatus,
  errorBody,
  type ApiErrorBody,
} from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** Every error leaves as `{ status, code, message }` with the spec's texts; nothing internal leaks. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
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
