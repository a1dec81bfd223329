import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import type { DealPlan, DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { PlanForm } from "./deal-plan-form.tsx";
import { useDealPlanning, useRemovePlannedDeal } from "./operator-products.api.ts";

/** Change and Remove of a planned day that has not come yet. */
function PlanActions({
  item,
  removing,
  onChange,
  onRemove,
}: {
  item: DealPlan;
  removing: boolean;
  onChange: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="ml-auto flex shrink-0 gap-2">
      <Button
        type="button"
        variant="secondary"
        aria-label={t`Change the deal from ${item.date}`}
        onClick={onChange}
      >
        <Trans>Change</Trans>
      </Button>
      <Button
        type="button"
        variant="secondary"
        aria-label={t`Remove the deal from ${item.date}`}
        disabled={removing}
        onClick={onRemove}
      >
        <Trans>Remove</Trans>
      </Button>
    </div>
  );
}

/** The plans from today on, each changeable and removable until its day comes. */
function PlannedDeals({
  planning,
  removing,
  onEdit,
  onRemove,
}: {
  planning: DealPlanning;
  removing: boolean;
  onEdit: (item: DealPlan) => void;
  onRemove: (item: DealPlan) => void;
}) {
  const { t } = useLingui();
  return (
    <ul
      aria-label={t`Planned deals`}
      className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
    >
      {planning.plans.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-3">
          <img src={item.image} alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover" />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              <Trans>
                From {item.date}: {item.name}
              </Trans>
            </p>
            <p className="text-sm text-stone-600">
              <Trans>
                {formatRupees(item.price)} instead of {formatRupees(item.originalPrice)}
              </Trans>
              {item.plannedBy ? (
                <>
                  {" · "}
                  <Trans>planned by {item.plannedBy}</Trans>
                </>
              ) : null}
            </p>
          </div>
          {/* NOTE: a day that has come stays as shoppers saw it since midnight. */}
          {item.date > planning.today ? (
            <PlanActions
              item={item}
              removing={removing}
              onChange={() => onEdit(item)}
              onRemove={() => onRemove(item)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The deal of the day at /admin/deal: what shoppers see today, the plans from today on, and a form for the
 * next one. A plan holds from its shop date until a later one takes over; the built-in cabbage (product rules §9) is the default.
 */
export function DealPlanningSection() {
  const { t } = useLingui();
  const planning = useDealPlanning();
  const remove = useRemovePlannedDeal();
  const [editing, setEditing] = useState<DealPlan | null>(null);
  const removePlan = (item: DealPlan) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        if (editing?.id === item.id) setEditing(null);
        toast.success(t`The deal from ${item.date} is removed.`);
      },
      onError: (error) =>
        toast.error(error instanceof ApiRequestError ? error.message : t`Could not remove the deal.`),
    });
  return (
    <section aria-labelledby="deal-planning-heading" className="space-y-4">
      <h2 id="deal-planning-heading" className="text-xl font-bold text-stone-900">
        <Trans>Deal of the day</Trans>
      </h2>
      <LoadState query={planning} what={t`deal`} isEmpty={false} empty={null}>
        {planning.data ? (
          <>
            <p className="text-stone-700">
              <Trans>
                Today is {planning.data.today} in the shop's time zone ({planning.data.timeZone}); a deal
                turns over at its midnight. Today shoppers see <strong>{planning.data.current.name}</strong>{" "}
                at {formatRupees(planning.data.current.price)} instead of{" "}
                {formatRupees(planning.data.current.originalPrice)}.
              </Trans>
            </p>
            {planning.data.plans.length > 0 ? (
              <PlannedDeals
                planning={planning.data}
                removing={remove.isPending}
                onEdit={setEditing}
                onRemove={removePlan}
              />
            ) : (
              <p className="text-stone-700">
                <Trans>No deal is planned: the cabbage stays the deal of the day.</Trans>
              </p>
            )}
            <PlanForm
              key={editing?.id ?? "new"}
              planning={planning.data}
              editing={editing}
              onDone={() => setEditing(null)}
            />
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
