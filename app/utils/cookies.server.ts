// the cookies are identity's (modules/identity/sessions/cookies.ts); the web glue and the tests read them here
export { SESSION_COOKIE, cookieOf as readCookie } from "#modules/identity";
