import { useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, useState } from "react";
import type { DealPlan, DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { useOperatorProducts, usePlanDeal, useUploadDealPicture } from "./operator-products.api.ts";

const FIELDS = ["date", "name", "description", "price", "originalPrice", "imageId"] as const;
export type PlanField = (typeof FIELDS)[number];
type Draft = Record<PlanField, string>;
type Errors = Partial<Record<PlanField | "image", string>>;

/** The stored picture behind a product's image URL (`/api/images/<id>?w=640`), or null. */
export const imageIdOf = (url: string) => /\/api\/images\/([A-Za-z0-9_-]+)/.exec(url)?.[1] ?? null;

/** A planned day as the form holds it. */
const draftOf = (plan: DealPlan): Draft => ({
  date: plan.date,
  name: plan.name,
  description: plan.description,
  price: String(plan.price),
  originalPrice: String(plan.originalPrice),
  imageId: plan.imageId ?? "",
});

/** What the form keeps of a plan once it is saved: its date, for the next plan. */
const emptied = { name: "", description: "", price: "", originalPrice: "", imageId: "" };

/**
 * The pictures a plan may take: the listed products' (those with a stored picture), the planned deals' whose
 * product has gone, and those uploaded here.
 */
function useDealPictures(planning: DealPlanning) {
  const pictures = useOperatorProducts("", "visible");
  const [uploaded, setUploaded] = useState<{ imageId: string; image: string; name: string }[]>([]);
  const products = (pictures.data?.pages[0]?.items ?? []).filter((product) => imageIdOf(product.image));
  // NOTE: a plan's picture may be a product's that has since gone; it stays on offer for the next plans.
  const productImages = new Set(products.map((product) => imageIdOf(product.image)));
  const planPictures = new Map<string, DealPlan>();
  for (const item of planning.plans) {
    if (item.imageId && !productImages.has(item.imageId) && !planPictures.has(item.imageId)) {
      planPictures.set(item.imageId, item);
    }
  }
  /** The picture's URL to show beside the choice; the cabbage's for none. */
  const pictureUrl = (imageId: string) =>
    uploaded.find((u) => u.imageId === imageId)?.image ??
    products.find((p) => imageIdOf(p.image) === imageId)?.image ??
    planning.plans.find((p) => p.imageId === imageId)?.image ??
    (imageId === "" ? "/api/deal/image" : null);
  /** The picture of the listed product named `name` (ignoring case and spaces), or "" for the cabbage. */
  const pictureForName = (name: string) => {
    const wanted = name.trim().toLowerCase();
    const product = products.find((p) => p.name.trim().toLowerCase() === wanted);
    return product ? (imageIdOf(product.image) ?? "") : "";
  };
  const addUpload = (picture: (typeof uploaded)[number]) => setUploaded((current) => [...current, picture]);
  return { products, planPictures, uploaded, addUpload, pictureUrl, pictureForName };
}

type DealPictures = ReturnType<typeof useDealPictures>;

/** The form's values and messages; the picture follows the name until the operator chooses one. */
function usePlanDraft(initial: () => Draft, chosen: boolean, pictureForName: (name: string) => string) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [pictureChosen, setPictureChosen] = useState(chosen);
  const [errors, setErrors] = useState<Errors>({});
  const clearError = (...names: (keyof Errors)[]) =>
    setErrors((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, undefined])) }));

  const field = (name: PlanField) => ({
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
      clearError(name);
    },
  });
  const choosePicture = (imageId: string) => {
    setDraft((current) => ({ ...current, imageId }));
    setPictureChosen(true);
  };
  /** After a saved plan: no earlier refusal's message stands (issue 25), and the next plan starts empty. */
  const clear = () => {
    setErrors({});
    setDraft((current) => ({ ...current, ...emptied }));
    setPictureChosen(false);
  };
  return { draft, errors, setErrors, clearError, field, choosePicture, clear };
}

type PlanDraft = ReturnType<typeof usePlanDraft>;

/** Uploads a picture of the operator's own, which becomes the plan's. */
function usePictureUpload(form: PlanDraft, pictures: DealPictures) {
  const { t } = useLingui();
  const upload = useUploadDealPicture();
  const onUpload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    form.clearError("image", "imageId");
    upload.mutate(file, {
      onSuccess: (picture) => {
        pictures.addUpload({ ...picture, name: file.name });
        form.choosePicture(picture.imageId);
      },
      onError: (error) =>
        form.setErrors((current) => ({
          ...current,
          image: error instanceof ApiRequestError ? error.message : t`Could not upload the picture.`,
        })),
    });
  };
  return { onUpload, uploading: upload.isPending };
}

/** Sends the plan (in place of `editing`'s day, when changing one); the server's refusals show by the fields. */
function usePlanSubmit(form: PlanDraft, editing: DealPlan | null, onDone: () => void) {
  const { t } = useLingui();
  const plan = usePlanDeal();
  const { draft } = form;
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
          form.clear();
          toast.success(
            editing ? t`The deal from ${draft.date} is changed.` : t`The deal from ${draft.date} is planned.`,
          );
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
            form.setErrors(error.fields as Errors);
          } else {
            toast.error(error instanceof ApiRequestError ? error.message : t`Could not plan the deal.`);
          }
        },
      },
    );
  };
  return { onSubmit, saving: plan.isPending };
}

/**
 * The plan form's state: a new plan from today, or (`editing`) a planned day's values. The picture follows
 * the name while the operator has not chosen one: a listed product of that name lends its picture, else the
 * cabbage.
 */
export function usePlanForm(planning: DealPlanning, editing: DealPlan | null, onDone: () => void) {
  const pictures = useDealPictures(planning);
  const form = usePlanDraft(
    () => (editing ? draftOf(editing) : { date: planning.today, ...emptied }),
    editing !== null,
    pictures.pictureForName,
  );
  const upload = usePictureUpload(form, pictures);
  const submit = usePlanSubmit(form, editing, onDone);
  return { ...form, ...upload, ...submit, pictures };
}
