import type { ReactNode } from "react";

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

const icons = {
  truck: (
    <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7M7 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
  ),
  return: <path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />,
  phone: (
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  ),
  mail: <path d="M3 6h18v12H3zM3 6l9 7 9-7" />,
};

/** A line icon drawn as inline SVG (Chromium here has no emoji font). */
export function LineIcon({ name, className = "h-5 w-5" }: { name: keyof typeof icons; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {icons[name]}
    </svg>
  );
}

export function InfoPoint({
  icon,
  title,
  children,
}: {
  icon: keyof typeof icons;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <LineIcon name={icon} />
      </span>
      <span>
        <span className="block font-semibold text-stone-900">{title}</span>
        <span className="block text-sm text-stone-700">{children}</span>
      </span>
    </li>
  );
}
