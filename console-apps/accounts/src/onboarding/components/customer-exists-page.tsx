import { emailHost } from '@boon/domain';
import { useQuery } from '@tanstack/react-query';
import { getConsoleConfig, queryKeys, useApiClient } from '@boon/console-kit';
import { fetchCustomerExists } from '../api/onboarding-api';
import { LogOutButton } from './log-out-button';
import { OnboardingPanel } from './onboarding-panel';
import { useOnboardingSnapshot } from './use-onboarding';

/**
 * /onboard/customer-exists (spec 2.3): a company with the user's e-mail domain already has an
 * account, so joining it takes an invite from someone there. The company is named when the
 * domain lookup (GET /customer/exists) tells; the screen reads the same without it.
 */
export function CustomerExistsPage() {
  const api = useApiClient();
  const { data: onboarding } = useOnboardingSnapshot();
  const domain = emailHost(onboarding?.email ?? '');
  const existing = useQuery({
    queryKey: queryKeys.user('onboarding', 'customer-exists', domain),
    queryFn: ({ signal }) => fetchCustomerExists(api, domain, signal),
    enabled: domain !== '',
    retry: false,
  });
  const customerName = existing.data?.customerName;

  return (
    <OnboardingPanel title={`${domain || 'Your company'} already has an account`}>
      <p>
        {customerName ? `${customerName} already uses ${getConsoleConfig().productName}. ` : null}
        To join it, ask a colleague or your company&apos;s admin to invite you. The invite comes by
        e-mail, with a link that adds you to the team.
      </p>
      <div>
        <LogOutButton />
      </div>
    </OnboardingPanel>
  );
}
