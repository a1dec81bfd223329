import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { slotMessages } from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";

import { serverErrors } from "./setup-forms.ts";
import { SetupPanel } from "./setup-parts.tsx";
import { type SlotsBase, useDeliveryArea, useSaveDeliveryArea } from "./slots.api.ts";

// The PIN codes a farmer delivers to.

export function DeliveryAreaPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const area = useDeliveryArea(base);
  const save = useSaveDeliveryArea(base);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = text ?? (area.data?.pinPrefixes ?? []).join(", ");
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const prefixes = shown.split(/[\s,]+/).filter(Boolean);
    const bad = prefixes.find((prefix) => !/^\d{1,6}$/.test(prefix));
    if (bad !== undefined) {
      setError(`${bad}: ${sayShared(slotMessages.pinPrefix)}`);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(prefixes);
      setText(null);
      toast.success(t`Delivery area saved`);
    } catch (failure) {
      setError(serverErrors(failure).message);
    }
  }
  return (
    <SetupPanel title={<Trans>Delivery area</Trans>}>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label={t`PIN codes you deliver to`}
          hint={t`6 digits, or the first digits of many: 4110 covers 411001 to 411099. Separate them with commas.`}
          value={shown}
          error={error}
          onChange={(event) => setText(event.target.value)}
          className="min-w-64 flex-1"
          inputMode="numeric"
        />
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save area</Trans>
        </Button>
      </form>
    </SetupPanel>
  );
}
