import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { findOption, type SelectOption } from './select';

export interface ListboxSelectProps<V = string> {
  label: string;
  options: readonly SelectOption<V>[];
  /** null (or undefined) chooses nothing, which shows the placeholder. */
  value: V | null | undefined;
  /** Called once an option is committed (Enter, Space or a click), never while browsing. */
  onChange: (value: V, option: SelectOption<V>) => void;
  /** What the button says while nothing is chosen, e.g. "Select a customer". */
  placeholder?: string;
  /** A note under the button, read as its description (not an error). */
  hint?: ReactNode;
  labelClassName?: string;
  className?: string;
  id?: string;
}

/**
 * A choice that takes effect only when committed: a button showing the chosen option opens a
 * listbox where the arrow keys (and typing) move, Enter, Space or a click commits, and Escape or a
 * click outside cancels, focus going back to the button. For choices with consequences, such as
 * the company the user acts for, where a native select's arrow keys would switch at every press.
 * Radix provides the listbox semantics, keyboard, type-ahead and focus return.
 */
export function ListboxSelect<V = string>({
  label,
  options,
  value,
  onChange,
  placeholder,
  hint,
  labelClassName = 'text-sm font-medium text-ink',
  className = '',
  id,
}: ListboxSelectProps<V>) {
  const generated = useId();
  const triggerId = id ?? generated;
  const hintId = `${triggerId}-hint`;
  const selected = findOption(options, value);

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={triggerId} className={labelClassName}>
        {label}
      </label>
      <RadixSelect.Root
        value={selected?.id ?? ''}
        onValueChange={(chosen) => {
          const option = options.find((candidate) => candidate.id === chosen);
          if (option) onChange(option.value, option);
        }}
      >
        <RadixSelect.Trigger
          id={triggerId}
          aria-describedby={hint ? hintId : undefined}
          className="flex w-full min-w-0 items-center justify-between gap-2 rounded-md border border-line-strong bg-surface px-3 py-2 text-left text-sm text-ink hover:bg-surface-muted data-[placeholder]:text-ink-muted"
        >
          <span className="truncate">
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon asChild>
            <ChevronDown aria-hidden="true" focusable="false" className="h-4 w-4 shrink-0" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-line bg-surface shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.id}
                  value={option.id}
                  disabled={option.disabled}
                  className="relative flex cursor-pointer items-center gap-2 rounded px-2 py-2 pr-8 text-sm text-ink outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="absolute right-2 inline-flex items-center">
                    <Check aria-hidden="true" focusable="false" className="h-4 w-4" />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
