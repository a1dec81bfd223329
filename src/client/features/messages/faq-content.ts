/** The FAQ, kept consistent with the terms (7-day returns, 24-hour delivery, minimum age 18). */
export const faqGroups: { topic: string; items: { question: string; answer: string }[] }[] = [
  {
    topic: "Shipping",
    items: [
      {
        question: "How fast will my order arrive?",
        answer:
          "Every order is processed and delivered within 24 hours of being placed, so your produce reaches you fresh.",
      },
      {
        question: "What does shipping cost?",
        answer: "Shipping is free: the checkout shows it as Free on every order.",
      },
      {
        question: "Can I ask a farmer about a delivery?",
        answer:
          "Yes. Use the contact form with the shipping topic, choose the farmer and tell us your preferred delivery and time; the farmer replies by phone or e-mail.",
      },
    ],
  },
  {
    topic: "Returns",
    items: [
      {
        question: "Can I return something?",
        answer:
          "Yes, within 7 days of delivery. If an item is damaged, spoiled or not what you ordered, send us a returns message from the contact page within that window.",
      },
      {
        question: "How do refunds work?",
        answer:
          "Once a return is accepted, the amount is refunded to the payment method you used for the order.",
      },
    ],
  },
  {
    topic: "Freshness",
    items: [
      {
        question: "How fresh is the produce?",
        answer:
          "Farmers list what they harvest and pack it to order. Because orders are delivered within 24 hours, fruit and vegetables spend very little time in transit.",
      },
      {
        question: "What if something is not fresh?",
        answer: "Return it within 7 days of delivery and tell the farmer through the contact form.",
      },
    ],
  },
  {
    topic: "Payments",
    items: [
      {
        question: "How can I pay?",
        answer: "By credit card, debit card, UPI or net banking, chosen at checkout.",
      },
      {
        question: "In which currency are prices shown?",
        answer: "All prices are in Indian rupees, with two decimals.",
      },
    ],
  },
  {
    topic: "Farmers' listings",
    items: [
      {
        question: "How do I sell my produce?",
        answer:
          "Any signed-in account holder aged 18 or over can add products from the Add Products page with a name, price, photo, description and category (vegetables, fruits, dairy or grains).",
      },
      {
        question: "Can I remove a listing?",
        answer: "Yes. Only you, as its creator, can delete a product you listed.",
      },
      {
        question: "Where do I read messages from shoppers?",
        answer:
          "Messages that shoppers send you through the contact form appear on your Messages page, reachable from the header.",
      },
    ],
  },
];
