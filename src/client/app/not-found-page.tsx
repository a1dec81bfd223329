import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-3 text-stone-600">
        <Trans>There is nothing at this address.</Trans>
      </p>
      <Link to="/dashboard" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        <Trans>Back to the dashboard</Trans>
      </Link>
    </section>
  );
}
