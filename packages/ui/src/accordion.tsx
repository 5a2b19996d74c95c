import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

interface AccordionBaseProps {
  items: readonly AccordionItem[];
  /** The level of the headings that hold the item buttons, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** One item open at a time; opening another closes it, and the open one can be closed. */
export interface SingleAccordionProps extends AccordionBaseProps {
  multiple?: false;
  /** Controlled: the open item's id, or null for none. */
  value?: string | null;
  /** Uncontrolled: the item open at first. */
  defaultValue?: string | null;
  onValueChange?: (value: string | null) => void;
}

/** Any number of items open at once. */
export interface MultipleAccordionProps extends AccordionBaseProps {
  multiple: true;
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
}

export type AccordionProps = SingleAccordionProps | MultipleAccordionProps;

/**
 * Headed sections that expand and collapse (Radix: buttons in headings with aria-expanded,
 * arrow keys between them). Controlled with value, or uncontrolled from defaultValue.
 */
export function Accordion(props: AccordionProps) {
  const { items, headingLevel = 3, className = '' } = props;
  const children = items.map((item) => (
    <Item key={item.id} item={item} headingLevel={headingLevel} />
  ));
  const rootClasses = `divide-y divide-line rounded-lg border border-line bg-surface ${className}`;

  if (props.multiple) {
    return (
      <RadixAccordion.Root
        type="multiple"
        className={rootClasses}
        value={props.value}
        defaultValue={props.defaultValue}
        onValueChange={props.onValueChange}
      >
        {children}
      </RadixAccordion.Root>
    );
  }
  const { onValueChange } = props;
  // Radix speaks of "no item" as the empty string; this API says null.
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className={rootClasses}
      value={props.value === undefined ? undefined : (props.value ?? '')}
      defaultValue={props.defaultValue ?? undefined}
      onValueChange={(value) => onValueChange?.(value === '' ? null : value)}
    >
      {children}
    </RadixAccordion.Root>
  );
}

function Item({ item, headingLevel }: { item: AccordionItem; headingLevel: number }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <RadixAccordion.Item value={item.id} disabled={item.disabled}>
      <RadixAccordion.Header asChild>
        <Heading className="m-0">
          <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-left text-sm font-medium text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:text-ink-muted">
            {item.title}
            <ChevronDown
              aria-hidden="true"
              focusable="false"
              className="h-4 w-4 shrink-0 text-ink-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
            />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className="px-4 pb-4 text-sm text-ink-muted">
        {item.content}
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
