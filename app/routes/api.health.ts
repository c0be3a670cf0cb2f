import { json, type LoaderFunctionArgs } from "@remix-run/node";
import "~/utils/load-context";

/** GET /api/health: the health report, 200 when every part is up, 503 otherwise. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const report = await context.services.health();
    return json(report, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error(`[health] check failed: ${error instanceof Error ? error.message : String(error)}`);
    return json(
      { code: "HEALTH_CHECK_FAILED", message: "The health check could not run" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** Only GET is served here; anything else gets the /api error shape, not Remix's bare 405. */
export function action() {
  return json(
    { code: "METHOD_NOT_ALLOWED", message: "Only GET is allowed on /api/health" },
    { status: 405, headers: { Allow: "GET, HEAD" } },
  );
}
