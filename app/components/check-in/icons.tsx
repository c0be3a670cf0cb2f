import { Flex, Text } from "@radix-ui/themes";
import type { SVGProps } from "react";

/** The check-in screens' own 15 x 15 line icons (decorative, hidden from assistive tech). */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const EpiPenIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M2 13l2.5-2.5M4 9l5.5-5.5 2 2L6 11zM9.5 3.5L11 2l2 2-1.5 1.5" />
  </Icon>
);

export const MedicationIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <rect x="1.5" y="4.5" width="12" height="6" rx="3" />
    <path d="M7.5 4.5v6" />
  </Icon>
);

export const SearchIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="6.5" cy="6.5" r="4.2" />
    <path d="M9.6 9.6l3.4 3.4" />
  </Icon>
);

export const RemoveIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M2.5 4h10M6 4V2.5h3V4M4 4l.6 8.5h5.8L11 4" />
  </Icon>
);

export const BarcodeIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M2 3v9M4 3v9M6.5 3v9M8 3v9M10.5 3v9M13 3v9" />
  </Icon>
);

/** The 'Take Note' lines under a member's medical considerations: an EpiPen, medication (dialog and profile alike). */
export function TakeNoteLines({ epiPen, medication }: { epiPen: boolean; medication: boolean }) {
  return (
    <>
      {epiPen ? (
        <Flex align="center" gap="2">
          <EpiPenIcon />
          <Text size="2">Member uses an Epipen</Text>
        </Flex>
      ) : null}
      {medication ? (
        <Flex align="center" gap="2">
          <MedicationIcon />
          <Text size="2">Member takes medication</Text>
        </Flex>
      ) : null}
    </>
  );
}
