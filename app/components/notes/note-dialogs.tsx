import { Button, Checkbox, Dialog, Flex, RadioGroup, Select, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { FLAG_COLOR, FLAG_MEANING, flagLabel } from "#modules/flags/client";
import { NOTE_TYPES } from "./api";
import { AttachmentPicker, type PickedImage } from "./attached-image";

export type UserGroupOption = { id: string; name: string };
/** `attachment`: the stored path of the attached image, null without one. */
export type NoteFormValue = { message: string; type: string | null; roleIds: string[]; attachment: string | null };

type NoteFormProps = {
  /** 'Note' or 'Comment' (spec-2 section 2) */
  title: "Note" | "Comment";
  initialMessage?: string;
  /** editing a saved note or comment: Continue is disabled while the message is empty */
  editing: boolean;
  /** offer the note types (new notes only) */
  withType?: boolean;
  /** admins: 'Who can see this note?' */
  groups?: UserGroupOption[];
  initialRoleIds?: string[];
  /** offer the image picker ('Attached Image', one optional image) */
  withAttachment?: boolean;
  /** the note's attached image now (editing) */
  initialAttachment?: PickedImage | null;
  busy: boolean;
  onSubmit: (value: NoteFormValue) => void;
  onClose: () => void;
};

const NO_TYPE = "none";

/** The note form dialog: message ('Write your message here', 3 rows), the type, and the admins' role picker. */
export function NoteFormDialog({ title, initialMessage = "", editing, withType, groups, initialRoleIds = [], withAttachment, initialAttachment = null, busy, onSubmit, onClose }: NoteFormProps) {
  const [message, setMessage] = useState(initialMessage);
  const [type, setType] = useState<string>(NO_TYPE);
  const [roleIds, setRoleIds] = useState<string[]>(initialRoleIds);
  const [attachment, setAttachment] = useState<PickedImage | null>(initialAttachment);
  const [uploading, setUploading] = useState(false);
  const disabled = busy || uploading || (editing && message.trim() === "");
  const toggle = (id: string, on: boolean) => setRoleIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined} data-testid="note-form-dialog">
        <Dialog.Title>{title}</Dialog.Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!disabled) onSubmit({ message, type: type === NO_TYPE ? null : type, roleIds, attachment: attachment?.value ?? null });
          }}
        >
          <Flex direction="column" gap="3" style={{ maxHeight: 500, overflowY: "auto" }}>
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Message
              </Text>
              <TextArea name="message" placeholder="Write your message here" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} autoFocus />
            </label>
            {withType ? (
              <Flex direction="column" gap="1">
                <Text as="div" size="2" weight="medium" id="note-type-label">
                  Type
                </Text>
                <Select.Root value={type} onValueChange={setType}>
                  <Select.Trigger aria-labelledby="note-type-label" />
                  <Select.Content>
                    <Select.Item value={NO_TYPE}>General</Select.Item>
                    {NOTE_TYPES.map((t) => (
                      <Select.Item key={t} value={t}>
                        {t}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
            ) : null}
            {withAttachment ? <AttachmentPicker value={attachment} onChange={setAttachment} onBusyChange={setUploading} /> : null}
            {groups && groups.length > 0 ? (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text as="div" size="2" weight="medium" mb="1">
                  <legend>Who can see this note?</legend>
                </Text>
                <Text as="p" size="1" color="gray" mb="2">
                  None selected: every staff member. Admins and the author always see it.
                </Text>
                <Flex gap="3" wrap="wrap">
                  {groups.map((g) => (
                    <Text as="label" size="2" key={g.id}>
                      <Flex gap="2" align="center">
                        <Checkbox checked={roleIds.includes(g.id)} onCheckedChange={(on) => toggle(g.id, on === true)} />
                        {g.name}
                      </Flex>
                    </Text>
                  ))}
                </Flex>
              </fieldset>
            ) : null}
          </Flex>
          <Flex justify="end" gap="3" mt="4">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={disabled} loading={busy}>
              Continue
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

type ReasonProps = { title: string; label: string; action: string; busy: boolean; color?: "red"; onSubmit: (reason: string) => void; onClose: () => void };

/** A dialog asking for a reason (archive a note, delete a comment): the action is disabled while it is empty. */
export function ReasonDialog({ title, label, action, busy, color, onSubmit, onClose }: ReasonProps) {
  const [reason, setReason] = useState("");
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined} data-testid="reason-dialog">
        <Dialog.Title>{title}</Dialog.Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) onSubmit(reason);
          }}
        >
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              {label}
            </Text>
            <TextArea name="reason" placeholder="Write your message here" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
          </label>
          <Flex justify="end" gap="3" mt="4">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={color} disabled={busy || reason.trim() === ""} loading={busy}>
              {action}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 'Are you sure you want to delete {name}?' (spec-2 section 8). */
export function ConfirmDeleteDialog({ name, busy, onConfirm, onClose }: { name: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="450px" aria-describedby={undefined}>
        <Dialog.Title>Delete</Dialog.Title>
        <Text as="p" size="2">
          Are you sure you want to delete {name}?
        </Text>
        <Flex justify="end" gap="3" mt="4">
          <Button variant="soft" color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 'Flag This Member': a Warn flag (a reminder) or a Stop flag (blocks check-in and check-out), with a message; named as everywhere (decision 037). */
export function FlagDialog({ busy, onSubmit, onClose }: { busy: boolean; onSubmit: (value: { type: "stop" | "warn"; message: string }) => void; onClose: () => void }) {
  const [type, setType] = useState<"stop" | "warn">("warn");
  const [message, setMessage] = useState("");
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined} data-testid="flag-dialog">
        <Dialog.Title>Flag This Member</Dialog.Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (message.trim()) onSubmit({ type, message });
          }}
        >
          <Flex direction="column" gap="3">
            <RadioGroup.Root value={type} onValueChange={(v) => setType(v as "stop" | "warn")} aria-label="Flag type">
              <RadioGroup.Item value="warn">
                {flagLabel("warn")}: {FLAG_MEANING.warn}
              </RadioGroup.Item>
              <RadioGroup.Item value="stop">
                {flagLabel("stop")}: {FLAG_MEANING.stop}
              </RadioGroup.Item>
            </RadioGroup.Root>
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Message
              </Text>
              <TextArea name="message" placeholder="Write your message here" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
            </label>
          </Flex>
          <Flex justify="end" gap="3" mt="4">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={FLAG_COLOR[type]} disabled={busy || message.trim() === ""} loading={busy}>
              Flag Member
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
