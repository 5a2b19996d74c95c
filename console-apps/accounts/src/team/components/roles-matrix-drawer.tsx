import { roles, type Permission, type Role } from '@boon/contracts';
import { DataTable, Drawer, type DataTableColumn } from '@boon/ui';
import { Check, ExternalLink, Minus } from 'lucide-react';
import type { ReactElement } from 'react';
import { links } from '@boon/console-kit';
import { roleDescriptions, roleLabels, roleList, rolesMatrixRows } from '../roles';

/** A permission with, per role, whether it holds it, and the roles that do as one line. */
type MatrixRow = Record<Role, boolean> & { permission: Permission; label: string; holders: string };

const rows: MatrixRow[] = rolesMatrixRows.map((row) => ({
  ...row.holders,
  permission: row.permission,
  label: row.label,
  holders: roleList(roles.filter((role) => row.holders[role])) || 'None',
}));

function HeldMark({ held }: { held: boolean }) {
  const Icon = held ? Check : Minus;
  return (
    <>
      <Icon
        aria-hidden="true"
        focusable="false"
        className={`mx-auto h-4 w-4 ${held ? 'text-success' : 'text-line-strong'}`}
      />
      <span className="sr-only">{held ? 'Yes' : 'No'}</span>
    </>
  );
}

// One column per role in the table; on a phone's card, one line naming the roles that hold it.
const columns: DataTableColumn<MatrixRow>[] = [
  { key: 'label', header: 'Permission', primary: true },
  ...roles.map((role): DataTableColumn<MatrixRow> => ({
    key: role,
    header: roleLabels[role],
    align: 'center',
    hideInCard: true,
    cell: (row) => <HeldMark held={row[role]} />,
  })),
  { key: 'holders', header: 'Roles', hideInTable: true },
];

export interface RolesMatrixDrawerProps {
  /** The element that opens it; focus returns there on closing. */
  trigger: ReactElement;
}

/**
 * "What can each role do?": the roles matrix the server enforces (decisions.md), one row a
 * permission and one column a role, with each role's one-line description above it.
 */
export function RolesMatrixDrawer({ trigger }: RolesMatrixDrawerProps) {
  return (
    <Drawer
      title="What can each role do?"
      direction="right"
      size="min(100%, 60rem)"
      trigger={trigger}
    >
      <div className="flex flex-col gap-6">
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {roles.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium text-ink">{roleLabels[role]}</dt>
              <dd className="text-ink-muted">{roleDescriptions[role]}</dd>
            </div>
          ))}
        </dl>
        <DataTable<MatrixRow>
          caption="Permissions of each role"
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(row) => row.permission}
        />
        <p>
          <a
            href={links.rolesMatrix}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
          >
            More about roles and permissions
            <ExternalLink aria-hidden="true" focusable="false" className="h-3.5 w-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </div>
    </Drawer>
  );
}
