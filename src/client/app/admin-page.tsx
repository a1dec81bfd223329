import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentType } from "react";
import { NavLink, Outlet } from "react-router";
import { Pending } from "../components/pending.tsx";
import { AuditSection } from "../features/admin/audit-section.tsx";
import { OverviewSection } from "../features/admin/overview-section.tsx";
import { useMe } from "../features/auth/me.api.ts";
import { OperatorAccountsSection } from "../features/auth/operator-accounts-section.tsx";
import { DealPlanningSection } from "../features/catalogue/deal-planning-section.tsx";
import { OperatorProductsSection } from "../features/catalogue/operator-products-section.tsx";
import { OperatorInboxSection } from "../features/messages/operator-inbox-section.tsx";
import { OperatorOrdersSection } from "../features/orders/operator-orders-section.tsx";
import { OperatorPaymentsSection } from "../features/orders/payments-section.tsx";
import { DeliveryPickupSection } from "../features/slots/delivery-pickup-section.tsx";
import { PackingListPage } from "../features/slots/packing-list-page.tsx";
import { ADMIN_SECTIONS, type AdminSectionPath } from "./admin-sections.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/** Each operator section's screen; each domain's section lives in its own feature. */
export const adminScreens: Record<AdminSectionPath, ComponentType> = {
  "": OverviewSection,
  inbox: OperatorInboxSection,
  products: OperatorProductsSection,
  accounts: OperatorAccountsSection,
  orders: OperatorOrdersSection,
  payments: OperatorPaymentsSection,
  deal: DealPlanningSection,
  "shop-slots": ShopSlotsSection,
  audit: AuditSection,
};

/** The shop's own delivery and pickup (its part of an order is the deal of the day), set up as a farmer's. */
function ShopSlotsSection() {
  return (
    <DeliveryPickupSection
      base="/api/admin/shop-slots"
      packingListPath={(id) => `/admin/shop-slots/${encodeURIComponent(id)}/packing-list`}
    />
  );
}

/** /admin/shop-slots/:id/packing-list: one of the shop's dated slots, printable. */
export function ShopPackingListPage() {
  const { t } = useLingui();
  const me = useMe();
  if (me.isPending) return <Pending label={t`Loading...`} />;
  if (!me.data?.operator) return <NotFoundPage />;
  return <PackingListPage base="/api/admin/shop-slots" backTo="/admin/shop-slots" />;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap lg:px-3.5 ${
    isActive ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
  }`;

/**
 * /admin: the operator's workspace. The server checks every /api/admin route (403 for anybody else); here
 * a signed-in user who is not an operator sees "Page not found", as for any address that is not theirs.
 */
export function AdminPage() {
  const { t, i18n } = useLingui();
  const me = useMe();
  if (me.isPending) return <Pending label={t`Loading...`} />;
  if (!me.data?.operator) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
          <Trans>Shop admin</Trans>
        </h1>
        <p className="mt-1 text-stone-600">
          <Trans>Messages to the shop, moderation, orders, the deal and the figures.</Trans>
        </p>
      </div>
      {/* NOTE: on a phone the bar scrolls from edge to edge of the screen; from `sm` up it keeps to the column
          (16 px wider on each side before, issue 40) and its tabs wrap rather than hide behind its edge. The
          list's 1 px padding keeps the tabs' rings unclipped. */}
      <nav aria-label={t`Admin sections`} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 p-px sm:flex-wrap">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path ? `/admin/${section.path}` : "/admin"} end className={tabClass}>
                {i18n._(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
