import { ShellFrame } from './shell-frame';

const bar = 'animate-pulse rounded bg-line motion-reduce:animate-none';

/**
 * What a signed-in user sees while their session loads (customers, user, token): the shell with
 * grey placeholders where the customer, the entries and the page will be. "Getting set up" is
 * kept for the console's own start; data never holds the whole screen.
 */
export function ShellSkeleton({ productName }: { productName: string }) {
  return (
    <ShellFrame
      productName={productName}
      busy
      sidebar={
        <div className="hidden flex-col gap-6 px-4 pb-5 md:flex" aria-hidden="true">
          <div className="flex flex-col gap-1">
            <span className={`h-3 w-16 ${bar}`} />
            <span className={`h-9 w-full ${bar}`} />
          </div>
          <div className="flex flex-col gap-3">
            {[0, 1, 2, 3].map((entry) => (
              <span key={entry} className={`h-5 w-3/4 ${bar}`} />
            ))}
          </div>
        </div>
      }
    >
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <span className={`h-8 w-64 max-w-full ${bar}`} />
        <span className={`h-4 w-full ${bar}`} />
        <span className={`h-4 w-5/6 ${bar}`} />
        <span className={`h-32 w-full ${bar}`} />
      </div>
    </ShellFrame>
  );
}
