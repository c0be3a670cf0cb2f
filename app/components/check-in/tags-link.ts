import type { CheckInAnswer } from "./api";

/**
 * The tag page of a check-in just made, when it has a security code (docs/decisions/036). The kiosk's
 * link prints at once (?print=1) and comes back to the scanner; with Chromium's --kiosk-printing no
 * dialog is shown (README).
 */
export function tagsUrlOf(answer: CheckInAnswer, kiosk: boolean): string | undefined {
  if (!answer.data.id || !answer.data.has_security_code) return undefined;
  return `/check-in/tags/${answer.data.id}${kiosk ? "?print=1" : ""}`;
}
