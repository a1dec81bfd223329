import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { type PickupPoint, PickupPointInputSchema } from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { toast } from "../../lib/toast.ts";
import { SetupAdd, SetupFormEnd, SetupPanel, useSetupFields } from "./setup-parts.tsx";
import { type SlotsBase, usePickupPoints, useRetirePickupPoint, useSavePickupPoint } from "./slots.api.ts";

// A farmer's pickup points: added, changed and retired (a retired one stays on the orders that chose it).

/** The map link's placeholder: how every such address starts, the same in every language. */
const WEB_ADDRESS_START = "https://";

const emptyPoint = { name: "", address: "", directions: "", mapUrl: "", openingNote: "" };

function PickupPointForm({
  base,
  point,
  onDone,
}: {
  base: SlotsBase;
  point?: PickupPoint;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useSavePickupPoint(base);
  const form = useSetupFields(
    point
      ? {
          name: point.name,
          address: point.address,
          directions: point.directions ?? "",
          mapUrl: point.mapUrl ?? "",
          openingNote: point.openingNote ?? "",
        }
      : emptyPoint,
  );
  const { values, setValues, field: set } = form;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(PickupPointInputSchema, values, async () => {
      await save.mutateAsync({ id: point?.id, input: values });
      toast.success(point ? t`Pickup point saved` : t`Pickup point added`);
      if (!point) setValues(emptyPoint);
      onDone();
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      aria-label={point ? t`Edit ${point.name}` : t`Add a pickup point`}
    >
      <TextField label={t`Name`} required {...set("name")} />
      <TextField label={t`Address`} required {...set("address")} />
      <TextField label={t`Directions (optional)`} {...set("directions")} />
      <TextField
        label={t`Map link (optional)`}
        type="url"
        placeholder={WEB_ADDRESS_START}
        {...set("mapUrl")}
      />
      <TextField label={t`Opening note (optional)`} {...set("openingNote")} className="sm:col-span-2" />
      <SetupFormEnd
        form={form}
        busy={save.isPending}
        submitLabel={point ? <Trans>Save pickup point</Trans> : <Trans>Add pickup point</Trans>}
        onCancel={point ? onDone : undefined}
        span="sm:col-span-2"
        buttonsClassName="flex gap-2 sm:col-span-2"
      />
    </form>
  );
}

export function PickupPointsPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const points = usePickupPoints(base);
  const retire = useRetirePickupPoint(base);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <SetupPanel title={<Trans>Pickup points</Trans>}>
      <ul className="mt-3 divide-y divide-stone-200">
        {(points.data ?? []).map((point) => (
          <li key={point.id} className="py-3">
            {editing === point.id ? (
              <PickupPointForm base={base} point={point} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-stone-900">
                    {point.name}
                    {point.retiredAt ? (
                      <span className="ml-2 text-sm font-normal text-stone-600">
                        <Trans>(retired)</Trans>
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-stone-700">{point.address}</p>
                  {point.openingNote ? <p className="text-sm text-stone-600">{point.openingNote}</p> : null}
                  {point.mapUrl ? (
                    <a
                      href={point.mapUrl}
                      className="text-sm text-brand-700 underline"
                      rel="noreferrer"
                      target="_blank"
                    >
                      <Trans>Map</Trans>
                    </a>
                  ) : null}
                </div>
                {point.retiredAt ? null : (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(point.id)}
                      aria-label={t`Edit ${point.name}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t`Retire ${point.name}`}
                      onClick={() =>
                        retire.mutate(point.id, {
                          onSuccess: () => toast.success(t`${point.name} is retired`),
                        })
                      }
                    >
                      <Trans>Retire</Trans>
                    </Button>
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <SetupAdd title={<Trans>Add a pickup point</Trans>}>
        <PickupPointForm base={base} onDone={() => undefined} />
      </SetupAdd>
    </SetupPanel>
  );
}
