import type { ReactNode } from "react";

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
