import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import type { DealPlan, DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import { ACCEPTED_IMAGE_TYPES } from "../../../shared/schemas/product-form.ts";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { productName } from "./product-labels.ts";
import { imageIdOf, usePlanForm } from "./use-plan-form.ts";

type PlanForm = ReturnType<typeof usePlanForm>;

/** A price in rupees, as typed (the server's schema decides). */
function PriceField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="decimal" min={0} step="0.01" required {...props} />;
}

/** The plan's picture: shown, and chosen among the products', the planned deals', the uploads' and the cabbage. */
function PictureChoice({ form }: { form: PlanForm }) {
  const { t } = useLingui();
  const { pictures } = form;
  const pictureUrl = pictures.pictureUrl(form.draft.imageId);
  return (
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
          ...pictures.uploaded.map((item) => ({
            value: item.imageId,
            label: t`Your upload ${item.name}`,
          })),
          ...[...pictures.planPictures].map(([imageId, item]) => ({
            value: imageId,
            label: t`The picture of the deal from ${item.date} (${item.name})`,
          })),
          ...pictures.products.map((product) => ({
            value: imageIdOf(product.image) ?? "",
            label: t`The picture of ${productName(product.name)}`,
          })),
        ]}
        {...form.field("imageId")}
      />
    </div>
  );
}

/** Uploads a picture of the operator's own for the plan. */
function PictureUpload({ form }: { form: PlanForm }) {
  const { t } = useLingui();
  return (
    <label className="block text-sm font-medium text-stone-800 sm:col-span-2">
      {form.uploading ? t`Uploading picture...` : t`Or upload a picture`}
      <input
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        onChange={form.onUpload}
        disabled={form.uploading}
        aria-invalid={form.errors.image ? true : undefined}
        className="mt-1 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
      />
      {form.errors.image ? (
        <span role="alert" className="mt-1 block text-red-700">
          {form.errors.image}
        </span>
      ) : null}
    </label>
  );
}

/** Plans a deal, or (`editing`) changes a planned day before it comes (usePlanForm). */
export function PlanForm({
  planning,
  editing,
  onDone,
}: {
  planning: DealPlanning;
  editing: DealPlan | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const form = usePlanForm(planning, editing, onDone);
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2"
    >
      <h3 className="text-lg font-semibold text-stone-900 sm:col-span-2">
        {editing ? t`Change the deal from ${editing.date}` : <Trans>Plan a deal</Trans>}
      </h3>
      <TextField
        label={t`From (shop date)`}
        type="date"
        min={planning.today}
        required
        {...form.field("date")}
      />
      <TextField label={t`Product name`} required maxLength={100} {...form.field("name")} />
      <TextAreaField
        label={t`Description`}
        rows={3}
        required
        className="sm:col-span-2"
        {...form.field("description")}
      />
      <PriceField label={t`Deal price (₹)`} {...form.field("price")} />
      <PriceField label={t`Original price (₹)`} {...form.field("originalPrice")} />
      <PictureChoice form={form} />
      <PictureUpload form={form} />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={form.saving || form.uploading}>
          {form.saving ? t`Saving...` : editing ? t`Save changes` : t`Plan this deal`}
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
