import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CATEGORIES, type Category } from "../../shared/product-basics.ts";
import { categoryName } from "../lib/produce.ts";
import { DairyIcon, FruitsIcon, GrainsIcon, VegetablesIcon } from "./icons.tsx";

const categoryLooks: Record<Category, { icon: ReactNode; blurb: MessageDescriptor; tone: string }> = {
  vegetables: {
    icon: <VegetablesIcon className="h-8 w-8" />,
    blurb: msg`Leafy greens, roots and gourds`,
    tone: "bg-green-50 text-green-800 ring-green-200",
  },
  fruits: {
    icon: <FruitsIcon className="h-8 w-8" />,
    blurb: msg`Seasonal fruit, ripe and sweet`,
    tone: "bg-orange-50 text-orange-800 ring-orange-200",
  },
  dairy: {
    icon: <DairyIcon className="h-8 w-8" />,
    blurb: msg`Milk, curd, paneer and ghee`,
    tone: "bg-sky-50 text-sky-800 ring-sky-200",
  },
  grains: {
    icon: <GrainsIcon className="h-8 w-8" />,
    blurb: msg`Rice, wheat, millets and pulses`,
    tone: "bg-amber-50 text-amber-800 ring-amber-200",
  },
};

/** The four categories, each opening the shop filtered to it. */
export function CategoryTiles() {
  const { _ } = useLingui();
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CATEGORIES.map((category) => {
        const look = categoryLooks[category];
        return (
          <li key={category}>
            <Link
              to={`/shop?category=${category}`}
              className={`flex h-full flex-col items-center gap-2 rounded-2xl p-5 text-center ring-1 transition hover:-translate-y-0.5 hover:shadow-md ${look.tone}`}
            >
              {look.icon}
              <span className="text-lg font-semibold">{categoryName(category)}</span>
              <span className="text-sm text-stone-700">{_(look.blurb)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
