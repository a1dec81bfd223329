import { msg } from "@lingui/core/macro";

/**
 * The operator's sections, each a page under /admin (`""` is /admin itself). Kept apart from the screens so
 * the route table can list them without loading the operator's code for everybody.
 */
export const ADMIN_SECTIONS = [
  { path: "", label: msg`Overview` },
  { path: "inbox", label: msg`Inbox` },
  { path: "products", label: msg`Products` },
  { path: "accounts", label: msg`Accounts` },
  { path: "orders", label: msg`Orders` },
  { path: "payments", label: msg`Payments` },
  { path: "deal", label: msg`Deal of the day` },
  { path: "shop-slots", label: msg`Delivery and pickup` },
  { path: "audit", label: msg`Audit log` },
] as const;

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]["path"];
