import { SignUpHandOff } from './sign-up-hand-off';
import { useNoIndex } from './use-no-index';

/** /signup (spec 2.2): the provider's sign-up screen, with the email query as hint; not indexed. */
export function SignupPage({ email }: { email?: string | undefined }) {
  useNoIndex();
  return <SignUpHandOff title="Let's signup…" email={email} />;
}
