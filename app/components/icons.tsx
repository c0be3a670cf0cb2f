import type { SVGProps } from "react";

/** A few 15 x 15 line icons drawn inline (no icon package, nothing fetched). Decorative: hidden from assistive tech. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const MenuIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M2 4h11M2 7.5h11M2 11h11" />
  </Icon>
);

export const CloseIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M3.5 3.5l8 8M11.5 3.5l-8 8" />
  </Icon>
);

export const CheckCircleIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="7.5" cy="7.5" r="6" />
    <path d="M4.8 7.7l1.8 1.8 3.6-3.8" />
  </Icon>
);

export const WarningIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M7.5 1.8l6 11H1.5z" />
    <path d="M7.5 6v3M7.5 11v.01" />
  </Icon>
);

export const ErrorIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="7.5" cy="7.5" r="6" />
    <path d="M5.3 5.3l4.4 4.4M9.7 5.3l-4.4 4.4" />
  </Icon>
);

export const CheckInIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M6 2.5h5.5v10H6M1.5 7.5h7M6 5l2.5 2.5L6 10" />
  </Icon>
);

export const CheckOutIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M9 2.5H3.5v10H9M6.5 7.5h7M11 5l2.5 2.5L11 10" />
  </Icon>
);

export const MailIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <rect x="1.5" y="3" width="12" height="9" rx="1" />
    <path d="M1.5 4l6 4.5 6-4.5" />
  </Icon>
);
