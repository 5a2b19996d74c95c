import {
  Accordion,
  Avatar,
  Button,
  Dialog,
  Drawer,
  Popover,
  type AccordionItem,
  type AvatarSize,
} from '@boon/ui';
import { useState } from 'react';
import { Specimen, WidgetSection } from './component-library-page-specimen';

export function ButtonSection() {
  return (
    <WidgetSection title="Button">
      <Specimen state="Variants">
        <div className="flex flex-wrap gap-3">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
        </div>
      </Specimen>
      <Specimen state="Disabled">
        <div className="flex flex-wrap gap-3">
          <Button disabled>Primary disabled</Button>
          <Button variant="secondary" disabled>
            Secondary disabled
          </Button>
        </div>
      </Specimen>
    </WidgetSection>
  );
}

export function PopoverSection() {
  return (
    <WidgetSection title="Popover">
      <Specimen state="Opens on hover or click">
        <Popover
          label="About card fees"
          trigger={<Button variant="secondary">About card fees</Button>}
        >
          <p>Card payments carry a processing fee, shown before you pay.</p>
        </Popover>
      </Specimen>
      <Specimen state="Click only">
        <Popover
          label="Order help"
          openOnHover={false}
          trigger={<Button variant="secondary">Order help</Button>}
        >
          <p>Orders of up to 200 items can be sent at once.</p>
        </Popover>
      </Specimen>
    </WidgetSection>
  );
}

function ConfirmDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Remove team member?"
      description="They lose access to this customer at once."
      trigger={<Button variant="secondary">Open dialog</Button>}
      open={open}
      onOpenChange={setOpen}
      yesLabel="Remove"
      onYes={() => setOpen(false)}
      noLabel="Cancel"
      onNo={() => setOpen(false)}
    />
  );
}

function DecisionDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Your Privacy Matters to Us"
      dismissible={false}
      trigger={<Button variant="secondary">Open consent-style dialog</Button>}
      open={open}
      onOpenChange={setOpen}
      yesLabel="Accept"
      onYes={() => setOpen(false)}
      noLabel="Decline"
      onNo={() => setOpen(false)}
    >
      <p>Only Accept or Decline closes this dialog: no close icon, Escape or overlay click.</p>
    </Dialog>
  );
}

export function DialogSection() {
  return (
    <WidgetSection title="Dialog">
      <Specimen state="Yes and no actions, closes on overlay or icon">
        <ConfirmDialog />
      </Specimen>
      <Specimen state="Not dismissible">
        <DecisionDialog />
      </Specimen>
    </WidgetSection>
  );
}

export function DrawerSection() {
  return (
    <WidgetSection title="Drawer">
      <Specimen state="Default: from the top, 100%">
        <Drawer title="Filters" trigger={<Button variant="secondary">Open top drawer</Button>}>
          <p>Closing slides the panel away; the backdrop stays for 500 ms.</p>
        </Drawer>
      </Specimen>
      <Specimen state="From the right, 480 px">
        <Drawer
          title="Order details"
          direction="right"
          size="480px"
          trigger={<Button variant="secondary">Open right drawer</Button>}
        >
          <p>Order O-1042: a $25.00 gift card for Bea Lin.</p>
        </Drawer>
      </Specimen>
    </WidgetSection>
  );
}

const faq: AccordionItem[] = [
  {
    id: 'send',
    title: 'How do I send a reward?',
    content: 'Choose a product, add recipients and pay.',
  },
  {
    id: 'fund',
    title: 'How do I top up?',
    content: 'By bank transfer, card or currency exchange.',
  },
  { id: 'team', title: 'Who can order?', content: 'Owners, admins and service managers.' },
];

export function AccordionSection() {
  return (
    <WidgetSection title="Accordion">
      <Specimen state="One open at a time, first open">
        <Accordion items={faq} headingLevel={4} defaultValue="send" />
      </Specimen>
      <Specimen state="Several open at once">
        <Accordion
          items={faq.map((item) => ({ ...item, id: `multi-${item.id}` }))}
          headingLevel={4}
          multiple
          defaultValue={['multi-send', 'multi-team']}
        />
      </Specimen>
    </WidgetSection>
  );
}

const avatarSizes: AvatarSize[] = ['small', 'medium', 'large', 'xlarge', 'xxlarge'];

/** A picture drawn inline, so the library loads nothing from elsewhere. */
const samplePicture =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#4f46e5"/><circle cx="20" cy="16" r="7" fill="#e0e7ff"/><path d="M6 40c2-9 8-13 14-13s12 4 14 13z" fill="#e0e7ff"/></svg>',
  );

export function AvatarSection() {
  return (
    <WidgetSection title="Avatar">
      <Specimen state="Initials, small to xxlarge (24-40 px)">
        <div className="flex items-end gap-3">
          {avatarSizes.map((size) => (
            <Avatar
              key={size}
              name={`Ada Lovelace ${size}`}
              alt={`Ada Lovelace, ${size}`}
              size={size}
            />
          ))}
        </div>
      </Specimen>
      <Specimen state="Picture, with alt text">
        <div className="flex items-end gap-3">
          {avatarSizes.map((size) => (
            <Avatar
              key={size}
              name="Grace Hopper"
              alt={`Grace Hopper, ${size}`}
              src={samplePicture}
              size={size}
            />
          ))}
        </div>
      </Specimen>
    </WidgetSection>
  );
}
