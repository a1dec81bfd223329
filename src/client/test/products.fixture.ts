import type { Deal, Product } from "../../shared/schemas/products.ts";

let counter = 0;
/** A product as the API returns it; override what a test is about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  return {
    id: `p${counter}`,
    name: `Tomatoes ${counter}`,
    otherNames: [],
    price: 40,
    image: `/api/images/img${counter}?w=640`,
    imageWidths: [320, 640, 1280],
    imageWidth: 1280,
    imageHeight: 960,
    description: "Ripe red tomatoes",
    category: "vegetables",
    userId: "farmer-1",
    farmerName: "Ravi",
    quantity: 0,
    createdAt: "2026-11-20T10:00:00.000Z",
    unit: "kg",
    stock: null,
    harvestedOn: null,
    ...overrides,
  };
}

export function aDeal(endsInMs: number): Deal {
  const end = Date.now() + endsInMs;
  return {
    id: "deal-of-the-day",
    name: "Cabbage",
    price: 5,
    originalPrice: 10,
    image: "/api/deal/image",
    description: "Crisp green cabbage",
    category: "Vegetables",
    userId: "system",
    startTime: new Date(end - 24 * 3600_000).toISOString(),
    endTime: new Date(end).toISOString(),
  };
}
