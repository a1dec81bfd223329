/** Icons drawn inline (no emoji font is needed); all decorative, so hidden from assistive technology. */
type IconProps = { className?: string };

function Icon({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export const MinusIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <Icon className={className}>
    <path d="M5 12h14" />
  </Icon>
);

export const PlusIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <Icon className={className}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const TrashIcon = ({ className = "h-5 w-5" }: IconProps) => (
  <Icon className={className}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

export const ArrowLeftIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <Icon className={className}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Icon>
);

export const CheckCircleIcon = ({ className = "h-16 w-16" }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </Icon>
);

export const CartIcon = ({ className = "h-12 w-12" }: IconProps) => (
  <Icon className={className}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.8a1 1 0 0 0 1-.8L21 7H6" />
  </Icon>
);

export const ImagePlaceholderIcon = ({ className = "h-6 w-6" }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </Icon>
);
