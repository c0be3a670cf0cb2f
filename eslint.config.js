import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { boundariesWith, tableSelectorsOutsideProjections } from "./eslint.boundaries.js";

/** Names a role level goes by in the code (decision 031). */
const LEVEL_NAMES = "/^(level|roleLevel|role_level|userLevel|groupLevel|actorLevel)$/";
const LEVEL_MESSAGE = "Compare role levels by name: LEVEL.* or isKiosk/isStaff/isAdminOrAbove... from modules/identity (decision 031)";
const LEVEL_SELECTORS = [
  ...["left", "right"].map((side) => ({
    selector: `BinaryExpression:matches([${side}.name=${LEVEL_NAMES}], [${side}.property.name=${LEVEL_NAMES}])[${side === "left" ? "right" : "left"}.raw=/^[0-9]+$/]`,
    message: LEVEL_MESSAGE,
  })),
  { selector: `SwitchStatement:matches([discriminant.name=${LEVEL_NAMES}], [discriminant.property.name=${LEVEL_NAMES}]) > SwitchCase[test.raw=/^[0-9]+$/]`, message: LEVEL_MESSAGE },
  {
    selector: `CallExpression[callee.property.name=/^(where|having|orWhere)$/][arguments.0.value=/(^|[.])(level|role_level)$/][arguments.2.raw=/^[0-9]+$/]`,
    message: LEVEL_MESSAGE,
  },
];

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "test-results/**", "var/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": "off",
    },
  },
  // the house's boundaries: a projection owns its tables; imports go through a context's public face; and
  // role levels by name (docs/decisions/031): a role level is compared through LEVEL and the predicates of
  // modules/identity/access/levels.ts (isKiosk, isStaff, isAdminOrAbove, ...), never with a bare number
  ...boundariesWith(LEVEL_SELECTORS),
  {
    // where the levels are defined, the numbers are the definition: the table rule alone
    files: ["modules/identity/access/types.ts", "modules/identity/access/levels.ts"],
    rules: { "no-restricted-syntax": ["error", ...tableSelectorsOutsideProjections] },
  },
);
