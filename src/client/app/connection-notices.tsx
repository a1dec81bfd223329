import { Trans, useLingui } from "@lingui/react/macro";
import { useOnline } from "../lib/online.ts";
import { useWaitingUpdate } from "../lib/service-worker.ts";

/** A bar under the header while the browser has no connection; the shop shows what it saw last. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? "sr-only" : "bg-amber-100 text-amber-950"}>
      {online ? null : (
        <p className="mx-auto max-w-7xl px-4 py-2 text-sm font-semibold">
          <Trans>You are offline. You see what was loaded last; your cart still works.</Trans>
        </p>
      )}
    </div>
  );
}

/** Offers a waiting new version of the app; nothing changes until the user chooses Reload. */
export function UpdatePrompt() {
  const { t } = useLingui();
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <section
      aria-label={t`Update`}
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-white shadow-lg"
    >
      <p className="text-sm font-medium">
        <Trans>A new version is available —</Trans>
      </p>
      <button
        type="button"
        onClick={update}
        className="min-h-11 rounded-md bg-white px-4 font-semibold text-stone-900 hover:bg-stone-100"
      >
        <Trans>Reload</Trans>
      </button>
    </section>
  );
}
