import { afterAll, afterEach } from "vitest";
import { cspViolations } from "./harness";

/**
 * A setup file of the e2e project (vitest.config.ts): a browser test fails when a page broke the
 * Content-Security-Policy while it ran (decision 030); one reported after a file's last test fails it.
 */
const claim = () => {
  const found = cspViolations.splice(0);
  if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${found.join("\n")}`);
};

afterEach(claim);
afterAll(claim);
