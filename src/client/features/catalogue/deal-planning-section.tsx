import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import type { DealPlan, DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import { ACCEPTED_IMAGE_TYPES } from "../../../shared/schemas/product-form.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import {
  useDealPlanning,
  useOperatorProducts,
  usePlanDeal,
  useRemovePlannedDeal,
  useUploadDealPicture,
} from "./operator-products.api.ts";
import { productName } from "./product-labels.ts";

const FIELDS = ["date", "name", "description", "price", "originalPrice", "imageId"] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

/** The stored picture behind a product's image URL (`/api/images/<id>?w=640`), or null. */
const imageIdOf = (url: string) => /\/api\/images\/([A-Za-z0-9_-]+)/.exec(url)?.[1] ?? null;

/** A planned day as the form holds it. */
const draftOf = (plan: DealPlan): Draft => ({
  date: plan.date,
  name: plan.name,
  description: plan.description,
  price: String(plan.price),
  originalPrice: String(plan.originalPrice),
  imageId: plan.imageId ?? "",
});

/**
 * Plans a deal, or (`editing`) changes a planned day before it comes. The picture follows the name while the
 * operator has not chosen one: a listed product of that name lends its picture, else the cabbage.
 */
function PlanForm({
  planning,
  editing,
  onDone,
}: {
  planning: DealPlanning;
  editing: DealPlan | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const plan = usePlanDeal();
  const upload = useUploadDealPicture();
  const pictures = useOperatorProducts("", "visible");
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? draftOf(editing)
      : { date: planning.today, name: "", description: "", price: "", originalPrice: "", imageId: "" },
  );
  const [pictureChosen, setPictureChosen] = useState(editing !== null);
  const [uploaded, setUploaded] = useState<{ imageId: string; image: string; name: string }[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field | "image", string>>>({});
  const products = (pictures.data?.pages[0]?.items ?? []).filter((product) => imageIdOf(product.image));
  // NOTE: a plan's picture may be a product's that has since gone; it stays on offer for the next plans.
  const productImages = new Set(products.map((product) => imageIdOf(product.image)));
  const planPictures = new Map<string, DealPlan>();
  for (const item of planning.plans) {
    if (item.imageId && !productImages.has(item.imageId) && !planPictures.has(item.imageId)) {
      planPictures.set(item.imageId, item);
    }
  }
  const pictureUrl =
    uploaded.find((u) => u.imageId === draft.imageId)?.image ??
    products.find((p) => imageIdOf(p.image) === draft.imageId)?.image ??
    planning.plans.find((p) => p.imageId === draft.imageId)?.image ??
    (draft.imageId === "" ? "/api/deal/image" : null);

  /** The picture of the listed product named `name` (ignoring case and spaces), or "" for the cabbage. */
  const pictureForName = (name: string) => {
    const wanted = name.trim().toLowerCase();
    const product = products.find((p) => p.name.trim().toLowerCase() === wanted);
    return product ? (imageIdOf(product.image) ?? "") : "";
  };

  const field = (name: Field) => ({
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((current) => ({
        ...current,
        [name]: value,
        ...(name === "name" && !pictureChosen ? { imageId: pictureForName(value) } : {}),
      }));
      if (name === "imageId") setPictureChosen(true);
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onUpload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setErrors((current) => ({ ...current, image: undefined, imageId: undefined }));
    upload.mutate(file, {
      onSuccess: (picture) => {
        setUploaded((current) => [...current, { ...picture, name: file.name }]);
        setDraft((current) => ({ ...current, imageId: picture.imageId }));
        setPictureChosen(true);
      },
      onError: (error) =>
        setErrors((current) => ({
          ...current,
          image: error instanceof ApiRequestError ? error.message : t`Could not upload the picture.`,
        })),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate(
      {
        plan: {
          date: draft.date,
          name: draft.name,
          description: draft.description,
          // NOTE: prices go as typed; the server's schema (whose messages this form shows) decides.
          price: draft.price,
          originalPrice: draft.originalPrice,
          imageId: draft.imageId || null,
        },
        ...(editing ? { replaces: editing.id } : {}),
      },
      {
        onSuccess: () => {
          // NOTE: the server took the plan, so no earlier refusal's message stands (issue 25).
          setErrors({});
          toast.success(
            editing ? t`The deal from ${draft.date} is changed.` : t`The deal from ${draft.date} is planned.`,
          );
          setDraft((current) => ({
            ...current,
            name: "",
            description: "",
            price: "",
            originalPrice: "",
            imageId: "",
          }));
          setPictureChosen(false);
          onDone();
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
        {editing ? t`Change the deal from ${editing.date}` : <Trans>Plan a deal</Trans>}
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
      <div className="flex items-start gap-4 sm:col-span-2">
        {pictureUrl ? (
          <img src={pictureUrl} alt="" className="mt-6 h-16 w-16 shrink-0 rounded-lg object-cover" />
        ) : null}
        <SelectField
          label={t`Picture`}
          className="min-w-0 flex-1"
          hint={t`A listed product's picture (chosen for you when the name is one of theirs), a planned deal's, one you upload, or the built-in cabbage.`}
          options={[
            { value: "", label: t`The built-in cabbage` },
            ...uploaded.map((item) => ({
              value: item.imageId,
              label: t`Your upload ${item.name}`,
            })),
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
      </div>
      <label className="block text-sm font-medium text-stone-800 sm:col-span-2">
        {upload.isPending ? t`Uploading picture...` : t`Or upload a picture`}
        <input
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          onChange={onUpload}
          disabled={upload.isPending}
          aria-invalid={errors.image ? true : undefined}
          className="mt-1 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
        />
        {errors.image ? (
          <span role="alert" className="mt-1 block text-red-700">
            {errors.image}
          </span>
        ) : null}
      </label>
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={plan.isPending || upload.isPending}>
          {plan.isPending ? t`Saving...` : editing ? t`Save changes` : t`Plan this deal`}
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
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
                    {/* NOTE: a day that has come stays as shoppers saw it since midnight. */}
                    {item.date > planning.data.today ? (
                      <div className="ml-auto flex shrink-0 gap-2">
                        <Button
                          type="button"
                          variant="secondary"
                          aria-label={t`Change the deal from ${item.date}`}
                          onClick={() => setEditing(item)}
                        >
                          <Trans>Change</Trans>
                        </Button>
                        <Button
                          type="button"
                          variant="secondary"
                          aria-label={t`Remove the deal from ${item.date}`}
                          disabled={remove.isPending}
                          onClick={() => removePlan(item)}
                        >
                          <Trans>Remove</Trans>
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
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
