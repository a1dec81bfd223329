import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../test/render.tsx";
import { NextSlotNote } from "./produce-facts.tsx";

// 2026-11-28 was a Saturday.
const delivery = { kind: "delivery", date: "2026-11-28", start: "08:00", end: "10:00" } as const;
const evening = { kind: "delivery", date: "2026-11-25", start: "17:00", end: "19:00" } as const;
const pickup = { kind: "pickup", date: "2026-11-28", start: "08:00", end: "10:00" } as const;

const cardText = (nextSlot: typeof delivery | typeof evening | typeof pickup) => {
  const { container, unmount } = render(<NextSlotNote nextSlot={nextSlot} />);
  const text = container.textContent;
  unmount();
  return text;
};

describe("the product card's next slot", () => {
  it("says the spec's English word for word", () => {
    expect(cardText(delivery)).toBe("Next delivery: Sat 8–10 am");
    expect(cardText(evening)).toBe("Next delivery: Wed 5–7 pm");
    expect(cardText(pickup)).toBe("Pickup only");
  });

  it("says nothing without a slot", () => {
    const { container } = render(<NextSlotNote nextSlot={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("is said in Hindi, the day and the window included", async () => {
    await inLanguage("hi");
    expect(cardText(delivery)).toBe("अगली डिलीवरी: शनि सुबह 8–10");
    expect(cardText(evening)).toBe("अगली डिलीवरी: बुध शाम 5–7");
    render(<NextSlotNote nextSlot={pickup} />);
    expect(screen.getByText("सिर्फ़ पिकअप")).toBeVisible();
  });

  it("is said in Marathi, the day and the window included", async () => {
    await inLanguage("mr");
    expect(cardText(delivery)).toBe("पुढील डिलिव्हरी: शनि 8–10 सकाळ");
    expect(cardText(evening)).toBe("पुढील डिलिव्हरी: बुध 5–7 संध्याकाळ");
    render(<NextSlotNote nextSlot={pickup} />);
    expect(screen.getByText("फक्त पिकअप")).toBeVisible();
  });
});
