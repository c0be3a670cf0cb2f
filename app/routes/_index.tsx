import { Button, Card, Container, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AddChildForm } from "~/components/family/add-child-form";
import addChildStyles from "~/components/family/add-child.css";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FamilyHomePage } from "~/components/family/family-home";
import { TimeLabelsContext, timeLabelsOf } from "~/components/family/format";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";
import { addChildCall, addChildSchema, familyHomeOf, familyWaiverLink } from "#modules/family";
import { seesStaffToday, staffTodayOf } from "#modules/check-in";
import { roleFlags } from "#modules/identity";
import { StaffTodayPanel } from "~/components/home/staff-today";
import { DomainError, newId } from "#modules/kernel";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: addChildStyles }];

const ORGANIZATION_TYPE_LABELS = { school: "School", other: "Community organization" } as const;

/**
 * Home (kiosk allowed), by role (decision 097). A parent sees a card per child and a member their own
 * (decision 040: today's state, the waiver to sign, today's screening, this month's visits); staff who work
 * the check-in list see today's figures, live; a kiosk goes straight to check-in; other staff see who is
 * signed in, for which organization, in which role.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw new Response("Not signed in", { status: 401 });
  if (roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName }).isKiosk) throw redirect("/check-in");
  const family = await familyHomeOf(context.services, auth);
  const today = !family && seesStaffToday(auth) ? await staffTodayOf(context.services, auth) : null;
  return json({
    family,
    // a parent's 'Add a child' form (decision 064), opened by ?add-child
    addingChild: family?.parent === true && new URL(request.url).searchParams.has("add-child"),
    commandId: newId(),
    // the instants the family's cards show, labelled here once (the browser's time-zone data may differ)
    timeLabels: family
      ? timeLabelsOf(
          family.children.flatMap((c) => [c.person.check_in_time, c.person.check_out_time, ...c.month.recent.flatMap((v) => [v.check_in_time, v.check_out_time])]),
          family.timeZone,
        )
      : {},
    today,
    organizationId: auth.organization.id,
    firstName: auth.user.firstName,
    fullName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    role: auth.user.roleDisplayName || auth.user.roleName,
    organization: auth.organization.name,
    organizationType: ORGANIZATION_TYPE_LABELS[auth.organization.type],
  });
}

/** 'Sign waiver' on a child's card: a fresh single-use link for that child, then the waiver page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw new Response("Not signed in", { status: 401 });
  const form = await readForm(request);
  if (form.get("intent") === "add-child") return addChild(context.services, auth, request, form);
  if (form.get("intent") !== "sign-waiver") return json({ error: "Unknown action" }, { status: 400 });
  try {
    return redirect(await familyWaiverLink(context.services, auth, String(form.get("participantId") ?? "")), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof DomainError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** 'Add a child' (decision 064): conform's reply naming the fields, or the home with the new child's card. */
async function addChild(services: Parameters<typeof addChildCall>[0], auth: Parameters<typeof addChildCall>[1], request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: addChildSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const answer = await addChildCall(services, auth, { ...submission.value, command_id: String(form.get("command_id") ?? "") || undefined }, request);
    return redirectWithToast("/", { type: "success", title: answer.message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = error.details?.fieldErrors as Record<string, string[]> | undefined;
    return json({ result: submission.reply(field ? { fieldErrors: field } : { formErrors: [error.message] }) }, { status: error.status });
  }
}

export default function HomePage() {
  const home = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (home.family)
    return (
      <TimeLabelsContext.Provider value={home.timeLabels}>
        <FamilyHomePage
          home={home.family}
          firstName={home.firstName}
          organization={home.organization}
          error={actionData && "error" in actionData ? actionData.error : undefined}
          addChild={
            !home.family.parent ? null : home.addingChild ? (
              <AddChildForm commandId={home.commandId} closeHref="/" />
            ) : (
              <Flex>
                <Button variant="soft" asChild>
                  <RemixLink to="/?add-child" preventScrollReset>
                    Add a child
                  </RemixLink>
                </Button>
              </Flex>
            )
          }
        />
      </TimeLabelsContext.Provider>
    );
  return (
    <Container size="3" px="5" py="6">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="7">
          Welcome, {home.firstName}
        </Heading>
        {home.today ? <StaffTodayPanel today={home.today} organizationId={home.organizationId} dayLabel={dayLabelOf(home.today.day)} /> : null}
        <Card size="3" asChild>
          <section aria-labelledby="home-account-heading">
            <Heading as="h2" size="4" mb="1" id="home-account-heading">
              {home.organization}
            </Heading>
            <Text as="p" size="2" color="gray" mb="4">
              You are signed in to {home.organization}.
            </Text>
            <DataList.Root>
              <DataList.Item>
                <DataList.Label>Name</DataList.Label>
                <DataList.Value>{home.fullName}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Role</DataList.Label>
                <DataList.Value>{home.role}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Organization type</DataList.Label>
                <DataList.Value>{home.organizationType}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </section>
        </Card>
      </Flex>
    </Container>
  );
}

/** 'Friday, November 27' for '2026-11-27' (the organization's day, not the device's). */
const dayLabelOf = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
