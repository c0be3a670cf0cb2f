import { Badge, Button, Card, Flex, Popover, ScrollArea, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import type { ScreeningChange } from "#projections/screening";
import { apiGet } from "../check-in/api";

const TOPIC = "screening";
const CHANGED = "screening:changed";

type NotScreened = { user_id: string; name: string; member_id: string; status: "Declined" | null };

/**
 * The board's 'Not screened today' (issue 6): the organization's active participants whose screening of
 * today is not filled, from GET /api/note/daily/screening?not_screened=true, kept up to date by the live
 * topic `screening` (a fill removes the person, a decline marks them) without reload or polling.
 */
export function NotScreenedCard({ organizationId }: { organizationId: string }) {
  const [people, setPeople] = useState<NotScreened[] | null>(null);
  const [date, setDate] = useState("");
  const day = useRef("");

  useEffect(() => {
    let live = true;
    const load = () =>
      apiGet<{ date: string; users: NotScreened[] }>("/api/note/daily/screening", { not_screened: "true" }).then(
        (answer) => {
          if (!live) return;
          day.current = answer.date;
          setDate(answer.date);
          setPeople(answer.users);
        },
        () => undefined,
      );
    void load();
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let connectedBefore = false;
    socket.on("connect", () => {
      socket
        .timeout(5000)
        .emitWithAck("subscribe", { organizationId, topic: TOPIC })
        .then(() => {
          // after a dropped connection the list is fetched once to fill the gap
          if (connectedBefore) void load();
          connectedBefore = true;
        })
        .catch(() => undefined);
    });
    socket.on(CHANGED, (change: ScreeningChange) => {
      if (day.current && change.day !== day.current) return;
      setPeople((current) => {
        if (!current) return current;
        if (change.status === "Filled") return current.filter((p) => p.user_id !== change.participant_id);
        return current.map((p) => (p.user_id === change.participant_id ? { ...p, status: "Declined" } : p));
      });
    });
    return () => {
      live = false;
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [organizationId]);

  return (
    <Card size="2" style={{ minWidth: 180 }} data-date={date}>
      <Text as="p" size="2" color="gray">
        Not screened today
      </Text>
      <Flex align="center" gap="3">
        <Text as="p" size="7" weight="bold" data-testid="count-not-screened">
          {people ? people.length : "–"}
        </Text>
        {people && people.length > 0 ? (
          <Popover.Root>
            <Popover.Trigger>
              <Button size="1" variant="soft">
                Show
              </Button>
            </Popover.Trigger>
            <Popover.Content maxWidth="360px" aria-label="Not screened today">
              <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 300 }}>
                <Flex direction="column" gap="1" pr="3" data-testid="not-screened-list">
                  {people.map((p) => (
                    <Flex key={p.user_id} justify="between" gap="3" data-participant-id={p.user_id}>
                      <Text size="2">{p.name}</Text>
                      <Flex gap="2" align="center">
                        {p.status === "Declined" ? (
                          <Badge color="gray" size="1">
                            Declined
                          </Badge>
                        ) : null}
                        <Text size="1" color="gray">
                          {p.member_id}
                        </Text>
                      </Flex>
                    </Flex>
                  ))}
                </Flex>
              </ScrollArea>
            </Popover.Content>
          </Popover.Root>
        ) : null}
      </Flex>
    </Card>
  );
}
