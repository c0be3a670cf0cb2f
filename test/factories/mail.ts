import { idFrom, type Clock } from "../../modules/kernel";
import { queueMail, type MailServices } from "../../modules/mail";
import { demoOrganizations } from "./demo-seed";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo outbox (decision 059): a few messages so /dev/mail shows something on first start. They are
 * recorded without Redis; the mail worker's start-up sweep queues them (kept in the local outbox when
 * SMTP_URL is unset). The organizations' read model is not projected yet when the seed runs, so each
 * message names its organization itself. A second run records nothing (dedupe keys).
 */
export async function seedDemoMail(services: Omit<MailServices, "redis">, clock: Clock): Promise<number> {
  const [maple, northside] = [demoOrganizations[0], demoOrganizations[1]];
  const mail = { ...services, redis: null };
  const expiresAt = new Date(clock.now().getTime() + 14 * DAY_MS).toISOString();
  const ids = [
    await queueMail(mail, {
      organizationId: northside.id,
      to: "new.coach@northside.demo",
      kind: "invitation",
      data: { role: "coach", firstName: "Nico", inviterName: "Adam Northside", link: `/user/invite/${idFrom("demo", "mail", "coach-invitation")}`, expiresAt },
      brand: { organizationName: northside.name },
      dedupeKey: "demo-seed:coach-invitation",
    }),
    await queueMail(mail, {
      organizationId: maple.id,
      to: "new.student@maple.demo",
      kind: "invitation",
      data: { role: "participant", firstName: "Sofia", inviterName: "Adam Maple", link: `/invite/${idFrom("demo", "mail", "participant-invitation")}`, expiresAt },
      brand: { organizationName: maple.name, timeZone: maple.timeZone },
      dedupeKey: "demo-seed:participant-invitation",
    }),
    await queueMail(mail, {
      organizationId: northside.id,
      to: "ria.requester@example.com",
      kind: "membership-request-received",
      data: { firstName: "Ria" },
      brand: { organizationName: northside.name },
      dedupeKey: "demo-seed:membership-request-received",
    }),
    await queueMail(mail, {
      organizationId: northside.id,
      to: "parent@northside.demo",
      kind: "newsletter",
      data: {
        title: `This week at ${northside.name}`,
        paragraphs: ["Spring programs open for registration on Monday.", "The centre closes early on Friday for the staff meeting."],
        link: "/program-registration",
        linkLabel: "See the programs",
      },
      brand: { organizationName: northside.name },
      dedupeKey: "demo-seed:newsletter",
    }),
  ];
  return ids.length;
}
