/**
 * A setup file of the e2e projects (vitest.config.ts), run before each browser test file imports anything:
 * the app runs in the test's process (harness.ts startApp) from the production build, so React and the
 * other packages load their production code, as they do under `NODE_ENV=production npm start` (vitest sets
 * NODE_ENV=test, where React would render the production build with its development runtime).
 */
process.env.NODE_ENV = "production";
