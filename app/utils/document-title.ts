/**
 * The document title (spec-1 section 1: 'The organization name is shown in the page title, followed by
 * the page title'): '{organization name} | {page title}' when signed in, the page title alone when not,
 * 'Rollcall' for a path the registry does not know. Decision 006.
 */
export function documentTitle(data: { page: { title: string } | null; shell: { organization: { name: string } } | null } | undefined): string {
  const title = data?.page?.title ?? "Rollcall";
  return data?.shell ? `${data.shell.organization.name} | ${title}` : title;
}
