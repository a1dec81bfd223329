/** Money is integer paise everywhere it is stored or summed; rupees appear only at the edges (JSON, screen). */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number): number => paise / 100;

const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₹1,234.50": two decimals on every screen (docs/architecture.md ("Choices behind this")). */
export const formatRupees = (rupees: number): string => rupeeFormat.format(rupees);
