/**
 * The operator's sections, each a page under /admin (`""` is /admin itself). Kept apart from the screens so
 * the route table can list them without loading the operator's code for everybody.
 */
export const ADMIN_SECTIONS = [
  { path: "", label: "Overview" },
  { path: "inbox", label: "Inbox" },
  { path: "products", label: "Products" },
  { path: "accounts", label: "Accounts" },
  { path: "orders", label: "Orders" },
  { path: "payments", label: "Payments" },
  { path: "deal", label: "Deal of the day" },
  { path: "shop-slots", label: "Delivery and pickup" },
  { path: "audit", label: "Audit log" },
] as const;

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]["path"];
