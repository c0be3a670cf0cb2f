import { prepareStart } from "../runtime/server-bundle";

/** `npm start`'s build step, run by scripts/start.js in a process of its own (decision 121). */
await prepareStart();
