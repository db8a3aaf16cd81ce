import { readdirSync, existsSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { serverModuleNames, serverModules } from "./eslint/server-modules.js";

const featuresDir = "apps/web/src/features";
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];

// Imports in the web app go one way: app → features → shared; a feature never reaches into another.
const webZones = [
  ...features.map((feature) => ({
    target: `./${featuresDir}/${feature}`,
    from: `./${featuresDir}`,
    except: [`./${feature}`],
    message: "Features never import each other; move shared code to src/shared.",
  })),
  { target: "./apps/web/src/features", from: "./apps/web/src/app", message: "Features do not import the app shell." },
  {
    target: "./apps/web/src/shared",
    from: ["./apps/web/src/features", "./apps/web/src/app"],
    message: "Shared code imports no feature or app code.",
  },
];

const modulesDir = "apps/server/src/modules";
const serverModulesList = serverModuleNames();

/**
 * A server module is used by others only through its public files: `<module>.service.ts` (calls),
 * `<module>.events.ts` (signals) and `<module>.presenter.ts` (a response that embeds another module's object).
 * Everything else in a module is its own business.
 */
const serverZones = serverModulesList.map((module) => ({
  target: `./${modulesDir}/${module}`,
  from: `./${modulesDir}`,
  except: [
    `./${module}`,
    ...serverModulesList
      .filter((other) => other !== module)
      .flatMap((other) => ["service", "events", "presenter"].map((role) => `./${other}/${other}.${role}.ts`)),
  ],
  message: "Another module is used only through its .service.ts, .events.ts or .presenter.ts.",
}));

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "**/drizzle/meta/**",
      "e2e/artifacts/**",
      "bench/data/**",
      "bench/results/**",
      "examples/seller-bot/src/lootlane-api.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX, lootlane: serverModules },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: [
            "apps/*/tsconfig.json",
            "packages/*/tsconfig.json",
            "e2e/tsconfig.json",
            "bench/tsconfig.json",
            "examples/*/tsconfig.json",
          ],
          conditionNames: ["source", "types", "import", "default"],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones: [...webZones, ...serverZones] }],
      "lootlane/module-cycle": "error",
      "lootlane/module-file-name": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Money changes units only in the contract's money module (roublesToKopecks, kopecksToRoubles), so a
    // multiplication by 100, or a division of something named kopecks by 100, elsewhere is a second copy of it.
    // Percents and scales divide other things by 100 and are left alone.
    files: ["**/*.{ts,tsx}"],
    ignores: ["packages/contract/src/money/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "BinaryExpression[operator='*'][right.value=100]",
          "BinaryExpression[operator='*'][left.value=100]",
          "BinaryExpression[operator='/'][right.value=100][left.name=/kopecks$/i]",
          "BinaryExpression[operator='/'][right.value=100][left.property.name=/kopecks$/i]",
        ].map((selector) => ({
          selector,
          message: "Convert money with roublesToKopecks / kopecksToRoubles from @lootlane/contract.",
        })),
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // The server is a workspace package: other workspaces use what its exports map offers, never its files.
    files: ["bench/**", "e2e/**", "apps/web/**", "packages/**", "scripts/**", "examples/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)apps/server/src(/|$)",
              message:
                "Import the server as @lootlane/server/… (its package.json exports), not by a path into its sources.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "scripts/**",
      "bench/**",
      "e2e/**",
      "examples/*/src/main.ts",
      "examples/*/src/generate-types.ts",
      "apps/server/src/main.ts",
      "apps/server/src/db/seed/**",
    ],
    rules: { "no-console": "off" },
  },
);
