import { Button } from '@boon/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, Settings2 } from 'lucide-react';
import { useAppStore } from '@boon/console-kit/shell';

/** The sidebar's footer (spec 2.1): "Log Out", and for staff a gear to the feature toggles. */
export function SidebarFooter() {
  const navigate = useNavigate();
  const isStaff = useAppStore((state) => state.isUserStaff);
  return (
    <div className="flex items-center gap-2 border-t border-line pt-4">
      <Button
        variant="ghost"
        className="flex-1 justify-start"
        onClick={() => void navigate({ to: '/logout' })}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Log Out
      </Button>
      {isStaff ? (
        <Link
          to="/debug/features"
          aria-label="Feature toggles"
          title="Feature toggles"
          className="rounded-md p-2 text-ink-muted hover:bg-brand-50 hover:text-ink"
        >
          <Settings2 className="h-5 w-5" aria-hidden="true" />
        </Link>
      ) : null}
    </div>
  );
}
