import { Callout, Dialog, Flex, Text } from "@radix-ui/themes";
import type { ComponentType, SVGProps } from "react";

export function ErrorLine({ text }: { text: string }) {
  return (
    <Callout.Root color="red" role="alert" mt="3" size="1">
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  );
}

/** The icon-and-title heading of the 'Success!' and 'Follow Up Required' dialogs. */
export function ResultHeading({ color, icon: Icon, title }: { color: "green" | "red"; icon: ComponentType<SVGProps<SVGSVGElement>>; title: string }) {
  return (
    <Flex align="center" gap="2" mb="2">
      <Text color={color} size="6">
        <Icon width={26} height={26} aria-hidden="true" />
      </Text>
      <Dialog.Title mb="0">{title}</Dialog.Title>
    </Flex>
  );
}
