import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Marks the element holding one row's actions (its buttons, or the menu that holds them), so that
 * focus can be sent to a row by its key: `<div {...rowActionsProps(row.id)}>…</div>`. It is
 * independent of how the row is drawn (a table row, a stacked card).
 */
export const ROW_ACTIONS_ATTRIBUTE = 'data-row-actions';

export function rowActionsProps(rowKey: string): Record<typeof ROW_ACTIONS_ATTRIBUTE, string> {
  return { [ROW_ACTIONS_ATTRIBUTE]: rowKey };
}

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Whether an element is rendered (a layout for another width may hide one copy of a row). */
function isRendered(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** The rendered holders of row actions, in the order the page shows them. */
function actionHolders(within: ParentNode): HTMLElement[] {
  return [...within.querySelectorAll<HTMLElement>(`[${ROW_ACTIONS_ATTRIBUTE}]`)].filter(isRendered);
}

/** The first focusable element among the actions of the row `rowKey`; null when it has none. */
export function rowActionTarget(rowKey: string, within: ParentNode = document): HTMLElement | null {
  for (const holder of actionHolders(within)) {
    if (holder.getAttribute(ROW_ACTIONS_ATTRIBUTE) !== rowKey) continue;
    const target = holder.querySelector<HTMLElement>(FOCUSABLE);
    if (target) return target;
  }
  return null;
}

/** The keys of the rows with actions shown after the row `rowKey`, in the page's order. */
export function followingRowKeys(rowKey: string, within: ParentNode = document): string[] {
  const keys = [
    ...new Set(actionHolders(within).map((holder) => holder.getAttribute(ROW_ACTIONS_ATTRIBUTE))),
  ].filter((key): key is string => key !== null);
  const index = keys.indexOf(rowKey);
  return index === -1 ? [] : keys.slice(index + 1);
}

/** What a row action remembers when its dialog opens. */
export interface RowActionOrigin {
  /** The row the action is about. */
  rowKey: string;
  /**
   * The keys of the rows after it, in the order shown: where focus goes when the row is gone.
   * When not given, the rows with actions that follow it on the page (`within`), in their order.
   */
  following?: readonly string[];
  /** Where focus goes when no row has an action left to focus: the list's heading (tabIndex -1). */
  fallback: HTMLElement | null;
  /** Where the rows are; the whole document when not given. */
  within?: ParentNode | null;
}

interface Remembered extends RowActionOrigin {
  following: readonly string[];
  /** The element that had focus when the dialog opened: the button that opened it. */
  opener: Element | null;
}

function focusFirst(candidates: readonly (() => HTMLElement | null)[]) {
  for (const candidate of candidates) {
    const element = candidate();
    if (element) {
      element.focus();
      return;
    }
  }
}

/**
 * Focus for actions that a list's rows open in a dialog (after confirming a revoke, a
 * removal or an approval, focus lands somewhere sensible, never on <body>). The dialogs are not
 * opened by Radix triggers, so nothing gives focus back when they close; and a confirmed action
 * changes the list a moment later (the row leaves it, or loses its buttons), taking the focused
 * button with it.
 *
 * - When the dialog closes, focus returns to the button that opened it, or, when that has gone,
 *   to the list heading.
 * - After `changed()` (the action succeeded), once the list has been read again (`listVersion`
 *   changes: pass the query's `dataUpdatedAt`), focus moves to the opener when it is still there,
 *   else to the row's first action, else to the first action of the rows that followed it, else
 *   to the list heading.
 */
export function useRowActionFocus({
  dialogOpen,
  listVersion,
}: {
  dialogOpen: boolean;
  listVersion: unknown;
}) {
  const remembered = useRef<Remembered | null>(null);
  const version = useRef(listVersion);
  useEffect(() => {
    version.current = listVersion;
  }, [listVersion]);
  const [awaitedVersion, setAwaitedVersion] = useState<{ after: unknown } | null>(null);

  const opened = useCallback((origin: RowActionOrigin) => {
    const following =
      origin.following ?? followingRowKeys(origin.rowKey, origin.within ?? document);
    remembered.current = { ...origin, following, opener: document.activeElement };
    setAwaitedVersion(null);
  }, []);

  const changed = useCallback(() => {
    if (remembered.current) setAwaitedVersion({ after: version.current });
  }, []);

  useEffect(() => {
    const origin = remembered.current;
    if (dialogOpen || !origin) return;
    const { opener, fallback } = origin;
    focusFirst([
      () => (opener instanceof HTMLElement && opener.isConnected ? opener : null),
      () => (fallback?.isConnected ? fallback : null),
    ]);
    if (awaitedVersion === null) remembered.current = null;
  }, [dialogOpen, awaitedVersion]);

  useEffect(() => {
    const origin = remembered.current;
    if (!awaitedVersion || !origin || listVersion === awaitedVersion.after) return;
    remembered.current = null;
    setAwaitedVersion(null);
    const within = origin.within ?? document;
    const { opener, fallback } = origin;
    focusFirst([
      () => (opener instanceof HTMLElement && opener.isConnected ? opener : null),
      ...[origin.rowKey, ...origin.following].map((key) => () => rowActionTarget(key, within)),
      () => (fallback?.isConnected ? fallback : null),
    ]);
  }, [awaitedVersion, listVersion]);

  return { opened, changed };
}
