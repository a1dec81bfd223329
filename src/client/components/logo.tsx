/** The Veggie Cart leaf mark, drawn inline so it renders without any emoji font. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="36" r="22" fill="#15803d" />
      <path d="M32 14c4-8 12-10 18-8-2 7-8 11-18 8z" fill="#65a30d" />
      <path d="M22 38c6 6 14 6 20 0" stroke="#dcfce7" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}
