import { Badge, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { useId } from "react";
import type { SidebarEntry, SidebarGroup, SidebarItem } from "#modules/identity";
import { SupportDialog } from "./support-dialog";

type Block = { kind: "items"; key: string; items: SidebarItem[] } | SidebarGroup;

/** Consecutive single items share one list; each group is its own labelled list. */
function blocksOf(entries: readonly SidebarEntry[]): Block[] {
  const blocks: Block[] = [];
  for (const entry of entries) {
    if (entry.kind === "group") {
      blocks.push(entry);
      continue;
    }
    const last = blocks.at(-1);
    if (last?.kind === "items") last.items.push(entry);
    else blocks.push({ kind: "items", key: entry.key, items: [entry] });
  }
  return blocks;
}

/** The sidebar's items and groups, in the model's order; `activeKeys` are the highlighted items. */
export function SidebarNav({ entries, activeKeys }: { entries: readonly SidebarEntry[]; activeKeys: readonly string[] }) {
  return (
    <>
      {blocksOf(entries).map((block) =>
        block.kind === "group" ? (
          <NavGroup key={block.key} label={block.label} items={block.items} activeKeys={activeKeys} />
        ) : (
          <NavList key={block.key} items={block.items} activeKeys={activeKeys} />
        ),
      )}
    </>
  );
}

function NavList({ items, activeKeys }: { items: readonly SidebarItem[]; activeKeys: readonly string[] }) {
  return (
    <ul className="rc-nav-list">
      {items.map((item) => (
        <li key={item.key}>
          <NavItem item={item} active={activeKeys.includes(item.key)} />
        </li>
      ))}
    </ul>
  );
}

function NavGroup({ label, items, activeKeys }: { label: string; items: readonly SidebarItem[]; activeKeys: readonly string[] }) {
  const id = useId();
  return (
    <div className="rc-nav-group" role="group" aria-labelledby={id}>
      <span className="rc-nav-group-label" id={id}>
        {label}
      </span>
      <NavList items={items} activeKeys={activeKeys} />
    </div>
  );
}

function NavItem({ item, active }: { item: SidebarItem; active: boolean }) {
  if (item.supportEmail) {
    return (
      <SupportDialog
        address={item.supportEmail.address}
        subject={item.supportEmail.subject}
        trigger={
          <button type="button" className="rc-nav-item">
            {item.label}
          </button>
        }
      />
    );
  }
  return (
    // an embedded Tableau report loads as a whole document: its page widens its own security policy (decision 098)
    <RemixLink to={item.path} reloadDocument={item.dashboardUrl ? true : undefined} className="rc-nav-item" data-active={active} aria-current={active ? "page" : undefined}>
      <span>{item.label}</span>
      {item.badge ? (
        <Badge color="red" variant="solid" radius="full">
          {item.badge}
          {/* the link reads 'Inbox 3 unread': its visible words first (label in name), no aria-label on a span */}
          <VisuallyHidden> unread</VisuallyHidden>
        </Badge>
      ) : null}
    </RemixLink>
  );
}
