/** The Waivers page (decision 100): who signed which version of the waiver text, signing links by e-mail, the text's versions. */
export * from "./schema";
export { waiverList, waiverListOf, waiverDetail, sendWaiverLink, waiverVersionList, publishWaiverVersion, ADULT_AGE, type WaiverLine } from "./service";
export { waiversApi } from "./api";
