import { Button, Checkbox, Select, TextField, type SelectOption } from '@boon/ui';
import { useState } from 'react';
import { bulkFieldLabels, type BulkField } from './column-mapping';
import type { FindReplace } from './sheet-tools';

export interface FindReplaceFormProps {
  fields: readonly BulkField[];
  /** How many rows a replacement reaches: those the grid lists. */
  rowsListed: number;
  /** What the grid lists, in the words of its filter. */
  listedLabel: string;
  busy: boolean;
  onReplace(change: FindReplace): void;
}

/** Find and replace in one column of the listed rows: one kind of mistake fixed at once. */
export function FindReplaceForm({
  fields,
  rowsListed,
  listedLabel,
  busy,
  onReplace,
}: FindReplaceFormProps) {
  const [field, setField] = useState<BulkField | null>(fields[0] ?? null);
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const options: SelectOption<BulkField>[] = fields.map((value) => ({
    id: value,
    value,
    label: bulkFieldLabels[value],
  }));

  return (
    <form
      aria-labelledby="find-replace-heading"
      className="flex flex-col gap-3 rounded-md border border-line p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!field || find === '' || busy) return;
        onReplace({ field, find, replacement, matchCase });
      }}
    >
      <h2 id="find-replace-heading" className="text-lg font-semibold text-ink">
        Find and replace
      </h2>
      <p className="text-sm text-ink-muted">
        Replace all changes the {rowsListed.toLocaleString()} rows listed below (
        {listedLabel.toLowerCase()}). To reach every row, show every row first.
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Select<BulkField>
          label="Find in column"
          options={options}
          value={field}
          onChange={(value) => setField(value)}
          required
        />
        <TextField
          label="Find"
          value={find}
          onChange={setFind}
          required
          touched={submitted}
          error={submitted && find === '' ? 'Enter the text to find.' : undefined}
          autoComplete="off"
        />
        <TextField
          label="Replace with"
          value={replacement}
          onChange={setReplacement}
          optional
          autoComplete="off"
          hint="Leave empty to remove the text."
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Checkbox label="Match case" checked={matchCase} onChange={setMatchCase} />
        <Button type="submit" variant="secondary" disabled={busy || rowsListed === 0}>
          Replace all
        </Button>
      </div>
    </form>
  );
}
