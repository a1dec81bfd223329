import { useLingui } from "@lingui/react/macro";
/** A spinner saying "Loading..." in the language shown. */
export function LoadingSpinner() {
  const { t } = useLingui();
  return <Spinner label={t`Loading...`} />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12 text-stone-600">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
