import { useMemo, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver, type FieldMessages } from './contract-resolver';
import { createFieldFocus, errorPaths, type FieldFocus } from './field-focus';

/** The key of a refusal that belongs to no single field (see showServerErrors). */
export const FORM_ERROR = 'root.server';

export interface ContractFormOptions<S extends z.ZodType<unknown, FieldValues>> {
  defaultValues?: DefaultValues<z.input<S>>;
  /** The form's own sentence for a field the schema refuses (spec 5's "custom error"). */
  messages?: FieldMessages;
  /** Drops a field's value when it leaves the page, so a hidden field never blocks a submit. */
  dropHiddenFields?: boolean;
}

export type ContractForm<S extends z.ZodType<unknown, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
> & {
  /** The schema the form is checked against; fields read their limits from it. */
  schema: S;
  focus: FieldFocus;
  /**
   * The form's onSubmit: checks the values against the schema, then calls `onValid` with what the
   * schema made of them (trimmed, say), or moves focus to the first field in error.
   */
  submit(onValid: (values: z.output<S>) => unknown): (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * A form checked against a contract schema, so the rules and limits of a field are the server's
 * own and never copied. Errors show once a field has been left (spec 5's "touched"), and as the
 * user types after that or after a submit.
 */
export function useContractForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  { defaultValues, messages = {}, dropHiddenFields = false }: ContractFormOptions<S> = {},
): ContractForm<S> {
  const [fieldFocus] = useState(createFieldFocus);
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: contractResolver(schema, messages),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // Focus is ours (FieldFocus): react-hook-form's reaches only refs it registered itself.
    shouldFocusError: false,
    shouldUnregister: dropHiddenFields,
    ...(defaultValues ? { defaultValues } : {}),
  });
  // One object for the life of the form, as useForm's own is, so effects can depend on it; the
  // form's methods and its current formState are read through to useForm's.
  return useMemo(() => {
    const additions: Pick<ContractForm<S>, 'schema' | 'focus' | 'submit'> = {
      schema,
      focus: fieldFocus,
      submit: (onValid) => (event) => {
        // A refusal of the last attempt says nothing about this one.
        methods.clearErrors(FORM_ERROR as never);
        return methods.handleSubmit(
          async (values) => {
            await onValid(values);
          },
          (errors) => {
            fieldFocus.focusFirst(
              errorPaths(errors).flatMap((path) => fieldFocus.fieldOf(path) ?? []),
            );
          },
        )(event);
      },
    };
    return Object.assign(Object.create(methods) as typeof methods, additions);
  }, [methods, schema, fieldFocus]);
}
