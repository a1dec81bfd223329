import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { SlotChoicesSchema } from "../../shared/schemas/slots.ts";
import { apiFetch } from "./api-client.ts";

/**
 * The slots each farmer in the cart offers (GET /api/slots), marked for the shipping PIN code once it is
 * typed. Here because checkout and a new standing order both ask it.
 */
export const useSlotChoices = (farmerIds: readonly string[], pin: string | undefined) =>
  useQuery({
    queryKey: ["slots", "choices", farmerIds, pin ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ farmerIds: farmerIds.join(",") });
      if (pin) query.set("pin", pin);
      return apiFetch(`/api/slots?${query}`, SlotChoicesSchema).then((reply) => reply.farmers);
    },
    enabled: farmerIds.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
