export { queueMail, closeMailQueue, brandOf, unsubscribeUrlFor, unsubscribeView, unsubscribeByLink, setNewsletterSubscription, receivesNewsletters, outboxPage, outboxMessage, UNSUBSCRIBE_INVALID } from "./service";
export type { MailServices, QueueMailInput, UnsubscribeView, OutboxPage } from "./service";
export { MAIL_KINDS, NEWSLETTER_KINDS, isNewsletter, isMailKind, checkMailData, type MailKind, type MailData } from "./kinds";
export { renderMail, type RenderedMail } from "./render";
export { DEFAULT_BRAND, DEFAULT_MAIL_COLOR, type MailBrand } from "./brand";
export { signUnsubscribe, verifyUnsubscribe, type UnsubscribeClaims } from "./unsubscribe-token";
export { unsubscribeSecret } from "./secret";
export { MAIL_QUEUE, MAIL_JOB, MAIL_SWEEP_JOB, MAIL_SWEEP_SCHEDULER, MAIL_BACKOFF, MAIL_ATTEMPTS, MAIL_JOB_OPTIONS, mailJobId, createMailQueue, enqueueMail, mailRetryDelay, type MailJobData } from "./queue";
