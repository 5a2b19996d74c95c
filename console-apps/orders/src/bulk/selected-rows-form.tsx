import { Button, Checkbox, Select, TextField, type SelectOption } from '@boon/ui';
import { useState } from 'react';
import { bulkFieldLabels, type BulkField } from './column-mapping';

export interface SelectedRowsFormProps {
  fields: readonly BulkField[];
  selected: number;
  rowsListed: number;
  busy: boolean;
  onSelectAll(selected: boolean): void;
  onSetValue(field: BulkField, value: string): void;
  onDelete(): void;
}

/** What can be done to the rows ticked in the grid: one value for a column, or away with them. */
export function SelectedRowsForm({
  fields,
  selected,
  rowsListed,
  busy,
  onSelectAll,
  onSetValue,
  onDelete,
}: SelectedRowsFormProps) {
  const [field, setField] = useState<BulkField | null>(fields[0] ?? null);
  const [value, setValue] = useState('');
  const options: SelectOption<BulkField>[] = fields.map((option) => ({
    id: option,
    value: option,
    label: bulkFieldLabels[option],
  }));
  const none = selected === 0;

  return (
    <form
      aria-labelledby="selected-rows-heading"
      className="flex flex-col gap-3 rounded-md border border-line p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!field || none || busy) return;
        onSetValue(field, value);
      }}
    >
      <h2 id="selected-rows-heading" className="text-lg font-semibold text-ink">
        Selected rows
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <Checkbox
          label={`Select all ${rowsListed.toLocaleString()} listed rows`}
          checked={rowsListed > 0 && selected === rowsListed}
          disabled={rowsListed === 0}
          onChange={onSelectAll}
        />
        <p className="text-sm text-ink" aria-live="polite">
          {selected === 1 ? '1 row selected.' : `${selected.toLocaleString()} rows selected.`}
        </p>
      </div>
      <div className="grid grid-cols-1 items-end gap-4 md:grid-cols-3">
        <Select<BulkField>
          label="Set column"
          options={options}
          value={field}
          onChange={(next) => setField(next)}
          required
        />
        <TextField
          label="Value"
          value={value}
          onChange={setValue}
          optional
          autoComplete="off"
          hint="Leave empty to empty the cells."
        />
        <div className="flex flex-wrap gap-3 pb-0.5">
          <Button type="submit" variant="secondary" disabled={none || busy}>
            Set value
          </Button>
          <Button variant="secondary" disabled={none || busy} onClick={onDelete}>
            Delete selected rows
          </Button>
        </div>
      </div>
    </form>
  );
}
