import type { ReactNode } from "react";

/**
 * The cart's or checkout's summary card (`aside` beside the cart's lines, `section` in checkout's column),
 * named by its heading.
 */
export function SummaryCard({
  as: Card,
  headingId,
  title,
  children,
}: {
  as: "aside" | "section";
  headingId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      aria-labelledby={headingId}
      className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * One row of the cart's or checkout's summary (`<dl>`): its name at the left, its value at the right; the
 * `total` row is set off by a rule and bold type.
 */
export function SummaryRow({
  label,
  total = false,
  valueClassName = "tabular-nums",
  testId,
  children,
}: {
  label: ReactNode;
  total?: boolean;
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={
        total
          ? "flex justify-between border-t border-stone-200 pt-3 text-lg font-bold text-stone-900"
          : "flex justify-between"
      }
    >
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
