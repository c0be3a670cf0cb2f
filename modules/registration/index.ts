/** Self-registration (decision 052): parents register their children, participants themselves, to programs and events. Rows last. */
export { registrantOf, type Registrant } from "./access";
export { selfProgramRegistrationBody, selfEventRegistrationBody, type SelfProgramRegistrationBody, type SelfEventRegistrationBody } from "./commands";
export { registrantsOf, registrableOf, registrationNotAllowed, participantNotFound, type Registrable } from "./family";
export { programOptionsCall, participantProgramsCall, selfRegisterToProgram, selfWithdrawFromProgram, programNotOpen, programEnded } from "./programs";
export { eventOptionsCall, participantEventsCall, selfRegisterToEvent, selfWithdrawFromEvent } from "./events";
export { registrationApi } from "./api";
