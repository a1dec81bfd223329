import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ContactTopic } from "../../../shared/schemas/messages.ts";
import { CONTACT_TOPICS } from "../../../shared/schemas/messages.ts";

interface ContactCopy {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  /** What the message box starts with (empty when absent). */
  message?: MessageDescriptor;
}

export const defaultContactCopy: ContactCopy = {
  title: msg`Contact a Farmer`,
  intro: msg`Ask about a harvest, a bulk order or a delivery. The farmer you choose replies by phone or e-mail.`,
};

/** `?type=shipping` and `?type=returns` change the title and prefill the message (product rules §2). */
export const contactTopicCopy: Record<ContactTopic, ContactCopy> = {
  shipping: {
    title: msg`Shipping Enquiry`,
    intro: msg`Questions about when and how your order arrives. Orders are delivered within 24 hours, or in the delivery or pickup slot you choose.`,
    message: msg`Hello, I have a question about the shipping of my order.`,
  },
  returns: {
    title: msg`Returns and Refunds`,
    intro: msg`Something not right? You can return an item within 7 days of delivery.`,
    message: msg`Hello, I would like to return an item from my order.`,
  },
};

/** The copy for a `type` query value; any value other than the known topics is ignored. */
export function contactCopyFor(type: string | null): ContactCopy {
  return (CONTACT_TOPICS as readonly string[]).includes(type ?? "")
    ? contactTopicCopy[type as ContactTopic]
    : defaultContactCopy;
}
