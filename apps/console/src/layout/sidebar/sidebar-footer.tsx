import { Button } from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';

/** The sidebar's footer: "Log Out" (spec 2.1); the staff gear link joins it later. */
export function SidebarFooter() {
  const navigate = useNavigate();
  return (
    <div className="border-t border-line pt-4">
      <Button
        variant="ghost"
        className="w-full justify-start"
        onClick={() => void navigate({ to: '/logout' })}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Log Out
      </Button>
    </div>
  );
}
