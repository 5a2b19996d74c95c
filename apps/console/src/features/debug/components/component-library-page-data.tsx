import {
  DataTable,
  FileUpload,
  Pagination,
  type DataTableColumn,
  type RowAction,
  type UploadedFile,
} from '@boon/ui';
import { useState } from 'react';
import { Specimen, WidgetSection } from './component-library-page-specimen';

type SampleOrder = { reference: string; recipient: string; product: string; amount: number };

const sampleOrders: SampleOrder[] = [
  { reference: 'O-1042', recipient: 'Bea Lin', product: 'Gift card', amount: 25 },
  { reference: 'O-1043', recipient: 'Ada Park', product: 'Payout', amount: 100 },
  { reference: 'O-1044', recipient: 'Cy Moreno', product: 'Gift card', amount: 5 },
  { reference: 'O-1045', recipient: 'Dee Olsen', product: 'Charity', amount: 50 },
];

const orderColumns: DataTableColumn<SampleOrder>[] = [
  { key: 'reference', header: 'Reference' },
  { key: 'recipient', header: 'Recipient', sortable: true, primary: true },
  { key: 'product', header: 'Product', sortable: true },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'right',
    cell: (row) => `$${row.amount.toFixed(2)}`,
  },
];

export function TableSection() {
  const [chosen, setChosen] = useState<string | null>(null);
  const orderActions = (order: SampleOrder): RowAction[] => [
    {
      label: 'Resend',
      accessibleLabel: `Resend ${order.reference}`,
      onSelect: () => setChosen(`Resend ${order.reference}`),
    },
    {
      label: 'Cancel',
      accessibleLabel: `Cancel ${order.reference}`,
      tone: 'danger',
      onSelect: () => setChosen(`Cancel ${order.reference}`),
    },
  ];
  return (
    <WidgetSection title="Table">
      <Specimen state="Sortable, with # column" wide>
        <DataTable caption="Recent orders" columns={orderColumns} rows={sampleOrders} showIndex />
      </Specimen>
      <Specimen state="Row actions: buttons in a table, a menu on a card" wide>
        <DataTable
          caption="Orders with actions"
          columns={orderColumns}
          rows={sampleOrders}
          rowKey={(order) => order.reference}
          rowLabel={(order) => order.reference}
          rowActions={orderActions}
        />
        <p role="status" className="text-sm text-ink-muted">
          {chosen ? `Chosen: ${chosen}` : ''}
        </p>
      </Specimen>
      <Specimen state="Cards (what a phone shows)" wide>
        <DataTable
          caption="Orders as cards"
          columns={orderColumns}
          rows={sampleOrders}
          rowKey={(order) => order.reference}
          rowLabel={(order) => order.reference}
          rowActions={orderActions}
          layout="cards"
        />
      </Specimen>
      <Specimen state="Loading" wide>
        <DataTable caption="Orders loading" columns={orderColumns} rows={[]} loading />
      </Specimen>
      <Specimen state="Empty" wide>
        <DataTable caption="No orders" columns={orderColumns} rows={[]} />
      </Specimen>
      <Specimen state="Empty, own text" wide>
        <DataTable
          caption="No payouts"
          columns={orderColumns}
          rows={[]}
          emptyText="No payouts sent yet."
        />
      </Specimen>
      <Specimen state="Error" wide>
        <DataTable
          caption="Orders that failed to load"
          columns={orderColumns}
          rows={[]}
          error="We couldn't load the orders. Try again in a moment."
        />
      </Specimen>
    </WidgetSection>
  );
}

function NumberedPagination() {
  const [page, setPage] = useState(6);
  const [perPage, setPerPage] = useState(10);
  return (
    <Pagination
      label="Numbered pages"
      currentPage={page}
      totalItems={195}
      itemsPerPage={perPage}
      pageLimits={[10, 25, 50, 100]}
      onPageChange={setPage}
      onItemsPerPageChange={(size) => {
        setPerPage(size);
        setPage(1);
      }}
    />
  );
}

function CursorPagination() {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      label="Cursor pages"
      cursorBased
      currentPage={page}
      itemsPerPage={100}
      prevDisabled={page === 1}
      nextDisabled={page === 3}
      onPageChange={setPage}
    />
  );
}

export function PaginationSection() {
  return (
    <WidgetSection title="Pagination">
      <Specimen state="Numbered, page 6 of 20, page sizes" wide>
        <NumberedPagination />
      </Specimen>
      <Specimen state="Cursor based (three pages)" wide>
        <CursorPagination />
      </Specimen>
    </WidgetSection>
  );
}

/** Stands in for the server: answers after a moment, so the uploading state can be seen. */
function demoUploadFetch(outcome: 'ok' | 'fail'): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => {
        resolve(
          outcome === 'ok'
            ? new Response(JSON.stringify({ url: 'https://files.example/upload' }), {
                headers: { 'Content-Type': 'application/json' },
              })
            : new Response(null, { status: 500 }),
        );
      }, 1500);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      });
    });
}

function demoFile(name: string, changes: Partial<UploadedFile>): UploadedFile {
  return {
    id: name,
    name,
    raw: null,
    uploaded: false,
    uploading: false,
    url: null,
    validationError: null,
    uploadError: null,
    ...changes,
  };
}

const filesInEveryState: UploadedFile[] = [
  demoFile('contract.pdf', { uploaded: true, url: 'https://files.example/contract.pdf' }),
  demoFile('statement.pdf', { raw: new File(['demo'], 'statement.pdf'), uploading: true }),
  demoFile('scan.pdf', { validationError: 'File size cannot be greater than 1.50 MB' }),
  demoFile('invoice.pdf', { uploadError: 'An error occurred while uploading file: invoice.pdf' }),
  demoFile('lost.pdf', {}),
];

export function FileUploadSection() {
  return (
    <WidgetSection title="File upload">
      <Specimen state="Uploads succeed (max 1536 KB)">
        <FileUpload
          label="Receipt"
          action="/demo/upload"
          fetch={demoUploadFetch('ok')}
          maxSizeKb={1536}
          hint="PDF or image, up to 1.50 MB."
        />
      </Specimen>
      <Specimen state="Uploads fail, multiple">
        <FileUpload
          label="Attachments"
          action="/demo/upload"
          fetch={demoUploadFetch('fail')}
          multiple
        />
      </Specimen>
      <Specimen state="Required, touched and empty">
        <FileUpload label="Recipient list" required touched accept=".csv" />
      </Specimen>
      <Specimen state="Every file state">
        <FileUpload label="Documents" multiple optional defaultFiles={filesInEveryState} />
      </Specimen>
      <Specimen state="Disabled">
        <FileUpload label="Logo" disabled />
      </Specimen>
    </WidgetSection>
  );
}
