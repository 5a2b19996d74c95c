// Forms over the contract schemas. Its own entry, since it brings react-hook-form and zod: only
// lazily loaded screens import it, never the first screen.
export { blankAs } from './blank-as';
export type { FieldMessages } from './contract-resolver';
export { FormAlert } from './form-alert';
export { FormField, type FormFieldProps } from './form-field';
export {
  serverFieldErrors,
  showServerErrors,
  type ServerErrorOptions,
  type ServerFieldError,
} from './show-server-errors';
export { schemaFieldRules, type SchemaFieldRules } from './schema-field-rules';
export {
  FORM_ERROR,
  useContractForm,
  type ContractForm,
  type ContractFormOptions,
} from './use-contract-form';
export { newIdempotencyKey, useIdempotencyKey, type IdempotencyKey } from './use-idempotency-key';
