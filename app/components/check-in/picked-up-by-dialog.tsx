import { Avatar, Button, Callout, Dialog, Flex, RadioCards, Text, TextArea, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { DialogFooter } from "./dialog-footer";
import type { ParticipantDetail, PickUp } from "./api";
import { initials, OVERRIDE_REASON_MAX, pickUpChoices, type CheckInViewer } from "./rules";

type Props = { viewer: CheckInViewer; detail: ParticipantDetail; onChoose: (pickUp: PickUp) => Promise<void>; onClose: () => void };

/** The radio value of the override path: ids of listed people have a prefix, so it cannot clash. */
const SOMEONE_ELSE = "someone-else";

const FIELDS = [
  ["pick_up_name", "Pick Up Name"],
  ["pick_up_contact_number", "Pick Up Contact Number"],
  ["pick_up_relationship", "Pick Up Relationship"],
] as const;

/**
 * The Picked Up By variant (spec-1 section 2), for staff: the parent or primary contact and the contacts
 * who may pick up, as radio choices with their relationship; the choice is sent by id and the server fills
 * in the details (docs/decisions/026). 'Someone else (not on the list)' is the staff override: name,
 * number, relationship and a reason, all required; it is recorded and adds a warn note. Continue stays
 * disabled until a choice is complete. The kiosk never shows this dialog: it refers the child to staff.
 */
export function PickedUpByDialog({ detail: p, onChoose, onClose }: Props) {
  const choices = pickUpChoices(p);
  const [chosen, setChosen] = useState<string>(choices.length === 0 ? SOMEONE_ELSE : "");
  const [typed, setTyped] = useState({ pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "", override_reason: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const overriding = chosen === SOMEONE_ELSE;

  const selected = choices.find((c) => c.key === chosen);
  const pickUp: PickUp | null = overriding
    ? Object.values(typed).every((v) => v.trim())
      ? typed
      : null
    : selected
      ? { pick_up_person_id: selected.key }
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
        {choices.length === 0 ? (
          <Text as="p" size="2" color="gray" mb="3">
            No one is on file to pick {p.first_name} up.
          </Text>
        ) : null}
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
          <RadioCards.Item value={SOMEONE_ELSE}>
            <Flex direction="column" width="100%">
              <Text weight="bold">Someone else</Text>
              <Text size="2" color="gray">
                Not on the list: staff override
              </Text>
            </Flex>
          </RadioCards.Item>
        </RadioCards.Root>
        {overriding ? (
          <Flex direction="column" gap="3" mt="4" data-testid="pick-up-override">
            <Callout.Root color="amber" role="note">
              <Callout.Text>
                {p.first_name} may only leave with the people listed. Release them to someone else only when you have confirmed it with the family. The reason is
                recorded and a warn note is added to {p.first_name}&apos;s notes.
              </Callout.Text>
            </Callout.Root>
            {FIELDS.map(([field, label]) => (
              <label key={field}>
                <Text as="div" size="2" weight="medium" mb="1">
                  {label}
                </Text>
                <TextField.Root value={typed[field]} onChange={(e) => setTyped((t) => ({ ...t, [field]: e.target.value }))} maxLength={200} />
              </label>
            ))}
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Override Reason
              </Text>
              <TextArea
                value={typed.override_reason}
                onChange={(e) => setTyped((t) => ({ ...t, override_reason: e.target.value }))}
                maxLength={OVERRIDE_REASON_MAX}
                placeholder="Why this person may take the child, and who confirmed it"
              />
            </label>
          </Flex>
        ) : null}
        <DialogFooter error={error} onCancel={onClose}>
          <Button onClick={submit} disabled={!pickUp || busy} loading={busy} color={overriding ? "amber" : undefined}>
            {overriding ? "Override and Check Out" : "Continue"}
          </Button>
        </DialogFooter>
      </Dialog.Content>
    </Dialog.Root>
  );
}
