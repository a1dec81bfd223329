import { Trans } from "@lingui/react/macro";
import { Navigate, Outlet, useLocation } from "react-router";
import { Button } from "../components/button.tsx";
import { LoadingSpinner } from "../components/spinner.tsx";
import { useMe } from "../features/auth/me.api.ts";
import { loginPathFor, returnPathOf } from "../lib/return-path.ts";

function SessionCheck({ children }: { children: (signedIn: boolean) => React.ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingSpinner />;
  // NOTE: only a first check that fails has nothing to show. When a later check fails (the tab came back into
  // view during a server hiccup), the page stays on the session last confirmed instead of being replaced by
  // this message; a session that ended answers 401, which is a null user, not an error.
  if (me.isError && me.data === undefined) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-stone-700">
          <Trans>Could not reach Veggie Cart. Please try again.</Trans>
        </p>
        <Button className="mt-4" onClick={() => me.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  return <>{children(me.data !== null)}</>;
}

/** Signed-in pages: a signed-out visitor goes to /login, which brings them back here once signed in. */
export function RequireSignedIn() {
  const { pathname, search } = useLocation();
  return (
    <SessionCheck>
      {(signedIn) => (signedIn ? <Outlet /> : <Navigate to={loginPathFor(pathname + search)} replace />)}
    </SessionCheck>
  );
}

/** /login and /signup: a signed-in user goes to the page /login was reached from, else /dashboard. */
export function RequireSignedOut() {
  const { search } = useLocation();
  return (
    <SessionCheck>
      {(signedIn) => (signedIn ? <Navigate to={returnPathOf(search) ?? "/dashboard"} replace /> : <Outlet />)}
    </SessionCheck>
  );
}

/** `/`: the dashboard when signed in, else the sign-in screen. */
export function HomeRedirect() {
  return (
    <SessionCheck>{(signedIn) => <Navigate to={signedIn ? "/dashboard" : "/login"} replace />}</SessionCheck>
  );
}
