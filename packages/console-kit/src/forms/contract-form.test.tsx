import { RadioGroup, Select, TextField } from '@boon/ui';
import { axeViolations } from '@boon/ui/testing';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { blankAs } from './blank-as';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { serverFieldErrors, showServerErrors } from './show-server-errors';
import { FORM_ERROR, useContractForm } from './use-contract-form';
import { useIdempotencyKey } from './use-idempotency-key';

const schema = z.strictObject({
  name: z.string().trim().min(1).max(12),
  country: z.string().regex(/^[A-Z]{2}$/),
  size: z.enum(['small', 'large']),
  note: blankAs(undefined, z.string().trim().max(5).optional()),
  code: z.string().regex(/^\d+$/, 'Digits only'),
});

const countries = [
  { id: 'GB', value: 'GB', label: 'United Kingdom' },
  { id: 'US', value: 'US', label: 'United States' },
];
const sizes = [
  { id: 'small', value: 'small' as const, label: 'Small' },
  { id: 'large', value: 'large' as const, label: 'Large' },
];

function TestForm({
  onValid,
  refusal,
}: {
  onValid: (values: z.output<typeof schema>) => void;
  refusal?: unknown;
}) {
  const form = useContractForm(schema, {
    defaultValues: { name: '', note: '', code: '1' },
    messages: { code: 'Enter the code as digits.' },
  });
  return (
    <form
      noValidate
      onSubmit={form.submit((values) => {
        if (refusal) showServerErrors(form, refusal, { failure: "We couldn't save it" });
        else onValid(values);
      })}
    >
      <FormField form={form} name="name" as={TextField} label="Name" />
      <FormField form={form} name="country" as={Select} label="Country" options={countries} />
      <FormField form={form} name="size" as={RadioGroup} label="Size" options={sizes} />
      <FormField form={form} name="note" as={TextField} label="Note" optional />
      <FormField form={form} name="code" as={TextField} label="Code" />
      <FormAlert form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('a form over a contract schema', () => {
  it('takes its limits and required fields from the schema', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={vi.fn()} />);

    expect(field('Name')).toHaveAttribute('maxlength', '12');
    expect(field('Name')).toHaveAttribute('aria-required', 'true');
    expect(field('Note')).toHaveAttribute('maxlength', '5');
    expect(field('Note')).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute(
      'aria-required',
      'true',
    );

    // Past the schema's maximum the field takes no more, typed or pasted.
    await user.type(field('Name'), 'Initech Corporation');
    expect(field('Name')).toHaveValue('Initech Corp');
    await user.click(field('Note'));
    await user.paste('far too long');
    expect(field('Note')).toHaveValue('far t');
  });

  it('says "This field is required." for an empty field once left, and the form\'s own text otherwise', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={vi.fn()} />);

    await user.click(field('Name'));
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('This field is required. 0/12');

    await user.type(field('Code'), 'x');
    await user.tab();
    expect(screen.getByText('Enter the code as digits.')).toBeVisible();
    await user.clear(field('Code'));
    expect(field('Code')).toHaveAccessibleDescription('This field is required.');
  });

  it('moves focus to the first field in error on submit, a group of radios included', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field('Name')).toHaveFocus();
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);

    await user.type(field('Name'), 'Initech');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('radio', { name: 'Small' })).toHaveFocus();
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onValid).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.type(field('Note'), '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({
      name: 'Initech',
      country: 'GB',
      size: 'large',
      note: undefined,
      code: '1',
    });
  });

  it("shows a 422's field errors at their fields, focusing the first, and the rest as an alert", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(422, 'validation_error', 'ValidationErrorResponse', [
      { path: 'code', message: 'That code is used.' },
      { path: 'name', message: 'That name is taken.' },
      { path: 'customer', message: 'The customer is closed.' },
    ]);
    render(<TestForm onValid={vi.fn()} refusal={refusal} />);

    await user.type(field('Name'), 'Initech');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.click(screen.getByRole('radio', { name: 'Small' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('That name is taken.')).toBeVisible();
    expect(field('Name')).toHaveFocus();
    expect(field('Code')).toHaveAccessibleDescription('That code is used.');
    expect(screen.getByRole('alert')).toHaveTextContent('The customer is closed.');
    expect(await axeViolations()).toEqual([]);

    // Editing a field takes the server's objection to it away.
    await user.type(field('Name'), 's');
    expect(screen.queryByText('That name is taken.')).toBeNull();
    expect(screen.getByText('That code is used.')).toBeVisible();
  });

  it('says why a submit failed when the answer names no field', async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(503, 'service_unavailable', 'Service Unavailable');
    render(<TestForm onValid={vi.fn()} refusal={refusal} />);

    await user.type(field('Name'), 'Initech');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.click(screen.getByRole('radio', { name: 'Small' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      "We couldn't save it: Boon isn't available right now. Try again in a few minutes.",
    );
  });
});

describe('showServerErrors on a form spread over several pages', () => {
  it('puts each error at the field the form names, on the page or not, and leaves the sentence to the page', () => {
    const { result } = renderHook(() => useContractForm(schema));
    const form = result.current;
    const refusal = new ApiError(422, 'validation_error', 'ValidationErrorResponse', [
      { path: 'body.note', message: 'Too long.' },
      { path: 'body.code.0', message: 'Not a digit.' },
      { path: 'body.note', message: 'Said twice.' },
      { path: 'query.page', message: 'No such page.' },
    ]);
    const paths = (path: string) => (path.startsWith('body.') ? path.split('.')[1] : undefined);

    expect(serverFieldErrors(form, refusal, { paths })).toEqual([
      { field: 'note', message: 'Too long.' },
      { field: 'code', message: 'Not a digit.' },
    ]);
    act(() => {
      expect(showServerErrors(form, refusal, { paths, formAlert: false })).toBe(true);
    });
    expect(form.getFieldState('note').error?.message).toBe('Too long.');
    expect(form.getFieldState('code').error?.message).toBe('Not a digit.');
    expect(form.getFieldState(FORM_ERROR as never).error).toBeUndefined();
  });
});

describe('useIdempotencyKey', () => {
  function Probe({ onKey }: { onKey: (key: { for(r: unknown): string; renew(): void }) => void }) {
    onKey(useIdempotencyKey());
    return null;
  }

  it('keeps one key for retries of the same request, and a new one for other values or after success', () => {
    let keys: { for(r: unknown): string; renew(): void } | undefined;
    render(<Probe onKey={(k) => (keys = k)} />);
    const attempt = keys!;

    const first = attempt.for({ email: 'a@acme.test' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempt.for({ email: 'a@acme.test' })).toBe(first);
    const other = attempt.for({ email: 'b@acme.test' });
    expect(other).not.toBe(first);
    attempt.renew();
    expect(attempt.for({ email: 'b@acme.test' })).not.toBe(other);
  });
});
