import { Avatar, Button, Callout, Dialog, Flex, RadioCards, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { ParticipantDetail, PickUp } from "./api";
import { initials, pickUpChoices, type CheckInViewer } from "./rules";

type Props = { viewer: CheckInViewer; detail: ParticipantDetail; onChoose: (pickUp: PickUp) => Promise<void>; onClose: () => void };

/**
 * The Picked Up By variant (spec-1 section 2): the parent or primary contact and the contacts who may
 * pick up, as radio choices with their relationship; Continue stays disabled until one is chosen. A
 * kiosk gets no contact details (the reduced view), so there the adult types their name, number and
 * relationship instead.
 */
export function PickedUpByDialog({ viewer, detail: p, onChoose, onClose }: Props) {
  const choices = pickUpChoices(p);
  const [chosen, setChosen] = useState<string>("");
  const [typed, setTyped] = useState({ pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const freeForm = choices.length === 0;

  const selected = choices.find((c) => c.key === chosen);
  const pickUp: PickUp | null = freeForm
    ? Object.values(typed).every((v) => v.trim())
      ? typed
      : null
    : selected
      ? { pick_up_name: selected.name, pick_up_contact_number: selected.phone || "Not given", pick_up_relationship: selected.relationship }
      : null;

  const submit = async () => {
    if (!pickUp) return;
    setBusy(true);
    setError(null);
    try {
      await onChoose(pickUp);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Please try again or contact support for help");
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined} data-testid="picked-up-by-dialog">
        <Dialog.Title>Picked Up By</Dialog.Title>
        <Flex gap="3" align="center" mb="4">
          <Avatar size="4" radius="full" src={p.photo_url ?? undefined} fallback={initials(p)} alt="" />
          <Flex direction="column">
            <Text weight="bold">{p.full_name}</Text>
            <Text size="2" color="gray">
              Member ID {p.member_id}
            </Text>
          </Flex>
        </Flex>
        {freeForm ? (
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              {viewer.isKiosk ? "Who is picking this member up?" : "No pick-up person is on file. Enter who is picking this member up."}
            </Text>
            {(
              [
                ["pick_up_name", "Pick Up Name"],
                ["pick_up_contact_number", "Pick Up Contact Number"],
                ["pick_up_relationship", "Pick Up Relationship"],
              ] as const
            ).map(([field, label]) => (
              <label key={field}>
                <Text as="div" size="2" weight="medium" mb="1">
                  {label}
                </Text>
                <TextField.Root value={typed[field]} onChange={(e) => setTyped((t) => ({ ...t, [field]: e.target.value }))} maxLength={200} />
              </label>
            ))}
          </Flex>
        ) : (
          <RadioCards.Root value={chosen} onValueChange={setChosen} columns={{ initial: "1", sm: "2" }} aria-label="Picked Up By">
            {choices.map((c) => (
              <RadioCards.Item key={c.key} value={c.key}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{c.name}</Text>
                  <Text size="2" color="gray">
                    {c.relationship}
                    {c.phone ? ` · ${c.phone}` : ""}
                  </Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        )}
        {error ? (
          <Callout.Root color="red" role="alert" mt="4">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex justify="end" gap="3" mt="5">
          <Button variant="soft" color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!pickUp || busy} loading={busy}>
            Continue
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
