import type { SVGProps } from "react";

/** Inline line icons (no emoji font needed); decorative, so hidden from assistive technology. */
function Icon({ children, className = "h-5 w-5", ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement>;

export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon fill={filled ? "currentColor" : "none"} {...props}>
    <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
  </Icon>
);
export const CartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
    <circle cx="9.5" cy="20" r="1.3" />
    <circle cx="17.5" cy="20" r="1.3" />
  </Icon>
);
export const EyeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />
  </Icon>
);
export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);
export const TruckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7z" />
    <circle cx="6.5" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </Icon>
);
export const LeafIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15" />
    <path d="M5 19c3-4 6-7 10-9" />
  </Icon>
);
export const ShieldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
    <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
  </Icon>
);
export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);
export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const MinusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14" />
  </Icon>
);
export const PhotoIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.6" />
    <path d="m21 16-5-5-9 8.5" />
  </Icon>
);
export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m14.5 6-6 6 6 6" />
  </Icon>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9.5 6 6 6-6 6" />
  </Icon>
);
export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Icon>
);
export const CheckCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </Icon>
);
export const ReturnIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />
  </Icon>
);
export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Icon>
);
export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6h18v12H3zM3 6l9 7 9-7" />
  </Icon>
);
export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 6v12M15 6v12" />
  </Icon>
);
export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 5.5v13l10-6.5z" />
  </Icon>
);
export const UsersIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 19.5c.6-3.4 3-5.3 6-5.3s5.4 1.9 6 5.3" />
    <path d="M16 5.2a3 3 0 0 1 0 5.6M18 14.5c1.6.7 2.7 2.4 3 5" />
  </Icon>
);

/** Category pictures: a carrot, an apple, a milk bottle and an ear of wheat. */
export const VegetablesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14.5 9.5 4 20l1.2-6.3L12.4 7" />
    <path d="M12.4 7c1.5-1 3.1-.8 4.1.2s1.2 2.6.2 4.1L12 15.8" />
    <path d="M16 8c.5-2 1.8-3.6 4-4.5M16.5 8.5c1.5-.6 3.2-.5 4.5.5M15.5 7.5c-.3-1.6.2-3.4 1.5-4.5" />
  </Icon>
);
export const FruitsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 7.5c-1.6-1-3.2-1.2-4.6-.8C4.8 7.4 3.7 10.3 4.4 13.6 5.2 17.6 8 21 10.2 21c.8 0 1.2-.4 1.8-.4s1 .4 1.8.4c2.2 0 5-3.4 5.8-7.4.7-3.3-.4-6.2-3-6.9-1.4-.4-3 -.2-4.6.8z" />
    <path d="M12 7.5c0-2 .6-3.5 2-4.5" />
  </Icon>
);
export const DairyIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 2.5h6v3l2 3.5v11.5a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V9l2-3.5z" />
    <path d="M7 12h10" />
  </Icon>
);
export const GrainsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 21.5V8" />
    <path d="M12 8c-2-1-2.8-3-2.3-5 2 .5 3 2.6 2.3 5zM12 8c2-1 2.8-3 2.3-5-2 .5-3 2.6-2.3 5z" />
    <path d="M12 13c-2.2 0-3.8-1.3-4.4-3.3 2.2-.3 4 .9 4.4 3.3zM12 13c2.2 0 3.8-1.3 4.4-3.3-2.2-.3-4 .9-4.4 3.3z" />
    <path d="M12 18c-2.2 0-3.8-1.3-4.4-3.3 2.2-.3 4 .9 4.4 3.3zM12 18c2.2 0 3.8-1.3 4.4-3.3-2.2-.3-4 .9-4.4 3.3z" />
  </Icon>
);
export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
