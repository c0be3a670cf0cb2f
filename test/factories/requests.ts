import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { requestDecider, requestStreamId, type RequestCommand, type RequestSubmittedData } from "../../modules/requests";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string; type: "school" | "other"; domain: string };

type DemoRequest = Omit<RequestSubmittedData, "requestId" | "organizationId"> & { decided?: { by: "approve" } | { by: "decline"; reason: string } };

/**
 * The demo membership requests (decision 066), in each organization: a member and a parent with a child Pending,
 * one declined with its reason, one approved (an older request, recorded as approved: it made no account); in a
 * school organization also a teacher's request Pending. No mail: the requesters are made up.
 */
export const DEMO_REQUESTS: readonly DemoRequest[] = [
  { kind: "member", firstName: "Jordan", lastName: "Mbeki", email: "jordan.mbeki@example.org", phone: "416 555 0142", message: "I would like to join the basketball program.", birthDate: "2010-09-14", gender: "Male", child: null, schoolRole: null },
  { kind: "parent", firstName: "Priya", lastName: "Raman", email: "priya.raman@example.org", phone: "", message: "My daughter loves art and coding.", birthDate: null, gender: null, child: { firstName: "Anika", lastName: "Raman", birthDate: "2015-04-02", gender: "Female" }, schoolRole: null },
  { kind: "member", firstName: "Sam", lastName: "Whitfield", email: "sam.whitfield@example.org", phone: "", message: "", birthDate: "1990-01-20", gender: "Unspecified", child: null, schoolRole: null, decided: { by: "decline", reason: "Our programs are for members aged 6 to 18." } },
  { kind: "member", firstName: "Lena", lastName: "Fischer", email: "lena.fischer@example.org", phone: "", message: "", birthDate: "2012-06-30", gender: "Female", child: null, schoolRole: null, decided: { by: "approve" } },
];
export const DEMO_TEACHER_REQUEST: DemoRequest = { kind: "teacher", firstName: "Omar", lastName: "Haddad", email: "omar.haddad@example.org", phone: "", message: "New grade 6 science teacher.", birthDate: null, gender: null, child: null, schoolRole: "Grade 6, science" };

export async function seedDemoRequests(deps: Deps, org: Org, decidedBy: string): Promise<void> {
  const all = org.type === "school" ? [...DEMO_REQUESTS, DEMO_TEACHER_REQUEST] : DEMO_REQUESTS;
  for (const demo of all) {
    const { decided, ...rest } = demo;
    const requestId = idFrom("demo-seed", "membership-request", org.id, demo.email);
    const stream = requestStreamId(requestId);
    const run = async (command: RequestCommand) => {
      const result = await handleCommand(deps, requestDecider, stream, command);
      if (!result.ok) throw result.error;
    };
    const metadata = (step: string, actorId: string | null) => ({ commandId: idFrom("demo-seed", "membership-request", requestId, step), organizationId: org.id, actorId });
    await run({ type: "SubmitRequest", data: { ...rest, requestId, organizationId: org.id }, metadata: metadata("submit", null) });
    if (decided?.by === "approve") await run({ type: "ApproveRequest", data: { requestId, userId: null, participantId: null }, metadata: metadata("approve", decidedBy) });
    if (decided?.by === "decline") await run({ type: "DeclineRequest", data: { requestId, reason: decided.reason }, metadata: metadata("decline", decidedBy) });
  }
}
