import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ZodType } from "zod";
import { NoContentSchema } from "../../../shared/schemas/auth.ts";
import {
  DeliveryAreaSchema,
  FarmerSlotListSchema,
  FarmerSlotResponseSchema,
  PackingListSchema,
  type PickupPointInput,
  PickupPointListSchema,
  PickupPointResponseSchema,
  type SlotPatch,
  type SlotPatternInput,
  SlotPatternListSchema,
  type SlotPatternPatch,
  SlotPatternResponseSchema,
} from "../../../shared/schemas/slots.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** Whose set-up: the signed-in farmer's own, or (for an operator) the shop's own part. */
export type SlotsBase = "/api/farmer" | "/api/admin/shop-slots";

const keyOf = (base: SlotsBase, what: string) => ["slots", base, what];

export const usePickupPoints = (base: SlotsBase) =>
  useQuery({
    queryKey: keyOf(base, "points"),
    queryFn: () => apiFetch(`${base}/pickup-points`, PickupPointListSchema).then((r) => r.items),
  });

export const useDeliveryArea = (base: SlotsBase) =>
  useQuery({
    queryKey: keyOf(base, "area"),
    queryFn: () => apiFetch(`${base}/delivery-area`, DeliveryAreaSchema),
  });

export const useSlotPatterns = (base: SlotsBase) =>
  useQuery({
    queryKey: keyOf(base, "patterns"),
    queryFn: () => apiFetch(`${base}/slot-patterns`, SlotPatternListSchema).then((r) => r.items),
  });

export const useDatedSlots = (base: SlotsBase) =>
  useQuery({
    queryKey: keyOf(base, "dated"),
    queryFn: () => apiFetch(`${base}/slots`, FarmerSlotListSchema).then((r) => r.items),
  });

export const usePackingList = (base: SlotsBase, slotId: string) =>
  useQuery({
    queryKey: keyOf(base, `packing-${slotId}`),
    queryFn: () => apiFetch(`${base}/slots/${encodeURIComponent(slotId)}/packing-list`, PackingListSchema),
  });

/** Every change of the set-up: afterwards, everything of this base is read again (points, patterns, slots). */
function useSlotsMutation<Input, Output>(base: SlotsBase, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["slots", base] }),
  });
}

/** Adds one of a list (POST to `path`) or, with `id`, changes it (PATCH to `path/id`). */
const save =
  <Input, S extends ZodType>(path: string, schema: S) =>
  ({ id, input }: { id?: string; input: Input }) =>
    apiFetch(id ? `${path}/${encodeURIComponent(id)}` : path, schema, {
      method: id ? "PATCH" : "POST",
      json: input,
    });

export const useSavePickupPoint = (base: SlotsBase) =>
  useSlotsMutation(
    base,
    save<PickupPointInput, typeof PickupPointResponseSchema>(
      `${base}/pickup-points`,
      PickupPointResponseSchema,
    ),
  );

export const useRetirePickupPoint = (base: SlotsBase) =>
  useSlotsMutation(base, (id: string) =>
    apiFetch(`${base}/pickup-points/${encodeURIComponent(id)}`, PickupPointResponseSchema, {
      method: "DELETE",
    }),
  );

export const useSaveDeliveryArea = (base: SlotsBase) =>
  useSlotsMutation(base, (pinPrefixes: string[]) =>
    apiFetch(`${base}/delivery-area`, DeliveryAreaSchema, { method: "PUT", json: { pinPrefixes } }),
  );

/** Adds a weekly slot, or (with `id`) changes one: an edit sends every field, `pickupPointId: null` to clear it. */
export const useSaveSlotPattern = (base: SlotsBase) =>
  useSlotsMutation(
    base,
    save<SlotPatternInput | SlotPatternPatch, typeof SlotPatternResponseSchema>(
      `${base}/slot-patterns`,
      SlotPatternResponseSchema,
    ),
  );

export const useDeleteSlotPattern = (base: SlotsBase) =>
  useSlotsMutation(base, (id: string) =>
    apiFetch(`${base}/slot-patterns/${encodeURIComponent(id)}`, NoContentSchema, { method: "DELETE" }),
  );

export const usePatchSlot = (base: SlotsBase) =>
  useSlotsMutation(base, ({ id, patch }: { id: string; patch: SlotPatch }) =>
    apiFetch(`${base}/slots/${encodeURIComponent(id)}`, FarmerSlotResponseSchema, {
      method: "PATCH",
      json: patch,
    }),
  );
