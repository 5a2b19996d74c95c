import { roles } from '@boon/contracts';
import { Drawer } from '@boon/ui';
import { Check, ExternalLink, Minus } from 'lucide-react';
import type { ReactElement } from 'react';
import { links } from '../../../constants/links';
import { roleDescriptions, roleLabels, rolesMatrixRows } from '../roles';

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
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Permissions of each role</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium text-ink-muted">
                  Permission
                </th>
                {roles.map((role) => (
                  <th
                    key={role}
                    scope="col"
                    className="px-3 py-2 text-center font-medium text-ink-muted"
                  >
                    {roleLabels[role]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rolesMatrixRows.map((row) => (
                <tr key={row.permission} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 font-normal text-ink">
                    {row.label}
                  </th>
                  {roles.map((role) => (
                    <td key={role} className="px-3 py-2 text-center">
                      {row.holders[role] ? (
                        <>
                          <Check
                            aria-hidden="true"
                            focusable="false"
                            className="mx-auto h-4 w-4 text-success"
                          />
                          <span className="sr-only">Yes</span>
                        </>
                      ) : (
                        <>
                          <Minus
                            aria-hidden="true"
                            focusable="false"
                            className="mx-auto h-4 w-4 text-line-strong"
                          />
                          <span className="sr-only">No</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
