import { useFormState, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ContractForm } from './use-contract-form';

/** The form's refusal that belongs to no field (showServerErrors), announced when it appears. */
export function FormAlert<S extends z.ZodType<unknown, FieldValues>>({
  form,
}: {
  form: ContractForm<S>;
}) {
  const { errors } = useFormState({ control: form.control });
  const message = (errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
      {message}
    </p>
  );
}
