import { assignableRoleSchema, type AssignableRole, type CustomerUser } from '@boon/contracts';
import { FormAlert, FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { Dialog, Select, type SelectOption } from '@boon/ui';
import { z } from 'zod';
import {
  assignableRoles,
  isAssignableRole,
  roleDescriptions,
  roleLabels,
  roleList,
} from '../roles';
import { memberName } from '../member-name';
import { closeWith } from './team-confirm-dialogs';

const roleOptions: SelectOption<AssignableRole>[] = assignableRoles.map((role) => ({
  id: role,
  value: role,
  label: roleLabels[role],
}));

export interface ChangeRoleDialogProps {
  member: CustomerUser;
  busy: boolean;
  /** Changes the role; a refusal it throws is shown in the dialog, which stays open. */
  onChange: (role: AssignableRole) => Promise<unknown>;
  onCancel: () => void;
}

/** The change as this dialog asks it: one role, which the contract sends as a list of one. */
const changeRoleFormSchema = z.object({ role: assignableRoleSchema });

/** Change role: one role for the member, any but owner (never offered for the owner). */
export function ChangeRoleDialog({ member, busy, onChange, onCancel }: ChangeRoleDialogProps) {
  const current = member.roles.filter(isAssignableRole);
  const form = useContractForm(changeRoleFormSchema, {
    defaultValues: { role: current[0] ?? 'viewer' },
  });
  const role = form.watch('role');
  const unchanged = current.length === 1 && current[0] === role;
  const name = memberName(member);
  const change = form.submit(async (values) => {
    try {
      await onChange(values.role);
    } catch (error) {
      showServerErrors(form, error, {
        failure: "We couldn't change the role",
        // The contract's list of roles is this dialog's one role.
        paths: { roles: 'role', 'body.roles': 'role' },
      });
    }
  });
  return (
    <Dialog
      open
      onOpenChange={closeWith(onCancel)}
      title={`Change role of ${name}`}
      description={`${member.emailAddress} is now: ${roleList(member.roles)}.`}
      yesLabel="Change role"
      onYes={() => void change()}
      yesDisabled={busy || unchanged}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void change(event)}>
        <FormField
          form={form}
          name="role"
          as={Select}
          label="Role"
          options={roleOptions}
          hint={roleDescriptions[role]}
        />
        <FormAlert form={form} />
      </form>
    </Dialog>
  );
}
