import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

let bundled: (() => Promise<unknown>) | null = null;

/**
 * Called by the prebuilt server's entry (runtime/server-bundle.ts, decision 121): the Remix build was
 * bundled with the server, and shares its modules (one kernel, one set of queues), so the web part loads
 * that one instead of BUILD_DIR/index.js.
 */
export function useBundledServerBuild(load: () => Promise<unknown>): void {
  bundled = load;
}

/** The Remix server build the web part serves: the bundled one, or the one at serverBuildPath. */
export async function loadServerBuild(serverBuildPath: string): Promise<ServerBuild> {
  return (await (bundled ? bundled() : import(pathToFileURL(serverBuildPath).href))) as ServerBuild;
}
