import { Button, type ButtonVariant } from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';

/** "Log out" as a screen's own action, for the screens where there is nothing else to do. */
export function LogOutButton({ variant = 'primary' }: { variant?: ButtonVariant }) {
  const navigate = useNavigate();
  return (
    <Button variant={variant} onClick={() => void navigate({ to: '/logout' })}>
      Log out
    </Button>
  );
}
