import { rewardMessageDefaults } from '@boon/contracts';
import {
  currentDateFormat,
  ErrorAlert,
  errorMessage,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Button, FileUpload, primaryLinkClasses, Select, type SelectOption } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { productsByCode, useBalances } from '../api';
import { downloadCsv } from '../order-parts';
import { useBulkDraft, type BulkFileState } from './bulk-context';
import { DuplicatesNotice } from './duplicates-notice';
import { BULK_FILE_MAX_BYTES, bulkTemplateCsv, type RowProblem } from './bulk-template';
import { checkInWorker, parseInWorker } from './bulk-worker-client';
import {
  bulkFieldLabels,
  BULK_FIELDS,
  mappingToRemember,
  suggestMapping,
  type BulkField,
} from './column-mapping';

/** Fields a row cannot do without; the currency follows the merchant when left out. */
const REQUIRED: readonly BulkField[] = ['name', 'email', 'faceValue', 'productCode'];

/** Shown at most: enough to fix a file, never a page of 50,000 lines. */
const PROBLEMS_SHOWN = 100;

const rememberedKey = (customerId: string) => `boon.bulk-mapping.${customerId}`;

function rememberedMapping(customerId: string | null): Record<string, BulkField> {
  if (!customerId) return {};
  try {
    return JSON.parse(localStorage.getItem(rememberedKey(customerId)) ?? '{}') as Record<
      string,
      BulkField
    >;
  } catch {
    return {};
  }
}

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
 * /bulk/create (spec 2.4): a CSV file of one row per recipient, read and checked in a
 * Web Worker; its columns matched to the fields (as this company matched them before, or by their
 * names), every row checked as the server will, and what to fix listed by row and column.
 */
export function BulkCreatePage() {
  const { file, setFile, ready, summary } = useBulkDraft();
  const api = useApiClient();
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  const [reading, setReading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function read(raw: File) {
    setProblem(null);
    setReading(`Reading ${raw.name}…`);
    try {
      const parsed = await parseInWorker(await raw.text());
      if (!parsed.ok) {
        setFile(null);
        setProblem(parsed.message);
        return;
      }
      setFile({
        name: raw.name,
        headers: parsed.headers,
        rows: parsed.rows,
        mapping: suggestMapping(parsed.headers, rememberedMapping(customerId)),
        sheet: null,
      });
    } catch (error) {
      setProblem(`We couldn't read ${raw.name}: ${errorMessage(error)}`);
    } finally {
      setReading(null);
    }
  }

  const missing = useMemo(
    () => (file ? REQUIRED.filter((field) => !file.mapping.includes(field)) : []),
    [file],
  );

  async function check(current: BulkFileState) {
    setProblem(null);
    setReading(`Checking ${current.rows.length.toLocaleString()} rows…`);
    try {
      const codeColumn = current.mapping.indexOf('productCode');
      const codes = current.rows.map((cells) => (cells[codeColumn] ?? '').trim().toUpperCase());
      const products = await productsByCode(api, codes.filter(Boolean));
      const defaults = { message: { ...rewardMessageDefaults } };
      const facts = {
        products,
        balances: (balances.data ?? []).map((balance) => balance.currency),
        timeZone: currentDateFormat().timeZone,
      };
      const entries = await checkInWorker(current.rows, current.mapping, defaults, facts);
      setFile({ ...current, sheet: { entries, defaults, facts } });
      if (customerId) {
        localStorage.setItem(
          rememberedKey(customerId),
          JSON.stringify({
            ...rememberedMapping(customerId),
            ...mappingToRemember(current.headers, current.mapping),
          }),
        );
      }
    } catch (error) {
      setProblem(`We couldn't check the rows: ${errorMessage(error)} Try again.`);
    } finally {
      setReading(null);
    }
  }

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
        label="Spreadsheet (CSV)"
        accept=".csv,text/csv"
        maxSizeKb={BULK_FILE_MAX_BYTES / 1024}
        hint="A CSV file with a header row, as the template has it."
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
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {reading ?? ''}
      </p>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      {file ? (
        <section aria-labelledby="columns-heading" className="flex flex-col gap-4">
          <h2 id="columns-heading" className="text-lg font-semibold text-ink">
            Columns of {file.name}
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
              onClick={() => void check(file)}
              disabled={missing.length > 0 || reading !== null}
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
    </div>
  );
}
