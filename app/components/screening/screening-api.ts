import type { ScreeningQuestion, FormAnswer } from "#modules/screening/client";
import { apiGet, apiSend, newCommandId } from "../check-in/api";

/** The shapes of the screening calls (spec-2 section 7), as the server answers them. */
export type DailyUser = { user_id: string; name: string; showScreening: boolean; isFlagged: boolean; hasfilled: boolean; status: "Filled" | "Declined" | null };
export type DailyState = { date: string; is_daily_screening_form: boolean; users: DailyUser[] };
export type UserScreeningState = { date: string; users: { user_id: string; name: string; showScreening: boolean; isFlagged: boolean }[]; isScreeningRequested: boolean };
export type SubmitAnswer = {
  data: { user_id: string; date: string; is_filled: boolean; declined: boolean; failed: boolean; isFlagged: boolean }[];
  failed: boolean;
  message: string;
};
export type OrganizationInfo = { name: string; phone_number: string; support_email: string };

export const fetchQuestions = () => apiGet<{ data: ScreeningQuestion[]; count: number }>("/api/note/screening/questions").then((r) => r.data);
export const fetchDailyState = () => apiGet<DailyState>("/api/note/daily/screening");
export const fetchUserScreening = (userIds: string[]) => apiSend<UserScreeningState>("POST", "/api/note/user/daily/screening", { user_ids: userIds });
export const fetchOrganization = () => apiGet<OrganizationInfo>("/api/setting/organization");

/** Posts the answers of each selected participant in one call; one command id per submission, so a resend is applied once. */
export const submitAnswers = (entries: { user_id: string; answers: FormAnswer[] }[]) => {
  const id = newCommandId();
  return apiSend<SubmitAnswer>("POST", "/api/note/daily/screening", entries.map((e) => ({ ...e, is_filled: true })), { "Idempotency-Key": id });
};

/** A decline: only user_id (spec-2 section 4). */
export const postDecline = (userId: string) => apiSend<SubmitAnswer>("POST", "/api/note/daily/screening", { user_id: userId }, { "Idempotency-Key": newCommandId() });
