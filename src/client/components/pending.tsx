import { Trans } from "@lingui/react/macro";
import { useOnline } from "../lib/online.ts";
import { Spinner } from "./spinner.tsx";

/**
 * A spinner for what only the server has. Offline it says at once that it needs a connection instead of
 * spinning: private answers are never kept on the device (decision 011), so nothing can come before the
 * connection returns, and then it loads by itself (TanStack Query resumes what waits; issue 25).
 */
export function Pending({ label }: { label: string }) {
  const online = useOnline();
  if (online) return <Spinner label={label} />;
  return (
    <p role="status" className="mx-auto max-w-md py-12 text-center text-stone-700">
      <Trans>
        This needs a connection and is not kept on this device. It loads as soon as you are back online.
      </Trans>
    </p>
  );
}

/**
 * "Try again" in the sentence that says what only the server has could not be loaded (beside Pending, as the
 * same lists draw both).
 */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" onClick={() => onRetry()} className="font-semibold text-brand-700 underline">
      <Trans>Try again</Trans>
    </button>
  );
}
