import { applyFieldPolicy, fieldRoleOfAuth, isKiosk, PERMISSIONS, type Auth, type Services } from "../identity";
import { timeZoneOf } from "../organizations";
import { staffUsersOf } from "../../projections/identity";
import { namedPeopleByIds } from "../../projections/participants";
import { currentSessionsOf, programBaseSchedules, programById, programList, programRoster, type ProgramRow, type ProgramSessionRow } from "../../projections/programs";
import { registerCall, unregisterCall } from "./service";
import { STAFF_DEFAULT_PAGE_SIZE as DEFAULT_SIZE, STAFF_PAGE_SIZES } from "./staff-page";

export { STAFF_PAGE_SIZES };

/** A program as a card of /programs shows it: its weekly sessions, its coaches by name and its figures. */
export type StaffProgram = Pick<
  ProgramRow,
  "id" | "name" | "type" | "location" | "start_date" | "end_date" | "members_limit" | "registered_count" | "waitlist_count" | "waitlist" | "status" | "archived_on"
> & {
  sessions: ProgramSessionRow[];
  /** a program on set dates (decision 009): how many, and its time */
  dated: { count: number; start_time: string; end_time: string } | null;
  coaches: string[];
};

/** A registered or waiting member as the registrations panel lists them (the field policy's identity fields). */
export type RosterPerson = {
  participant_id: string;
  member_id: string;
  full_name: string;
  date: string;
  position?: number;
};

export type StaffProgramsPage = {
  status: "active" | "archived";
  search: string;
  page: number;
  size: number;
  count: number;
  totalPages: number;
  programs: StaffProgram[];
  selected: {
    program: StaffProgram & { description: string };
    registered: RosterPerson[];
    waitlist: RosterPerson[];
  } | null;
  /** 'create programs and events': register and remove */
  canRegister: boolean;
  /** 'export programs and events': the program report's link */
  canExport: boolean;
};

const whole = (value: string | null | undefined, fallback: number, max: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

/** Staff who may change registrations on the staff pages: 'create programs and events', never the kiosk. */
export const mayRegister = (auth: Auth) => !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes(PERMISSIONS.CAN_CREATE_PROGRAMS_AND_EVENTS);
export const mayExport = (auth: Auth) => !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes(PERMISSIONS.CAN_EXPORT_PROGRAMS_AND_EVENTS);

/** An instant as MM/DD/YYYY (spec-1 section 9) on the organization's calendar. */
export function dateIn(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return (iso: string) => format.format(new Date(iso));
}

/** Participants by id with their identity fields, through the caller's field policy. */
export async function peopleOf(services: Pick<Services, "db">, auth: Auth, ids: readonly string[]) {
  const role = fieldRoleOfAuth(auth);
  const people = await namedPeopleByIds(services.db, auth.organization.id, ids);
  return new Map(
    people.map((p) => {
      const seen = applyFieldPolicy(role, {
        participant_id: p.id,
        member_id: p.member_id,
        full_name: p.full_name,
      });
      return [
        p.id,
        {
          member_id: String(seen.member_id ?? ""),
          full_name: String(seen.full_name ?? seen.member_id ?? p.id),
        },
      ];
    })
  );
}

/**
 * The staff's /programs page (decision 053): one page of the organization's programs (active or archived,
 * searched by name, by name A-Z), each with its weekly sessions, coaches and figures; and the program
 * chosen in the URL with its registered members (in the order they registered) and its waitlist (in order).
 * `selected` is null when no program is asked for; `missing` is true when the one asked for is not the
 * organization's.
 */
export async function staffProgramsPageOf(
  services: Pick<Services, "db">,
  auth: Auth,
  asked: {
    search?: string | null;
    status?: string | null;
    page?: string | null;
    size?: string | null;
    program?: string | null;
  }
): Promise<StaffProgramsPage & { missing: boolean }> {
  const organizationId = auth.organization.id;
  const status = asked.status === "archived" ? "archived" : "active";
  const search = (asked.search ?? "").trim().slice(0, 200);
  const sizeAsked = whole(asked.size, DEFAULT_SIZE, 80);
  const size = (STAFF_PAGE_SIZES as readonly number[]).includes(sizeAsked) ? sizeAsked : DEFAULT_SIZE;
  const page = whole(asked.page, 0, 100_000);
  const [list, sessions, staff, chosen] = await Promise.all([
    programList(services.db, organizationId, {
      search,
      sort: { field: "name", desc: false },
      page,
      size,
      status,
    }),
    currentSessionsOf(services.db, organizationId),
    staffUsersOf(services.db, organizationId),
    asked.program ? programById(services.db, organizationId, asked.program) : Promise.resolve(null),
  ]);
  const names = new Map(staff.map((s) => [s.id, `${s.first_name} ${s.last_name}`.trim()]));
  // programs without builder schedule versions (decision 009): their weekdays or set dates from rm_programs
  const bare = [...list.data, ...(chosen ? [chosen] : [])].filter((p) => !sessions.has(p.id)).map((p) => p.id);
  const base = new Map((await programBaseSchedules(services.db, organizationId, bare)).map((b) => [b.id, b]));
  const sessionsOf = (id: string): ProgramSessionRow[] => {
    const b = base.get(id);
    if (sessions.has(id) || !b || b.schedule_kind !== "weekly") return sessions.get(id) ?? [];
    return [...b.days]
      .sort((x, y) => x - y)
      .map((d) => ({
        week_day: d,
        start_time: b.start_time,
        end_time: b.end_time,
      }));
  };
  const datedOf = (id: string) => {
    const b = base.get(id);
    return b && b.schedule_kind === "dates"
      ? {
          count: b.dates.length,
          start_time: b.start_time,
          end_time: b.end_time,
        }
      : null;
  };
  const card = (p: ProgramRow): StaffProgram => ({
    id: p.id,
    name: p.name,
    type: p.type,
    location: p.location,
    start_date: p.start_date,
    end_date: p.end_date,
    members_limit: p.members_limit,
    registered_count: p.registered_count,
    waitlist_count: p.waitlist_count,
    waitlist: p.waitlist,
    status: p.status,
    archived_on: p.archived_on,
    sessions: sessionsOf(p.id),
    dated: datedOf(p.id),
    coaches: p.coach_ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
  });
  let selected: StaffProgramsPage["selected"] = null;
  if (chosen) {
    const roster = await programRoster(services.db, organizationId, chosen.id);
    const people = await peopleOf(
      services,
      auth,
      [...roster.registered, ...roster.waitlist].map((r) => r.participant_id)
    );
    const day = dateIn(timeZoneOf(auth.organization.settings));
    const person = (id: string, date: string) => ({
      participant_id: id,
      ...(people.get(id) ?? {
        member_id: "",
        full_name: "Unknown participant",
      }),
      date: day(date),
    });
    selected = {
      program: { ...card(chosen), description: chosen.description },
      registered: roster.registered.map((r) => person(r.participant_id, r.registered_date)),
      waitlist: roster.waitlist.map((w) => ({
        ...person(w.participant_id, w.joined_date),
        position: w.position,
      })),
    };
  }
  return {
    status,
    search,
    page,
    size,
    count: list.count,
    totalPages: list.additional_info.total_pages,
    programs: list.data.map(card),
    selected,
    missing: Boolean(asked.program) && !chosen,
    canRegister: mayRegister(auth),
    canExport: mayExport(auth),
  };
}

/** Register from /programs: the decider's answer (registered, or the waitlist with its number) and who it was. */
export async function staffRegisterToProgram(services: Services, auth: Auth, programId: string, participantId: string, commandId: string | undefined, request: Request) {
  const answer = await registerCall(services, auth, programId, { participant_id: participantId, command_id: commandId }, request);
  const person = (await peopleOf(services, auth, [participantId])).get(participantId);
  return {
    message: answer.message,
    waitlisted: answer.data.status === "waitlisted",
    name: person?.full_name ?? "",
  };
}

/** Remove from /programs (registered or waiting): who left, and who moved up from the waitlist into the freed place. */
export async function staffUnregisterFromProgram(services: Services, auth: Auth, programId: string, participantId: string, request: Request) {
  const answer = await unregisterCall(services, auth, programId, participantId, request);
  const people = await peopleOf(services, auth, [participantId, ...answer.promoted]);
  return {
    message: answer.message,
    name: people.get(participantId)?.full_name ?? "",
    promoted: answer.promoted.map((id) => people.get(id)?.full_name ?? "").filter(Boolean),
  };
}
