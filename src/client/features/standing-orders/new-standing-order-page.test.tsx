import { screen, waitFor } from "@testing-library/react";
import userEventLibrary, { PointerEventsCheckLevel } from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import { sessionAnswer } from "../../test/answers.ts";
import { api, apiRequestsTo, HttpResponse, http, offline, shellAnswers } from "../../test/api.ts";
import { inLanguage, loadScreens, renderAt } from "../../test/render.tsx";

// NOTE: the screen's code is loaded in the hook's own time, on a loaded machine too.
beforeAll(() => loadScreens("/standing-orders/new"), 60_000);

const meera = { id: "u1", email: "meera@example.com", name: "Meera Iyer" };
const line = (id: string, name: string, userId: string, quantity = 2): CartItem => ({
  id,
  name,
  price: 40,
  image: "",
  description: "",
  category: "vegetables",
  userId,
  quantity,
});
const saturday = (patternId: string, date: string) => ({
  id: `${patternId}-${date}`,
  kind: "delivery",
  date,
  start: "08:00",
  end: "10:00",
  available: true,
  left: 5,
  patternId,
  weekday: 6,
});
const slots = {
  farmers: [
    {
      farmerId: "asha",
      farmerName: "Asha",
      usesSlots: true,
      slots: [saturday("pa", "2026-03-21"), saturday("pa", "2026-03-28")],
    },
    { farmerId: "ravi", farmerName: "Ravi", usesSlots: true, slots: [saturday("pr", "2026-03-21")] },
  ],
};
const address = {
  id: "a1",
  fullName: "Meera Iyer",
  phone: "+91 98765 43210",
  address: "12 Lake Road",
  city: "Pune",
  state: "MH",
  zipCode: "411001",
  country: "IN",
  usedAt: "2026-03-01T00:00:00.000Z",
};
const standing = (id: string, farmerId: string) => ({
  id,
  farmerId,
  items: [],
  slotPatternIds: [],
  everyWeeks: 1,
  startDate: "2026-03-20",
  shipping: { ...address, usedAt: undefined, email: "meera@example.com" },
  paymentMethod: "cash",
  reminderHours: 24,
  status: "active",
  slotRemoved: false,
  next: [],
});

type Answer = (body: Record<string, unknown>) => Response;

/**
 * A server with the slots and the saved address; `create` answers each POST /api/standing-orders. (The session
 * is asked again when a request failed at the network and the next one came through.)
 */
function server(create: Answer) {
  api.use(
    ...shellAnswers,
    sessionAnswer(meera),
    http.get("/api/slots", () => HttpResponse.json(slots)),
    http.get("/api/account/addresses", () => HttpResponse.json({ addresses: [address] })),
    http.get("/api/standing-orders", () => HttpResponse.json({ standingOrders: [] })),
    http.post("/api/standing-orders", async ({ request }) =>
      create((await request.json()) as Record<string, unknown>),
    ),
  );
}

/** The standing orders the form sent: each one's idempotency key and body. */
const posts = async () =>
  (await apiRequestsTo("/api/standing-orders", "POST")).map((request) => ({
    key: request.headers.get("idempotency-key"),
    body: request.body as Record<string, unknown>,
  }));

const storeCart = (items: CartItem[]) => window.localStorage.setItem("cart", JSON.stringify(items));
const storedCart = () =>
  (JSON.parse(window.localStorage.getItem("cart") ?? "[]") as CartItem[]).map((i) => i.id);

// NOTE: no check of CSS pointer-events before each click: the test's page has no stylesheet to set them, and
// the check asks jsdom's getComputedStyle of the control and each of its ancestors.
const userEvent = userEventLibrary.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The title of the screen (its h1). */
const title = (text: string) => screen.getByText(text, { selector: "h1" });

/** The farmer's part of the form: the fieldset its legend names. */
const fieldsetOf = (farmer: string) => screen.getByText(farmer, { selector: "legend" }).closest("fieldset");

// NOTE: labels and texts find the screen's parts, not roles: a role query works out every candidate's
// accessible name and whether it is hidden (jsdom's getComputedStyle, ancestor by ancestor), and a findBy… does
// it again on every change while the screen draws. That was 14 of the first test's 32 sampled seconds (a CPU
// profile at load 20), and the file needed a two-minute timeout. Roles and names are the accessibility
// journey's (axe).
describe("Repeat this order (/standing-orders/new)", () => {
  it("makes one standing order per farmer of a mixed cart, each with its own key, kept across a retry", async () => {
    storeCart([line("tomato", "Tomatoes", "asha"), line("milk", "Milk", "ravi", 1)]);
    let failRavi = true;
    server((body) => {
      const farmer = (body.items as { productId: string }[])[0]?.productId === "tomato" ? "asha" : "ravi";
      if (farmer === "ravi" && failRavi) {
        failRavi = false;
        return offline();
      }
      return HttpResponse.json({ standingOrder: standing(`s-${farmer}`, farmer) }, { status: 201 });
    });
    const { router } = renderAt("/standing-orders/new", meera);
    // NOTE: the saved address fills the form, and its PIN asks for the slots again (those that deliver there).
    await waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Pune"));
    // The weekly slots drawn (after /api/slots) are the screen drawn.
    const [ashaSaturday, raviSaturday] = await screen.findAllByLabelText(/Saturday 8–10 am/);
    expect(title("Repeat this order")).toBeInTheDocument();
    expect(fieldsetOf("Asha")).toContainElement(ashaSaturday!);
    expect(fieldsetOf("Ravi")).toContainElement(raviSaturday!);
    await userEvent.click(ashaSaturday!);
    await userEvent.click(raviSaturday!);
    await userEvent.click(screen.getByLabelText("Every 2 weeks"));
    await userEvent.click(screen.getByLabelText("UPI"));
    await userEvent.selectOptions(screen.getByLabelText("Reminder"), "No reminder");
    await userEvent.click(screen.getByText("Make 2 standing orders"));
    // NOTE: the form says a connection is needed, and keeps what was chosen.
    expect(await screen.findByText(/needs a connection/)).toBeInTheDocument();
    expect(await posts()).toHaveLength(2);
    expect((await posts())[0]?.body).toMatchObject({
      items: [{ productId: "tomato", quantity: 2 }],
      slotPatternIds: ["pa"],
      everyWeeks: 2,
      paymentMethod: "upi",
      reminderHours: null,
      shipping: { city: "Pune", email: "meera@example.com" },
    });
    const [ashas, ravis] = await posts();
    expect(ashas?.key).not.toBe(ravis?.key);
    // Asha's is made (its lines leave the cart); the retry sends only Ravi's, with the same key.
    expect(storedCart()).toEqual(["milk"]);
    await userEvent.click(screen.getByText("Make 2 standing orders"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/standing-orders"));
    expect(await posts()).toHaveLength(3);
    expect((await posts())[2]?.key).toBe(ravis?.key);
    expect((await posts())[2]?.body.items).toEqual([{ productId: "milk", quantity: 1 }]);
    expect(storedCart()).toEqual([]);
  });

  it("refuses a one-off-only product with a message naming it, and sends nothing for a farmer with no slot chosen", async () => {
    storeCart([line("tomato", "Tomatoes", "asha"), line("honey", "Honey", "asha", 1)]);
    server(() =>
      HttpResponse.json(
        {
          error: {
            code: "validation_failed",
            message: "This product is sold one order at a time: it cannot be in a standing order",
            fields: {
              "items.1.productId":
                "This product is sold one order at a time: it cannot be in a standing order",
            },
          },
        },
        { status: 400 },
      ),
    );
    renderAt("/standing-orders/new", meera);
    const button = await screen.findByText("Make the standing order");
    await waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Pune"));
    await userEvent.click(button);
    expect(await screen.findAllByText("Choose at least one weekly slot")).not.toHaveLength(0);
    expect(await posts()).toHaveLength(0);
    await userEvent.click(screen.getByLabelText(/Saturday/));
    await userEvent.click(button);
    expect(
      await screen.findByText(
        "Honey: This product is sold one order at a time: it cannot be in a standing order",
      ),
    ).toBeInTheDocument();
    expect(storedCart()).toEqual(["tomato", "honey"]);
  });

  it("asks an account made by phone for no e-mail, and makes its standing order without one (issue 37)", async () => {
    const ravi = { id: "u2", email: null, phone: "+919876543210", name: "Ravi Patil" };
    storeCart([line("tomato", "Tomatoes", "asha")]);
    server(() => HttpResponse.json({ standingOrder: standing("s1", "asha") }, { status: 201 }));
    api.use(sessionAnswer(ravi));
    const { router } = renderAt("/standing-orders/new", ravi);
    await waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Pune"));
    const email = screen.getByLabelText("Email (optional)");
    expect(email).toHaveValue("");
    expect(email).not.toBeRequired();
    await userEvent.click(await screen.findByLabelText(/Saturday/));
    await userEvent.click(screen.getByText("Make the standing order"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/standing-orders"));
    expect((await posts())[0]?.body.shipping).toMatchObject({ city: "Pune", email: "" });
  });

  it("Order this again every…: fills the form from a past order (its lines, slot, address and payment)", async () => {
    server(() => HttpResponse.json({ standingOrder: standing("s1", "asha") }, { status: 201 }));
    const part = {
      farmerId: "asha",
      items: [{ productId: "okra", name: "Okra", quantity: 3 }],
      slot: { id: "x", kind: "delivery", date: "2026-03-14", start: "08:00", end: "10:00" },
    };
    const order = {
      id: "o1",
      fulfilments: [part],
      paymentMethod: "upi",
      shipping: { ...address, usedAt: undefined, fullName: "Meera I", email: "m@example.com" },
    };
    const { router } = renderAt("/standing-orders/new?order=o1", meera, [[["orders", "one", "o1"], order]]);
    expect(await screen.findByLabelText(/Saturday/)).toBeChecked();
    expect(title("Order this again every…")).toBeInTheDocument();
    expect(screen.getByText("Okra × 3")).toBeInTheDocument();
    expect(screen.getByLabelText("UPI")).toBeChecked();
    expect(screen.getByLabelText("Full name")).toHaveValue("Meera I");
    await userEvent.click(screen.getByText("Make the standing order"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/standing-orders"));
    expect((await posts())[0]?.body).toMatchObject({
      items: [{ productId: "okra", quantity: 3 }],
      slotPatternIds: ["pa"],
      paymentMethod: "upi",
      shipping: { fullName: "Meera I", email: "m@example.com" },
    });
  });

  it("reads in Hindi", async () => {
    await inLanguage("hi");
    storeCart([line("tomato", "Tomatoes", "asha")]);
    server(() => HttpResponse.json({}, { status: 500 }));
    renderAt("/standing-orders/new", meera);
    expect(await screen.findByLabelText("हर 2 हफ़्ते")).not.toBeChecked();
    expect(title("यह ऑर्डर दोहराएँ")).toBeInTheDocument();
    expect(screen.getByLabelText("नकद")).toBeChecked();
  });
});
