import type { Services } from "./calls/services";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/health: the health report, 200 when every part is up, 503 otherwise (never cached). */
export async function healthAnswer(services: Pick<Services, "health" | "logger">): Promise<Response> {
  try {
    const report = await services.health();
    return Response.json(report, { status: report.ok ? 200 : 503, headers: NO_STORE });
  } catch (error) {
    services.logger.error("[health] check failed", { error: error instanceof Error ? error.message : String(error) });
    return Response.json({ code: "HEALTH_CHECK_FAILED", message: "The health check could not run" }, { status: 503, headers: NO_STORE });
  }
}
