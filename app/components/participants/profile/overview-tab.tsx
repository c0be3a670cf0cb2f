import { Avatar, Badge, Box, Callout, Card, DataList, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { FLAG_MEANING, type FlagType } from "#modules/flags/client";
import { travelsIndependently } from "#modules/check-in/client";
import { TakeNoteLines } from "~/components/check-in/icons";
import { FlagBadge } from "~/components/flag-badge";
import { formatClock, formatDay, type Profile, type ProfilePerson } from "./types";

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card asChild size="2">
      <section aria-labelledby={`${testId}-title`} data-testid={testId}>
        <Heading as="h2" size="4" mb="3" id={`${testId}-title`}>
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="150px">{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  );
}

/** Personal Info (spec-1 section 2's words): age, date of birth, medical considerations and the Take Note block. */
function PersonalPanel({ p }: { p: ProfilePerson }) {
  const epiPen = p.has_epi_pen === "Yes";
  const medication = p.has_medications === "Yes";
  const seesMedical = "medical_conditions" in p;
  return (
    <Panel title="Personal Info" testId="profile-personal">
      <DataList.Root size="2">
        {"age" in p ? <Item label="Age">{p.age ?? "Unknown"}</Item> : null}
        {"dob" in p && p.dob ? <Item label="Date of Birth">{p.dob}</Item> : null}
        {"gender" in p && p.gender ? <Item label="Gender">{p.gender}</Item> : null}
        {seesMedical ? <Item label="Medical Considerations">{p.medical_conditions?.length ? p.medical_conditions.join(", ") : "None"}</Item> : null}
        {"school_name" in p && p.school_name ? <Item label="School">{p.school_name}</Item> : null}
      </DataList.Root>
      {epiPen || medication ? (
        <Callout.Root color="red" mt="3" aria-label="Take Note">
          <Flex direction="column" gap="1">
            <Text weight="bold" size="2">
              Take Note
            </Text>
            <TakeNoteLines epiPen={!!epiPen} medication={!!medication} />
          </Flex>
        </Callout.Root>
      ) : null}
    </Panel>
  );
}

function Person({ name, detail, note }: { name: string; detail: string; note?: ReactNode }) {
  const parts = name.split(" ");
  return (
    <Flex align="center" gap="3" data-testid="profile-contact">
      <Avatar size="2" radius="full" fallback={`${parts[0]?.charAt(0) ?? ""}${parts[1]?.charAt(0) ?? ""}`} alt="" />
      <Flex direction="column" minWidth="0">
        <Text size="2" weight="medium">
          {name} {note}
        </Text>
        <Text size="2" color="gray" highContrast>
          {detail}
        </Text>
      </Flex>
    </Flex>
  );
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((s) => s && s.trim() !== "").join(" · ");

/** Guardians and pick-up: the rule of the day, the parent, the primary contact and the pick-up contacts. */
function GuardiansPanel({ p }: { p: ProfilePerson }) {
  if (!("pickup_contacts" in p) && !("contact_name" in p)) return null;
  const contacts = p.pickup_contacts ?? [];
  return (
    <Panel title="Guardians and Pick-up" testId="profile-guardians">
      <Text as="p" size="2" mb="3" data-testid="pick-up-permission">
        {p.pick_up_permission || "No pick-up rule recorded"}
      </Text>
      <Flex direction="column" gap="3">
        {p.parent ? <Person name={p.parent.full_name} detail={joined("Parent", p.parent.phone_number)} /> : null}
        {p.contact_name ? <Person name={p.contact_name} detail={joined("Primary Contact", p.phone_number)} /> : null}
        {contacts.map((c, i) => (
          <Person
            key={i}
            name={`${c.first_name} ${c.last_name}`.trim()}
            detail={joined(c.relationship, c.phone_number)}
            note={
              c.can_pickup && !travelsIndependently(p.pick_up_permission) ? (
                <Badge color="green" variant="soft" ml="1">
                  May pick up
                </Badge>
              ) : !c.can_pickup ? (
                <Badge color="gray" variant="soft" ml="1">
                  Not for pick-up
                </Badge>
              ) : null
            }
          />
        ))}
        {!p.parent && !p.contact_name && contacts.length === 0 ? (
          <Text size="2" color="gray" highContrast>
            No guardians or contacts recorded.
          </Text>
        ) : null}
      </Flex>
    </Panel>
  );
}

/** The family's home and how it likes to be reached (admins: the field policy's home group). */
function ContactPanel({ p }: { p: ProfilePerson }) {
  if (!("email" in p)) return null;
  return (
    <Panel title="Contact" testId="profile-home">
      <DataList.Root size="2">
        <Item label="Email">{p.email || "Not recorded"}</Item>
        <Item label="Preferred Contact">{p.preferred_contact || "Not recorded"}</Item>
        <Item label="Address">{p.address || "Not recorded"}</Item>
      </DataList.Root>
    </Panel>
  );
}

/** The waiver: signed (when and by whom, where the role sees the record) or not. */
function WaiverPanel({ profile }: { profile: Profile }) {
  const { person: p, waiver, timeZone } = profile;
  return (
    <Panel title="Waiver" testId="profile-waiver">
      {p.is_waiver_signed ? (
        <Flex direction="column" gap="2">
          <Badge color="green" variant="soft" size="2" style={{ alignSelf: "flex-start" }}>
            Waiver completed
          </Badge>
          {waiver.waiver_signed_at ? (
            <Text size="2">
              Signed {formatDay(waiver.waiver_signed_at, timeZone)} at {formatClock(waiver.waiver_signed_at, timeZone)}
              {waiver.waiver_signed_by ? ` by ${waiver.waiver_signed_by}` : ""}
            </Text>
          ) : null}
        </Flex>
      ) : (
        <Flex direction="column" gap="2">
          <Badge color="red" variant="soft" size="2" style={{ alignSelf: "flex-start" }}>
            Waiver not signed
          </Badge>
          <Text size="2">Participant&apos;s waiver is not signed. The participant cannot check in until it is.</Text>
        </Flex>
      )}
    </Panel>
  );
}

type FlagRow = { id: string; type: FlagType; message: string; flagged_by_name: string; flagged_at: string };
const flagRowsOf = (data: readonly unknown[] | undefined): FlagRow[] =>
  (data ?? []).filter((f): f is FlagRow => {
    const row = f as Partial<FlagRow> | null;
    return !!row && (row.type === "stop" || row.type === "warn") && typeof row.message === "string";
  });

/** The active flags with their reasons (staff who see what was written about the child), in the one flag language. */
function FlagsPanel({ profile }: { profile: Profile }) {
  const { person: p, timeZone } = profile;
  const rows = flagRowsOf("flags" in p ? p.flags?.data : undefined);
  const types: FlagType[] = [...(p.is_flagged ? (["stop"] as const) : []), ...(p.is_warned ? (["warn"] as const) : [])];
  return (
    <Panel title="Flags" testId="profile-flags">
      {types.length === 0 ? (
        <Text size="2" color="gray" highContrast>
          No active flags.
        </Text>
      ) : rows.length === 0 ? (
        <Flex direction="column" gap="2">
          {types.map((t) => (
            <Flex key={t} gap="2" align="center" wrap="wrap">
              <FlagBadge type={t} />
              <Text size="2">{FLAG_MEANING[t]}</Text>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Flex direction="column" gap="3">
          {rows.map((f) => (
            <Box key={f.id} data-testid="profile-flag">
              <Flex gap="2" align="center" wrap="wrap">
                <FlagBadge type={f.type} />
                <Text size="2" weight="medium">
                  {f.message}
                </Text>
              </Flex>
              <Text as="p" size="2" color="gray" highContrast mt="1">
                {FLAG_MEANING[f.type]} Raised by {f.flagged_by_name} on {formatDay(f.flagged_at, timeZone)} at {formatClock(f.flagged_at, timeZone)}.
              </Text>
            </Box>
          ))}
        </Flex>
      )}
    </Panel>
  );
}

/** The Overview tab: who the child is, who collects them, their waiver and flags. Read only. */
export function OverviewTab({ profile }: { profile: Profile }) {
  const p = profile.person;
  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="4" data-testid="profile-overview">
      <FlagsPanel profile={profile} />
      <PersonalPanel p={p} />
      <GuardiansPanel p={p} />
      <WaiverPanel profile={profile} />
      <ContactPanel p={p} />
    </Grid>
  );
}
