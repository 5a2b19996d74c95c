import { useId, type ReactNode } from 'react';

/** One widget's section of the library: its name as a heading, its states below. */
export function WidgetSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** One state of a widget, named so staff can say which one looks wrong. */
export function Specimen({
  state,
  wide = false,
  children,
}: {
  state: string;
  /** Spans both columns, for widgets that need the room (tables). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 ${wide ? 'md:col-span-2' : ''}`}
    >
      <h3 className="text-xs font-medium tracking-wide text-ink-muted uppercase">{state}</h3>
      {children}
    </div>
  );
}
