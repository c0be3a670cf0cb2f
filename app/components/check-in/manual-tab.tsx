import { Avatar, Button, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useToast } from "~/components/toast/toaster";
import { apiSend, fetchParticipant, localDay, newCommandId, type CheckInType, type ParticipantDetail } from "./api";
import { RemoveIcon } from "./icons";
import { useOverlay } from "./overlays";
import { initials } from "./rules";
import { useTimeZone } from "../time-zone";
import { useCheckOut } from "./use-check-out";
import { UserSearch, type FoundUser } from "./user-search";

type BulkAnswer = { message: string; data: { participant_id: string; ok: boolean; message?: string }[] };

/**
 * The manual tab: add users (each one's participant dialog first; Done adds them, disabled while they
 * may not be checked in or out), the 'List of Users' with a remove button each, then one bulk check-in
 * (POST /api/check-in/bulk), or a check-out per user (the Picked Up By dialog where one is needed).
 */
export function ManualTab({ type, onFinished, onCancel }: { type: CheckInType; onFinished: () => void; onCancel?: () => void }) {
  const overlay = useOverlay();
  const showToast = useToast();
  const checkOut = useCheckOut();
  const timeZone = useTimeZone();
  const [users, setUsers] = useState<ParticipantDetail[]>([]);
  const [busy, setBusy] = useState(false);

  const pick = async (user: FoundUser) => {
    try {
      const detail = await fetchParticipant(user.id);
      overlay.show({ kind: "participant", detail, purpose: "review", type, onDone: () => setUsers((list) => (list.some((u) => u.id === detail.id) ? list : [...list, detail])) });
    } catch (error) {
      showToast({ type: "error", description: error instanceof Error ? error.message : undefined });
    }
  };

  const checkInAll = async () => {
    const day = localDay(timeZone);
    const time = new Date().toISOString();
    try {
      const answer = await apiSend<BulkAnswer>("POST", "/api/check-in/bulk", {
        type: "in",
        command_id: newCommandId(),
        data: users.map((u) => ({ participant_id: u.id, check_in_time: time, ...day })),
      });
      const refused = answer.data.filter((r) => !r.ok);
      if (refused.length) showToast({ type: "error", title: "Check In Error", description: refused.map((r) => r.message).join(" ") });
      if (refused.length < answer.data.length) showToast({ type: "success", title: answer.message });
    } catch (error) {
      showToast({ type: "error", title: "Check In Error", description: error instanceof Error ? error.message : undefined });
    }
    setUsers([]);
    onFinished();
  };

  const checkOutEach = async () => {
    let left = users;
    for (const user of users) {
      const done = await new Promise<boolean>((resolve) => void checkOut(user, { onDone: () => resolve(true), onCancel: () => resolve(false) }));
      if (done) left = left.filter((u) => u.id !== user.id);
      setUsers(left);
    }
    if (left.length === 0) onFinished();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await (type === "in" ? checkInAll() : checkOutEach());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="4" py="3">
      <UserSearch type={type} exclude={users.map((u) => u.id)} onPick={(u) => void pick(u)} />
      <section aria-label="List of Users">
        <Heading as="h3" size="3" mb="2">
          List of Users
        </Heading>
        {users.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No users selected yet, begin by adding them to the list.
          </Text>
        ) : (
          <ul className="rc-ci-list">
            {users.map((u) => (
              <li key={u.id}>
                <Avatar size="2" radius="full" src={u.photo_url ?? undefined} fallback={initials(u)} alt="" />
                <Flex direction="column" flexGrow="1">
                  <Text size="2" weight="medium">
                    {u.full_name}
                  </Text>
                  <Text size="1" color="gray">
                    {u.member_id}
                  </Text>
                </Flex>
                <IconButton variant="ghost" color="red" aria-label={`Remove ${u.full_name}`} onClick={() => setUsers((list) => list.filter((x) => x.id !== u.id))} disabled={busy}>
                  <RemoveIcon />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Flex gap="3" justify="end">
        {onCancel ? (
          <Button variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button onClick={() => void confirm()} disabled={users.length === 0 || busy} loading={busy}>
          {type === "in" ? "Check In" : "Check Out"}
        </Button>
      </Flex>
    </Flex>
  );
}
