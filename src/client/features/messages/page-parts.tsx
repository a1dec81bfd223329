import type { ComponentType, ReactNode, SVGProps } from "react";

/** The heading block that opens the contact, FAQ and messages pages. */
export function PageIntro({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <header>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-1 text-3xl font-extrabold text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-stone-700">{intro}</p>
    </header>
  );
}

export function InfoPoint({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Icon />
      </span>
      <span>
        <span className="block font-semibold text-stone-900">{title}</span>
        <span className="block text-sm text-stone-700">{children}</span>
      </span>
    </li>
  );
}
