import { createHash } from "node:crypto";
import { newToken, tokenHash } from "../../modules/identity";
import { fixedClock, idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import {
  ADULT_PICK_UP,
  INDEPENDENT_TRAVEL,
  issueWaiverToken,
  MEMBER_ID_ALPHABET,
  MEMBER_ID_LENGTH,
  registerParticipant,
  signWaiver,
  type Gender,
  type ParticipantStatus,
  type RegisterParticipantInput,
} from "../../modules/participants";
import { BIRTHPLACE_OPTIONS, HOUSEHOLD_INCOME_VALUES, HOW_HEARD_OPTIONS, PROGRAMME_INTEREST_OPTIONS, PRONOUN_OPTIONS } from "../../modules/participants/client";
import { FIRST_NAMES, LAST_NAMES, MEDICAL_CONDITIONS, OTHER_SCHOOLS, PREFERRED, RELATIONSHIPS, STREETS } from "./participant-names";

export type Deps = { store: EventStore; clock: Clock };

const DAY = 24 * 60 * 60 * 1000;
const meta = (commandId: string, organizationId: string | null): CommandMetadata => ({ commandId, organizationId, actorId: null, correlationId: commandId });

/** A Member ID derived from a seed: the same seed always gives the same id (demo data, tests). */
export function memberIdFrom(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest();
  return Array.from(bytes.subarray(0, MEMBER_ID_LENGTH), (b) => MEMBER_ID_ALPHABET[b & 31]).join("");
}

/** Runs `task` over `items`, `limit` at a time; resolves with the results in order. */
export async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type ParticipantSeed = {
  input: RegisterParticipantInput & { participantId: string };
  /** when the registration happened */
  registeredAt: Date;
  /** when the waiver was signed, and by whom; null: not signed */
  waiver: { at: Date; by: string } | null;
};

/** YYYY-MM-DD of a date of birth `age` years and `days` days before `now`. */
function dobFor(now: Date, age: number, days: number): string {
  const dob = new Date(now);
  dob.setUTCFullYear(dob.getUTCFullYear() - age);
  return new Date(dob.getTime() - days * DAY).toISOString().slice(0, 10);
}

const GENDERS: Gender[] = ["Female", "Male", "Female", "Male", "Non-binary", "Female", "Male", "Unspecified", "Female", "Male", "Two Spirit", "Other"];
const statusOf = (i: number): ParticipantStatus => (i % 13 === 5 ? "Inactive" : i % 19 === 7 ? "Alumni" : "Active");
/** Inactive and Alumni need a reason (decision 065) */
const INACTIVE_REASONS = ["Family moved for the winter", "On a break until the spring season", "Schedule conflict with another activity"];
const ALUMNI_REASONS = ["Aged out of the program", "Graduated to the senior league", "Moved to another city"];
const statusReasonOf = (i: number): { statusReason?: string } =>
  statusOf(i) === "Inactive" ? { statusReason: INACTIVE_REASONS[i % 3]! } : statusOf(i) === "Alumni" ? { statusReason: ALUMNI_REASONS[i % 3]! } : {};

/**
 * The `index`-th demo participant of an organization: varied names, ages 5 to 17, some medical
 * conditions, about a third travelling alone, pick-up contacts on some, ~10% without a signed waiver.
 * Registered over the last year, newest at the highest index.
 */
const FSA_LETTERS = "ABCEGHJKLMNPRSTVWXYZ";
/**
 * The profile's further answers (decisions 065 and 070) for two demo participants in three, so the edit
 * form and the participant export show them on first start: a Toronto postal code, Ontario, and one of
 * each option list by turn.
 */
const detailsOf = (i: number): Pick<RegisterParticipantInput, "details"> =>
  i % 3 === 2
    ? {}
    : {
        details: {
          pronouns: PRONOUN_OPTIONS[i % 3]!,
          postalCode: `M${1 + (i % 9)}${FSA_LETTERS[i % 20]} ${(i * 3) % 10}${FSA_LETTERS[(i * 7) % 20]}${(i * 5) % 10}`,
          province: "Ontario",
          householdIncome: HOUSEHOLD_INCOME_VALUES[i % HOUSEHOLD_INCOME_VALUES.length]!,
          birthplace: BIRTHPLACE_OPTIONS[i % BIRTHPLACE_OPTIONS.length]!,
          programmeInterest: [PROGRAMME_INTEREST_OPTIONS[i % PROGRAMME_INTEREST_OPTIONS.length]!],
          howHeard: HOW_HEARD_OPTIONS[i % HOW_HEARD_OPTIONS.length]!,
        },
      };

export function demoParticipant(org: { id: string; name: string; type: "school" | "other" }, index: number, total: number, now: Date): ParticipantSeed {
  const i = index;
  // steps coprime with the list lengths run through every name; the organization shifts the sequence
  const shift = parseInt(org.id.slice(0, 4), 16) % 97;
  const firstName = FIRST_NAMES[(i * 23 + shift) % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[(i * 13 + Math.floor(i / 7) + shift) % LAST_NAMES.length]!;
  const age = 5 + ((i * 5) % 13);
  const independent = i % 3 === 0;
  const condition = i % 5 === 1 ? MEDICAL_CONDITIONS[Math.floor(i / 5) % MEDICAL_CONDITIONS.length]! : null;
  const parentFirst = FIRST_NAMES[(i * 13 + 29) % FIRST_NAMES.length]!;
  const contacts =
    !independent && i % 2 === 0
      ? Array.from({ length: 1 + (i % 4 === 0 ? 1 : 0) }, (_, k) => ({
          firstName: FIRST_NAMES[(i * 3 + k * 17 + 11) % FIRST_NAMES.length]!,
          lastName: k === 0 ? lastName : LAST_NAMES[(i + 7) % LAST_NAMES.length]!,
          phoneNumber: `416-555-${String(2000 + i * 2 + k).padStart(4, "0")}`,
          relationship: RELATIONSHIPS[(i + k) % RELATIONSHIPS.length]!,
          canPickup: (i + k) % 7 !== 0,
        }))
      : [];
  const registeredAt = new Date(now.getTime() - (total - index) * 1.7 * DAY - (i % 9) * 3_600_000);
  const participantId = idFrom("demo", "participant", org.id, index);
  return {
    input: {
      participantId,
      organizationId: org.id,
      firstName,
      lastName,
      dob: dobFor(now, age, 1 + ((i * 37) % 360)),
      gender: GENDERS[i % GENDERS.length]!,
      medicalConditions: condition ? [condition] : [],
      hasEpiPen: condition && /allergy/i.test(condition) ? "Yes" : "No",
      hasMedications: condition && /asthma|diabetes|epilepsy|adhd/i.test(condition) ? "Yes" : "No",
      schoolNotApplicable: org.type !== "school" && i % 17 === 0,
      schoolName: org.type === "school" ? org.name : i % 17 === 0 ? "" : OTHER_SCHOOLS[i % OTHER_SCHOOLS.length]!,
      contactName: `${parentFirst} ${lastName}`,
      phoneNumber: `416-555-${String(1000 + i).padStart(4, "0")}`,
      email: `${parentFirst}.${lastName}.${i}@example.com`.toLowerCase().replace(/'/g, ""),
      preferredContact: PREFERRED[i % PREFERRED.length]!,
      address: `${10 + ((i * 7) % 190)} ${STREETS[i % STREETS.length]} Street, Toronto`,
      parentId: null,
      pickupContacts: contacts,
      pickUpPermission: independent ? INDEPENDENT_TRAVEL : ADULT_PICK_UP,
      status: statusOf(i),
      ...statusReasonOf(i),
      ...detailsOf(i),
      userId: null,
    },
    registeredAt,
    waiver: i % 10 === 3 ? null : { at: new Date(registeredAt.getTime() + (1 + (i % 20)) * 3_600_000), by: `${parentFirst} ${lastName}` },
  };
}

/**
 * Registers a seeded participant with a derived Member ID and its clock set to `registeredAt`, then
 * signs its waiver when it has one. Command ids derive from the participant id: running it twice
 * writes once.
 */
export async function createParticipant(deps: Deps, seed: ParticipantSeed, organizationScope: string | null = seed.input.organizationId) {
  const { participantId } = seed.input;
  const registered = await registerParticipant(
    { store: deps.store, clock: fixedClock(seed.registeredAt) },
    seed.input,
    meta(idFrom("seed-participant", participantId), organizationScope),
    { nextMemberId: (attempt) => memberIdFrom(`${participantId}:${attempt}`) },
  );
  if (!registered.ok) throw new Error(`seeding participant ${seed.input.firstName} ${seed.input.lastName}: ${registered.error.message}`);
  if (seed.waiver) await seedWaiver(deps, participantId, seed.waiver, organizationScope, seed.input.firstName);
  return { participantId, memberId: registered.state!.memberId };
}

/**
 * The honest path of a signed waiver: a link is issued (a fresh random token; only its hash goes into the
 * event) ten minutes before the signature, then the waiver is signed with that token. The signature uses
 * the hash the stream recorded, so a resent or concurrent seed (same command ids) signs with the link
 * that was actually issued.
 */
async function seedWaiver(deps: Deps, participantId: string, waiver: { at: Date; by: string }, organizationScope: string | null, firstName: string) {
  const issued = await issueWaiverToken(
    { store: deps.store, clock: fixedClock(new Date(waiver.at.getTime() - 10 * 60_000)) },
    {
      type: "IssueWaiverToken",
      data: { participantId, tokenHash: tokenHash(newToken()), issuedBy: null, asParent: false },
      metadata: meta(idFrom("seed-waiver-token", participantId), organizationScope),
    },
  );
  if (!issued.ok) throw new Error(`seeding the waiver link of ${firstName}: ${issued.error.message}`);
  const issuedHash = issued.events.flatMap((e) => (e.type === "WaiverTokenIssued" ? [e.data.tokenHash] : []))[0] ?? "";
  const signed = await signWaiver(
    { store: deps.store, clock: fixedClock(waiver.at) },
    {
      type: "SignWaiver",
      data: { participantId, tokenHash: issuedHash, signedByName: waiver.by, consent: true, ip: "127.0.0.1" },
      metadata: meta(idFrom("seed-waiver", participantId), organizationScope),
    },
  );
  if (!signed.ok) throw new Error(`seeding the waiver of ${firstName}: ${signed.error.message}`);
}

/** Demo participants per organization, the parent's two children included. */
export const DEMO_PARTICIPANTS_PER_ORGANIZATION = 200;

export type DemoFamily = { parentId: string; parentName: string; children: { userId: string; firstName: string; lastName: string }[] };

/**
 * An organization's demo participants: the family's children (linked to the parent and to their own
 * login users), then generated ones up to DEMO_PARTICIPANTS_PER_ORGANIZATION, registered 8 at a time.
 */
export async function seedDemoParticipants(deps: Deps, org: { id: string; name: string; type: "school" | "other" }, family: DemoFamily) {
  const now = deps.clock.now();
  const generated = DEMO_PARTICIPANTS_PER_ORGANIZATION - family.children.length;
  const seeds = Array.from({ length: generated }, (_, index) => demoParticipant(org, index, generated, now));
  family.children.forEach((child, k) => {
    const base = demoParticipant(org, generated + k, generated, now);
    const registeredAt = new Date(now.getTime() - 2 * DAY - k * 3_600_000);
    seeds.push({
      registeredAt,
      input: {
        ...base.input,
        participantId: idFrom("demo", "participant", org.id, "child", k + 1),
        firstName: child.firstName,
        lastName: child.lastName,
        dob: dobFor(now, 9 + k * 3, 40 + k * 90),
        contactName: family.parentName,
        email: "",
        parentId: family.parentId,
        userId: child.userId,
        pickUpPermission: ADULT_PICK_UP,
        status: "Active",
      },
      waiver: { at: new Date(registeredAt.getTime() + 3_600_000), by: family.parentName },
    });
  });
  return inPool(seeds, 8, (seed) => createParticipant(deps, seed));
}
