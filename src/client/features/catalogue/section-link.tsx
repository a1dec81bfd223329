import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link beside a section's heading, to where the section goes on (all the products, adding one). */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
      {children}
    </Link>
  );
}
