import { rewardMessageDefaults, rewardMessageSchema, type RewardMessage } from '@boon/contracts';
import { FormField, useContractForm } from '@boon/console-kit/forms';
import { Dialog, TextArea, TextField } from '@boon/ui';

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface BulkMessageDialogProps {
  message: RewardMessage | null;
  onSave(message: RewardMessage): void;
  onClose(): void;
}

/**
 * Spec 2.4's bulk message: the header, text and colour every reward of the order carries, checked
 * by the contract's own message rules. A row with a message of its own keeps its text, under this
 * header and colour. Cancel leaves the message as it was.
 */
export function BulkMessageDialog({ message, onSave, onClose }: BulkMessageDialogProps) {
  const form = useContractForm(rewardMessageSchema, {
    defaultValues: message ?? { ...rewardMessageDefaults },
  });
  const colour = form.watch('colour');
  const save = form.submit((values) => onSave(values));
  return (
    <Dialog
      open
      title="Message"
      description="What every recipient reads with the reward. Rows with a message of their own keep their text, under this header and colour."
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      yesLabel="Save message"
      onYes={() => void save()}
      noLabel="Cancel"
      onNo={onClose}
    >
      <form
        noValidate
        aria-label="Message"
        className="flex flex-col gap-4"
        onSubmit={(event) => void save(event)}
      >
        <FormField form={form} name="header" as={TextField} label="Header" />
        <FormField form={form} name="body" as={TextArea} label="Message" />
        <div className="flex items-end gap-3">
          <FormField
            form={form}
            name="colour"
            as={TextField}
            label="Colour"
            hint="# and 3 or 6 hex digits, such as #000000 for black."
            autoComplete="off"
            className="flex-1"
          />
          <span
            aria-hidden="true"
            className="mb-8 h-10 w-10 shrink-0 rounded-md border border-line"
            style={{ backgroundColor: HEX_COLOUR.test(colour) ? colour : 'transparent' }}
          />
        </div>
      </form>
    </Dialog>
  );
}
