/** The hero's pictures: decoration, hidden from assistive technology. */

export function BasketArt() {
  return (
    <svg viewBox="0 0 240 200" className="h-56 w-auto" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="182" rx="96" ry="10" fill="#000" opacity="0.15" />
      <circle cx="78" cy="86" r="34" fill="#ef4444" />
      <path d="M78 52c2-10 10-14 18-12-3 8-9 12-18 12z" fill="#65a30d" />
      <circle cx="150" cy="80" r="30" fill="#f59e0b" />
      <circle cx="114" cy="64" r="26" fill="#a3e635" />
      <path d="M176 62 206 30" stroke="#ea580c" strokeWidth="14" strokeLinecap="round" />
      <path d="M204 32c6-8 14-8 18-4M206 30c2-10 8-14 14-14" stroke="#16a34a" strokeWidth="4" fill="none" />
      <path d="M30 100h180l-18 78H48z" fill="#92400e" />
      <path d="M30 100h180" stroke="#78350f" strokeWidth="8" strokeLinecap="round" />
      <path d="M62 116v48M94 116v48M126 116v48M158 116v48M186 116l-4 48" stroke="#78350f" strokeWidth="4" />
    </svg>
  );
}

export function FieldArt() {
  return (
    <svg viewBox="0 0 240 200" className="h-56 w-auto" aria-hidden="true" focusable="false">
      <circle cx="180" cy="48" r="26" fill="#fde047" />
      <path d="M0 140c60-30 120-30 240 0v60H0z" fill="#65a30d" />
      <path d="M0 160c80-24 160-24 240 0v40H0z" fill="#3f6212" />
      <g stroke="#fef3c7" strokeWidth="3" strokeLinecap="round">
        <path d="M40 150v-40M60 146v-46M80 142v-40M100 140v-44M120 140v-40" />
      </g>
      <g fill="#fbbf24">
        <ellipse cx="40" cy="106" rx="5" ry="10" />
        <ellipse cx="60" cy="96" rx="5" ry="10" />
        <ellipse cx="80" cy="98" rx="5" ry="10" />
        <ellipse cx="100" cy="92" rx="5" ry="10" />
        <ellipse cx="120" cy="96" rx="5" ry="10" />
      </g>
      <path d="M160 150h50v-30l-25-18-25 18z" fill="#b91c1c" />
      <path d="M178 150v-16h14v16" fill="#fef3c7" />
    </svg>
  );
}
