import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { newId } from "#modules/kernel";
import { staffProgramsPageOf } from "#modules/programs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import checkInStyles from "~/components/check-in/check-in.css";
import { RegistrationsPanel } from "~/components/programs/registrations-panel";
import { StaffListControls, StaffListPager, useQueryHref } from "~/components/programs/staff-list-controls";
import { coachesLabel, mdy, sessionsLabel } from "~/components/programs/staff-labels";
import { ProgramFigures, StaffProgramList } from "~/components/programs/staff-program-list";
import staffStyles from "~/components/programs/staff-pages.css";
import type { StaffRegistrationRefusal } from "~/components/programs/staff-registration-form";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { handleStaffRegistrationForm } from "~/utils/staff-registration.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkInStyles },
  { rel: "stylesheet", href: staffStyles },
];
export const meta: MetaFunction = () => [{ title: "Programs" }];

/**
 * /programs, the staff's programs (view programs, or create programs and events; feature program;
 * decision 053): the list (?search, ?status=active|archived, ?page, ?size) and the registrations of the
 * program chosen (?program={id}); register and remove for staff who create programs and events.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const q = new URL(request.url).searchParams;
  const page = await staffProgramsPageOf(context.services, auth, {
    search: q.get("search"),
    status: q.get("status"),
    page: q.get("page"),
    size: q.get("size"),
    program: q.get("program"),
  });
  if (page.missing) {
    q.delete("program");
    throw redirect(`/programs${q.size ? `?${q}` : ""}`);
  }
  return json({ ...page, commandId: newId() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return handleStaffRegistrationForm(context.services, auth, request, await readForm(request), "program");
}

export default function ProgramsPage() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<StaffRegistrationRefusal>() ?? null;
  const href = useQueryHref();
  const s = page.selected;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Programs
          </Heading>
          <Text size="2" color="gray">
            Who is registered to each program and who waits for a place. Choose a program to see its registrations.
          </Text>
        </Flex>
        {page.canExport ? (
          <Button asChild variant="soft">
            <RemixLink to="/programs/report">Program Summary</RemixLink>
          </Button>
        ) : null}
      </Flex>
      <div className="rc-staff-layout" data-open={s ? "" : undefined}>
        <div className="rc-staff-list">
          <StaffListControls
            search={page.search}
            filterKey="status"
            filter={page.status}
            filters={[
              { value: "active", label: "Active" },
              { value: "archived", label: "Archived" },
            ]}
            count={page.count}
            noun={["program", "programs"]}
            searchLabel="Search programs by name"
          />
          {page.programs.length ? (
            <StaffProgramList programs={page.programs} selectedId={s?.program.id ?? null} />
          ) : (
            <Text as="p" size="2" color="gray" data-testid="programs-empty">
              {page.search ? `No programs match '${page.search}'.` : page.status === "active" ? "No active programs." : "No archived programs."}
            </Text>
          )}
          <StaffListPager page={page.page} size={page.size} totalPages={page.totalPages} />
        </div>
        {s ? (
          <div className="rc-staff-panel">
            <RegistrationsPanel
              key={s.program.id}
              kind="program"
              targetId={s.program.id}
              name={s.program.name}
              summary={
                <>
                  <Text size="2">{sessionsLabel(s.program)}</Text>
                  <Text size="2" color="gray">
                    {coachesLabel(s.program.coaches)} · {mdy(s.program.start_date)} to {mdy(s.program.end_date)}
                    {s.program.location ? ` · ${s.program.location}` : ""}
                  </Text>
                  <ProgramFigures program={s.program} />
                  {!s.program.waitlist ? (
                    <Text size="1" color="gray">
                      No waitlist: when it is full, registrations are refused.
                    </Text>
                  ) : null}
                </>
              }
              registered={s.registered}
              waitlist={s.program.waitlist || s.waitlist.length ? s.waitlist : null}
              canRegister={page.canRegister}
              closed={s.program.status === "archived" ? "This program is archived: it takes no new registrations." : null}
              reportHref={page.canExport ? `/programs/${s.program.id}/report` : null}
              closeHref={href({ program: null })}
              refusal={refusal}
              commandId={page.commandId}
            />
          </div>
        ) : null}
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
