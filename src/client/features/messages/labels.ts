import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DeliveryPreference, PreferredTime } from "../../../shared/schemas/messages.ts";

/** The shared schema's delivery preferences (deliveryPreferenceLabels), in the language shown. */
export const deliveryPreferenceTexts: Record<DeliveryPreference, MessageDescriptor> = {
  standard: msg`Standard (within 24 hours)`,
  express: msg`Express (same day)`,
  pickup: msg`Pickup at the farm`,
};

/** The shared schema's contact times (preferredTimeLabels), in the language shown. */
export const preferredTimeTexts: Record<PreferredTime, MessageDescriptor> = {
  any: msg`Any time`,
  morning: msg`Morning (8 am to noon)`,
  afternoon: msg`Afternoon (noon to 4 pm)`,
  evening: msg`Evening (4 pm to 8 pm)`,
};
