import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import type { DealPlan, DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { useDealPlanning, useOperatorProducts, usePlanDeal } from "./operator-products.api.ts";
import { productName } from "./product-labels.ts";

const FIELDS = ["date", "name", "description", "price", "originalPrice", "imageId"] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

/** The stored picture behind a product's image URL (`/api/images/<id>?w=640`), or null. */
const imageIdOf = (url: string) => /\/api\/images\/([A-Za-z0-9_-]+)/.exec(url)?.[1] ?? null;

function PlanForm({ planning }: { planning: DealPlanning }) {
  const { t } = useLingui();
  const plan = usePlanDeal();
  const pictures = useOperatorProducts("", "visible");
  const [draft, setDraft] = useState<Draft>({
    date: planning.today,
    name: "",
    description: "",
    price: "",
    originalPrice: "",
    imageId: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const products = (pictures.data?.pages[0]?.items ?? []).filter((product) => imageIdOf(product.image));
  // NOTE: a plan's picture may be a product's that has since gone; it stays on offer for the next plans.
  const productImages = new Set(products.map((product) => imageIdOf(product.image)));
  const planPictures = new Map<string, DealPlan>();
  for (const item of planning.plans) {
    if (item.imageId && !productImages.has(item.imageId) && !planPictures.has(item.imageId)) {
      planPictures.set(item.imageId, item);
    }
  }

  const field = (name: Field) => ({
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate(
      {
        date: draft.date,
        name: draft.name,
        description: draft.description,
        // NOTE: prices go as typed; the server's schema (whose messages this form shows) decides.
        price: draft.price,
        originalPrice: draft.originalPrice,
        imageId: draft.imageId || null,
      },
      {
        onSuccess: () => {
          // NOTE: the server took the plan, so no earlier refusal's message stands (issue 25).
          setErrors({});
          toast.success(t`The deal from ${draft.date} is planned.`);
          setDraft((current) => ({ ...current, name: "", description: "", price: "", originalPrice: "" }));
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
            setErrors(error.fields as Partial<Record<Field, string>>);
          } else {
            toast.error(error instanceof ApiRequestError ? error.message : t`Could not plan the deal.`);
          }
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2"
    >
      <h3 className="text-lg font-semibold text-stone-900 sm:col-span-2">
        <Trans>Plan a deal</Trans>
      </h3>
      <TextField label={t`From (shop date)`} type="date" min={planning.today} required {...field("date")} />
      <TextField label={t`Product name`} required maxLength={100} {...field("name")} />
      <TextAreaField
        label={t`Description`}
        rows={3}
        required
        className="sm:col-span-2"
        {...field("description")}
      />
      <TextField
        label={t`Deal price (₹)`}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        {...field("price")}
      />
      <TextField
        label={t`Original price (₹)`}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        {...field("originalPrice")}
      />
      <SelectField
        label={t`Picture`}
        className="sm:col-span-2"
        hint={t`The picture of a planned deal or of a product in the shop, or the built-in cabbage.`}
        options={[
          { value: "", label: t`The built-in cabbage` },
          ...[...planPictures].map(([imageId, item]) => ({
            value: imageId,
            label: t`The picture of the deal from ${item.date} (${item.name})`,
          })),
          ...products.map((product) => ({
            value: imageIdOf(product.image) ?? "",
            label: t`The picture of ${productName(product.name)}`,
          })),
        ]}
        {...field("imageId")}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={plan.isPending}>
          {plan.isPending ? t`Saving...` : t`Plan this deal`}
        </Button>
      </div>
    </form>
  );
}

/**
 * The deal of the day at /admin/deal: what shoppers see today, the plans from today on, and a form for the
 * next one. A plan holds from its shop date until a later one takes over; the built-in cabbage (product rules §9) is the default.
 */
export function DealPlanningSection() {
  const { t } = useLingui();
  const planning = useDealPlanning();
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
              <ul
                aria-label={t`Planned deals`}
                className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
              >
                {planning.data.plans.map((item) => (
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
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-700">
                <Trans>No deal is planned: the cabbage stays the deal of the day.</Trans>
              </p>
            )}
            <PlanForm planning={planning.data} />
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
