import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The FAQ, kept consistent with the terms (7-day returns, 24-hour delivery, minimum age 18). */
export const faqGroups: {
  /** Names the section's heading (its id), the same in every language. */
  id: string;
  topic: MessageDescriptor;
  items: { question: MessageDescriptor; answer: MessageDescriptor }[];
}[] = [
  {
    id: "shipping",
    topic: msg`Shipping`,
    items: [
      {
        question: msg`How fast will my order arrive?`,
        answer: msg`Every order is processed and delivered within 24 hours of being placed, unless its farmer offers delivery and pickup slots: then it comes in the slot you choose at checkout. Either way your produce reaches you fresh.`,
      },
      {
        question: msg`What does shipping cost?`,
        answer: msg`Shipping is free: the checkout shows it as Free on every order.`,
      },
      {
        question: msg`Can I ask a farmer about a delivery?`,
        answer: msg`Yes. Use the contact form with the shipping topic, choose the farmer and tell us your preferred delivery and time; the farmer replies by phone or e-mail.`,
      },
    ],
  },
  {
    id: "returns",
    topic: msg`Returns`,
    items: [
      {
        question: msg`Can I return something?`,
        answer: msg`Yes, within 7 days of delivery. If an item is damaged, spoiled or not what you ordered, send us a returns message from the contact page within that window.`,
      },
      {
        question: msg`How do refunds work?`,
        answer: msg`Once a return is accepted, the amount is refunded to the payment method you used for the order.`,
      },
    ],
  },
  {
    id: "freshness",
    topic: msg`Freshness`,
    items: [
      {
        question: msg`How fresh is the produce?`,
        answer: msg`Farmers list what they harvest and pack it to order, for delivery within 24 hours or in the slot you choose, so fruit and vegetables spend very little time in transit.`,
      },
      {
        question: msg`What if something is not fresh?`,
        answer: msg`Return it within 7 days of delivery and tell the farmer through the contact form.`,
      },
    ],
  },
  {
    id: "payments",
    topic: msg`Payments`,
    items: [
      {
        question: msg`How can I pay?`,
        answer: msg`By credit card, debit card, UPI or net banking, chosen at checkout.`,
      },
      {
        question: msg`In which currency are prices shown?`,
        answer: msg`All prices are in Indian rupees, with two decimals.`,
      },
    ],
  },
  {
    id: "farmers-listings",
    topic: msg`Farmers' listings`,
    items: [
      {
        question: msg`How do I sell my produce?`,
        answer: msg`Any signed-in account holder aged 18 or over can add products from the Add Products page with a name, price, photo, description and category (vegetables, fruits, dairy or grains).`,
      },
      {
        question: msg`Can I remove a listing?`,
        answer: msg`Yes. Only you, as its creator, can delete a product you listed.`,
      },
      {
        question: msg`Where do I read messages from shoppers?`,
        answer: msg`Messages that shoppers send you through the contact form appear on your Messages page, reachable from the header.`,
      },
    ],
  },
];
