import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { LeafIcon, ShieldIcon, TruckIcon, UsersIcon } from "./icons.tsx";

const features: { title: MessageDescriptor; text: MessageDescriptor; icon: ReactNode }[] = [
  {
    title: msg`Fresh from the farm`,
    text: msg`Picked by the farmers who grow it and sent to you within a day.`,
    icon: <LeafIcon className="h-6 w-6" />,
  },
  {
    title: msg`Free shipping`,
    text: msg`Free shipping on orders over Rs. 200.`,
    icon: <TruckIcon className="h-6 w-6" />,
  },
  {
    title: msg`Fair to farmers`,
    text: msg`Farmers list their own produce and set their own prices.`,
    icon: <UsersIcon className="h-6 w-6" />,
  },
  {
    title: msg`Safe checkout`,
    text: msg`Prices checked on our server, and a 7-day return window.`,
    icon: <ShieldIcon className="h-6 w-6" />,
  },
];

/** Why shop here: the feature tiles of the dashboard and the about page. */
export function FeatureTiles({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { _ } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => (
        <li
          key={feature.title.id}
          className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
        >
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            {feature.icon}
          </span>
          <div>
            <Heading className="font-semibold text-stone-900">{_(feature.title)}</Heading>
            <p className="mt-1 text-sm text-stone-600">{_(feature.text)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
