import { Trans } from "@lingui/react/macro";

/** "Try again" after a list's "could not be loaded", as a link in the sentence. */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" onClick={() => onRetry()} className="font-semibold text-brand-700 underline">
      <Trans>Try again</Trans>
    </button>
  );
}
