import { Card, Flex, Heading, Link } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useQueryHref } from "./staff-list-controls";

/**
 * The cards of one page of /programs or /events: each a heading whose link opens the item's registrations
 * beside the list (`?program=` or `?event=`), its badges beside the heading, then its lines.
 */
export function StaffCards<T extends { id: string; name: string }>({
  items,
  selectedId,
  label,
  param,
  badges,
  children,
}: {
  items: T[];
  selectedId: string | null;
  label: "Programs" | "Events";
  param: "program" | "event";
  badges: (item: T) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  const href = useQueryHref();
  return (
    <ul className="rc-staff-cards" aria-label={label}>
      {items.map((item) => {
        const selected = item.id === selectedId;
        return (
          <li key={item.id}>
            <Card data-testid={`staff-${param}-card`} {...{ [`data-${param}-id`]: item.id }} data-selected={selected || undefined} className="rc-staff-card">
              <Flex direction="column" gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h3" size="3">
                    <Link asChild>
                      <RemixLink to={href({ [param]: item.id })} preventScrollReset aria-current={selected ? "true" : undefined}>
                        {item.name}
                      </RemixLink>
                    </Link>
                  </Heading>
                  {badges(item)}
                </Flex>
                {children(item)}
              </Flex>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
