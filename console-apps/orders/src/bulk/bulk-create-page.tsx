import { ErrorAlert, errorMessage, useSelectedCustomerId } from '@boon/console-kit';
import {
  Button,
  FileUpload,
  primaryLinkClasses,
  Select,
  TextArea,
  type SelectOption,
} from '@boon/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { downloadCsv } from '../order-parts';
import { BulkBrandsDialog } from './bulk-brands-dialog';
import type { BulkChoices } from './bulk-choices';
import { BulkChoicesSection } from './bulk-choices-section';
import { useBulkDraft } from './bulk-context';
import type { ParsedFile } from './bulk-file';
import { BulkMessageDialog } from './bulk-message-dialog';
import { BULK_FILE_MAX_BYTES, bulkTemplateCsv, type RowProblem } from './bulk-template';
import { parseInWorker, parseWorkbookInWorker, startBulkWorker } from './bulk-worker-client';
import { bulkFieldLabels, BULK_FIELDS, suggestMapping, type BulkField } from './column-mapping';
import { DuplicatesNotice } from './duplicates-notice';
import { rememberedMapping } from './remembered-mapping';
import { isWorkbook, WORKBOOK_HEAD_BYTES } from './spreadsheet-kind';

/**
 * Fields a row cannot do without; the currency follows the merchant when left out, and the
 * merchant is the order's when one is chosen.
 */
function requiredFields(choices: BulkChoices): readonly BulkField[] {
  return choices.merchant
    ? ['name', 'email', 'faceValue']
    : ['name', 'email', 'faceValue', 'productCode'];
}

/** What the file input offers: CSV, and Excel workbooks (read by their bytes, not their name). */
const SPREADSHEET_TYPES = [
  '.csv',
  'text/csv',
  '.xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** Shown at most: enough to fix a file, never a page of 50,000 lines. */
const PROBLEMS_SHOWN = 100;

const fieldOptions: SelectOption<BulkField | ''>[] = [
  { id: 'none', value: '', label: 'Leave out' },
  ...BULK_FIELDS.map((field) => ({ id: field, value: field, label: bulkFieldLabels[field] })),
];

function ProblemsTable({ problems }: { problems: readonly RowProblem[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Problems to fix</caption>
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th scope="col" className="py-2 pr-4 font-medium">
              Row
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Column
            </th>
            <th scope="col" className="py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
            <tr key={`${problem.line}-${problem.field}`} className="border-b border-line">
              <td className="py-2 pr-4 tabular-nums">{problem.line}</td>
              <td className="py-2 pr-4">{bulkFieldLabels[problem.field]}</td>
              <td className="py-2">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /bulk/create (spec 2.4): a CSV file or an Excel workbook of one row per recipient, or rows
 * pasted from a spreadsheet, read and checked in a Web Worker; its columns matched to the fields
 * (as this company matched them before, or by their names), the order's own merchant and message
 * for rows that leave them out, every row checked as the server will, and what to fix listed by
 * row and column. The brands and message steps open over it.
 */
export function BulkCreatePage({ step }: { step?: 'brands' | 'message' }) {
  const { file, setFile, ready, summary, choices, setChoices, checking, checkProblem, check } =
    useBulkDraft();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const [reading, setReading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  // The worker's code loads while the person picks a file, not after.
  useEffect(startBulkWorker, []);

  function take(parsed: ParsedFile, name: string, fromPaste: boolean) {
    if (!parsed.ok) {
      setFile(null);
      setProblem(parsed.message);
      return;
    }
    setFile({
      name,
      ...(fromPaste ? { pasted: true } : {}),
      headers: parsed.headers,
      rows: parsed.rows,
      mapping: suggestMapping(parsed.headers, rememberedMapping(customerId)),
      sheet: null,
    });
  }

  async function read(raw: File) {
    setProblem(null);
    setReading(`Reading ${raw.name}…`);
    try {
      const head = new Uint8Array(await raw.slice(0, WORKBOOK_HEAD_BYTES).arrayBuffer());
      const parsed = isWorkbook(head)
        ? await parseWorkbookInWorker(await raw.arrayBuffer())
        : await parseInWorker(await raw.text());
      take(parsed, raw.name, false);
    } catch (error) {
      setProblem(`We couldn't read ${raw.name}: ${errorMessage(error)}`);
    } finally {
      setReading(null);
    }
  }

  async function readPasted() {
    setProblem(null);
    setReading('Reading the pasted rows…');
    try {
      take(await parseInWorker(pasted, 'paste'), 'pasted rows', true);
    } catch (error) {
      setProblem(`We couldn't read the pasted rows: ${errorMessage(error)}`);
    } finally {
      setReading(null);
    }
  }

  const missing = useMemo(
    () => (file ? requiredFields(choices).filter((field) => !file.mapping.includes(field)) : []),
    [file, choices],
  );

  const closeStep = () => void navigate({ to: '/bulk/create' });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Bulk order</h1>
        <p className="text-sm text-ink-muted">
          Send a reward by e-mail to each recipient of a spreadsheet: one row per recipient, up to
          50,000. Every row is checked here before anything is paid.
        </p>
        <div>
          <Button
            variant="secondary"
            onClick={() => downloadCsv(bulkTemplateCsv(), 'bulk-order-template.csv')}
          >
            Download the template (CSV)
          </Button>
        </div>
      </div>
      <FileUpload
        label="Spreadsheet (CSV or Excel)"
        accept={SPREADSHEET_TYPES}
        maxSizeKb={BULK_FILE_MAX_BYTES / 1024}
        hint="A CSV file, or an Excel workbook (.xlsx) whose first sheet holds the rows, with a header row as the template has it."
        onChange={(files) => {
          const chosen = files.at(-1);
          if (!chosen) {
            setFile(null);
            return;
          }
          if (chosen.validationError || !chosen.raw) {
            setFile(null);
            setProblem(chosen.validationError ?? 'Unknown error');
            return;
          }
          void read(chosen.raw);
        }}
      />
      <form
        aria-label="Paste rows"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void readPasted();
        }}
      >
        <TextArea
          label="Or paste rows"
          optional
          value={pasted}
          onChange={setPasted}
          rows={6}
          spellCheck={false}
          hint="Copy the rows from your spreadsheet, header row included, and paste them here. CSV text works too."
        />
        <div>
          <Button
            type="submit"
            variant="secondary"
            disabled={reading !== null || checking !== null}
          >
            Read the pasted rows
          </Button>
        </div>
      </form>
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {reading ?? checking ?? ''}
      </p>
      {problem || checkProblem ? <ErrorAlert>{problem ?? checkProblem}</ErrorAlert> : null}
      <BulkChoicesSection choices={choices} onChange={setChoices} />
      {file ? (
        <section aria-labelledby="columns-heading" className="flex flex-col gap-4">
          <h2 id="columns-heading" className="text-lg font-semibold text-ink">
            Columns of {file.pasted ? 'the pasted rows' : file.name}
          </h2>
          <p className="text-sm text-ink-muted">
            {file.rows.length.toLocaleString()} rows. Say what each column holds; the currency may
            be left out, and follows the merchant.
          </p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {file.headers.map((header, column) => (
              <Select<BulkField | ''>
                key={`${column}-${header}`}
                label={`Column ${column + 1}: ${header || '(no header)'}`}
                hint={file.rows[0]?.[column] ? `First row: ${file.rows[0][column]}` : undefined}
                options={fieldOptions}
                value={file.mapping[column] ?? ''}
                onChange={(value) => {
                  const mapping = file.mapping.map((field, index) => {
                    if (index === column) return value || null;
                    // A field belongs to one column: choosing it here takes it from another.
                    return value && field === value ? null : field;
                  });
                  setFile({ ...file, mapping, sheet: null });
                }}
              />
            ))}
          </div>
          {missing.length > 0 ? (
            <ErrorAlert>
              Choose the columns that hold the{' '}
              {missing.map((field) => bulkFieldLabels[field].toLowerCase()).join(', ')}.
            </ErrorAlert>
          ) : null}
          <div>
            <Button
              onClick={() => {
                setProblem(null);
                void check(file);
              }}
              disabled={missing.length > 0 || reading !== null || checking !== null}
            >
              Check the rows
            </Button>
          </div>
        </section>
      ) : null}
      {file && summary ? (
        <section aria-labelledby="check-heading" className="flex flex-col gap-4">
          <h2 id="check-heading" className="text-lg font-semibold text-ink">
            Checked
          </h2>
          {summary.rowsWithProblems > 0 ? (
            <>
              <ErrorAlert>
                {summary.rowsWithProblems.toLocaleString()} of{' '}
                {file.sheet?.entries.length.toLocaleString()} rows have problems. Fix them here, or
                correct them in your file and choose it again; nothing has been paid.
              </ErrorAlert>
              <div>
                <Link to="/bulk/preview/errors" className={primaryLinkClasses}>
                  Fix the rows
                </Link>
              </div>
              <ProblemsTable problems={summary.problems} />
              {summary.problems.length > PROBLEMS_SHOWN ? (
                <p className="text-sm text-ink-muted">
                  The first {PROBLEMS_SHOWN} of {summary.problems.length.toLocaleString()} problems.
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-ink">
              All {file.sheet?.entries.length.toLocaleString()} rows are ready.
            </p>
          )}
          {summary.rowsWithProblems === 0 ? <DuplicatesNotice summary={summary} /> : null}
          {ready ? (
            <div>
              <Link to="/bulk/summary-payment" className={primaryLinkClasses}>
                Continue to payment
              </Link>
            </div>
          ) : null}
        </section>
      ) : null}
      {step === 'brands' ? (
        <BulkBrandsDialog
          chosen={choices.merchant}
          onChoose={(merchant) => {
            setChoices({ ...choices, merchant });
            closeStep();
          }}
          onClose={closeStep}
        />
      ) : null}
      {step === 'message' ? (
        <BulkMessageDialog
          message={choices.message}
          onSave={(message) => {
            setChoices({ ...choices, message });
            closeStep();
          }}
          onClose={closeStep}
        />
      ) : null}
    </div>
  );
}

/** Spec 2.4's bulk brands, over create. */
export function BulkBrandsPage() {
  return <BulkCreatePage step="brands" />;
}

/** Spec 2.4's bulk message, over create. */
export function BulkMessagePage() {
  return <BulkCreatePage step="message" />;
}
