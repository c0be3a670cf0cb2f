import { AlertDialog, Badge, Button, Flex, Table, Text, TextArea } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import dayjs from "dayjs";
import { useState } from "react";
import { REASON_MAX } from "#modules/requests/client";
import { NoRecords } from "~/components/list-parts";

export type RequestView = {
  id: string;
  kind: "member" | "parent" | "teacher";
  status: "Pending" | "Approved" | "Declined";
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_number?: string;
  dob?: string | null;
  gender?: string | null;
  child: { first_name?: string; last_name?: string; dob?: string; gender?: string } | null;
  school_role: string | null;
  message: string;
  reason: string | null;
  created_date: string;
  decided_at: string | null;
};

export type RequestActionResult = { problem?: string } | undefined;

const KIND_LABEL = { member: "Member", parent: "Parent and child", teacher: "Teacher" } as const;
const STATUS_COLOR = { Pending: "amber", Approved: "green", Declined: "red" } as const;
const when = (iso: string) => dayjs(iso).format("MM/DD/YYYY [at] hh:mm A");
const nameOf = (r: RequestView) => `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() || "(hidden)";

/** Approve or Decline, each behind a confirmation (decline asks the reason the requester is told). */
function Decide({ row }: { row: RequestView }) {
  const fetcher = useFetcher<RequestActionResult>();
  const [open, setOpen] = useState<"approve" | "decline" | null>(null);
  const busy = fetcher.state !== "idle";
  const who = nameOf(row);
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="1" onClick={() => setOpen("approve")} aria-label={`Approve ${who}`}>
        Approve
      </Button>
      <Button size="1" color="red" variant="soft" onClick={() => setOpen("decline")} aria-label={`Decline ${who}`}>
        Decline
      </Button>
      {fetcher.data?.problem ? (
        <Text size="1" color="red" role="alert">
          {fetcher.data.problem}
        </Text>
      ) : null}
      <AlertDialog.Root open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{open === "approve" ? "Approve Request" : "Decline Request"}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {open === "approve"
              ? row.kind === "member"
                ? `Approve ${who}'s request? Their participant profile is created and they are told by e-mail.`
                : `Approve ${who}'s request? Their account is created and an invitation is sent to ${row.email ?? "them"}.`
              : `Decline ${who}'s request? They are told by e-mail, with the reason below.`}
          </AlertDialog.Description>
          <fetcher.Form method="post" onSubmit={() => setOpen(null)}>
            <input type="hidden" name="intent" value={open ?? ""} />
            <input type="hidden" name="id" value={row.id} />
            {open === "decline" ? (
              <Flex direction="column" gap="1" mt="3">
                <Text as="label" htmlFor={`reason-${row.id}`} size="2" weight="medium">
                  Reason
                </Text>
                <TextArea id={`reason-${row.id}`} name="reason" required maxLength={REASON_MAX} />
              </Flex>
            ) : null}
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" color={open === "decline" ? "red" : undefined} loading={busy}>
                {open === "approve" ? "Approve" : "Decline"}
              </Button>
            </Flex>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}

function Details({ row }: { row: RequestView }) {
  const lines = [
    row.email ? `E-mail: ${row.email}` : null,
    row.phone_number ? `Phone: ${row.phone_number}` : null,
    row.dob ? `Date of birth: ${row.dob}` : null,
    row.child ? `Child: ${row.child.first_name ?? ""} ${row.child.last_name ?? ""}${row.child.dob ? `, born ${row.child.dob}` : ""}` : null,
    row.school_role ? `School role: ${row.school_role}` : null,
    row.message ? `Message: ${row.message}` : null,
    row.reason ? `Reason declined: ${row.reason}` : null,
  ].filter(Boolean);
  return (
    <Flex direction="column" gap="1">
      {lines.map((l) => (
        <Text key={l} size="1" color="gray" style={{ overflowWrap: "anywhere" }}>
          {l}
        </Text>
      ))}
    </Flex>
  );
}

/** The requests of one status, newest first, with their details and (Pending) Approve and Decline. */
export function RequestTable({ rows, emptyText, mayDecide }: { rows: RequestView[]; emptyText: string; mayDecide: boolean }) {
  if (rows.length === 0) return <NoRecords text={emptyText} />;
  return (
    <div className="rc-request-table" tabIndex={0} role="region" aria-label="Membership requests">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Request</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Sent</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            {mayDecide ? <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="request-row" data-email={r.email ?? ""}>
              <Table.RowHeaderCell>{nameOf(r)}</Table.RowHeaderCell>
              <Table.Cell>{KIND_LABEL[r.kind]}</Table.Cell>
              <Table.Cell style={{ maxWidth: 360 }}>
                <Details row={r} />
              </Table.Cell>
              <Table.Cell>{when(r.created_date)}</Table.Cell>
              <Table.Cell>
                <Badge color={STATUS_COLOR[r.status]}>{r.status}</Badge>
              </Table.Cell>
              {mayDecide ? <Table.Cell>{r.status === "Pending" ? <Decide row={r} /> : null}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
