import { mergeRefs } from '@boon/ui';
import { useMemo, type ComponentProps, type ComponentType, type JSX } from 'react';
import { useController, useFormState, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { schemaFieldRules } from './schema-field-rules';
import type { ContractForm } from './use-contract-form';

/** What FormField gives the control; the rest of its props are the caller's. */
type BoundProps =
  | 'value'
  | 'checked'
  | 'onChange'
  | 'onBlur'
  | 'ref'
  | 'name'
  | 'error'
  | 'touched'
  | 'required'
  | 'maxLength';

// The ui controls are generic over their values (Select<V>), so any component is taken here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyControl = ComponentType<any> | ((props: any) => JSX.Element);

export type FormFieldProps<S extends z.ZodType<unknown, FieldValues>, C extends AnyControl> = {
  form: ContractForm<S>;
  /** The field's path in the form's values. */
  name: Path<z.input<S>>;
  /** The @boon/ui control that shows the field: TextField, Select, RadioGroup, Checkbox, … */
  as: C;
  // An input's own `form` attribute gives way to the form object.
} & Omit<ComponentProps<C>, BoundProps | 'form' | 'as'>;

/**
 * Binds one @boon/ui control to a form field by name. The control stays presentational: its
 * value, whether it is required, its longest text (both read from the contract schema), touched
 * state and error come from here, and the control ties them to its label, hint and
 * aria-invalid/aria-describedby. A server's objection to the field goes as soon as it is edited.
 */
export function FormField<S extends z.ZodType<unknown, FieldValues>, C extends AnyControl>({
  form,
  name,
  as,
  ...controlProps
}: FormFieldProps<S, C>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const { isSubmitted } = useFormState({ control: form.control });
  const valueKind = typeof field.value === 'string' ? 'text' : typeof field.value;
  const rules = useMemo(
    () => schemaFieldRules(form.schema, name, field.value),
    // The rules depend on the kind of value, not on each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form.schema, name, valueKind],
  );
  const Control = as as ComponentType<Record<string, unknown>>;
  const error = fieldState.error?.message;

  return (
    <Control
      {...controlProps}
      name={field.name}
      {...(typeof field.value === 'boolean' ? { checked: field.value } : { value: field.value })}
      onChange={(value: unknown) => {
        if (fieldState.error?.type === 'server') form.clearErrors(name);
        field.onChange(value);
      }}
      onBlur={field.onBlur}
      ref={mergeRefs(field.ref, form.focus.track(name))}
      error={error}
      touched={fieldState.isTouched || isSubmitted || error !== undefined}
      required={rules.required || undefined}
      {...(rules.maxLength === undefined ? {} : { maxLength: rules.maxLength })}
    />
  );
}
