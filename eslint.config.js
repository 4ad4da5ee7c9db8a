import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const subfolders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Import boundaries: which folder may depend on which. Paths are resolved
 * (TypeScript sources behind `.js` specifiers included) before they are matched, so a relative
 * import cannot slip past by its spelling. Every folder of domains/ and features/ gets its own
 * zone, so a new domain or feature is covered without touching this file.
 */
const serverSrc = 'apps/server/src';
const webSrc = 'apps/web/src';
const serverDomains = subfolders(`${serverSrc}/domains`);
/** A domain's routes files (routes.ts, *-routes.ts), relative to its folder. */
const routesFiles = (domain) =>
  readdirSync(path.join(root, serverSrc, 'domains', domain))
    .filter((name) => name === 'routes.ts' || name.endsWith('-routes.ts'))
    .map((name) => `./${name}`);
const publicModuleMessage = (domain) =>
  `Import a domain through its public module (domains/${domain}/index.ts).`;
const boundaryZones = [
  {
    target: `./${serverSrc}/http`,
    from: `./${serverSrc}/domains`,
    message: 'src/http is the transport layer and depends on no domain.',
  },
  {
    target: `./${serverSrc}/core`,
    from: `./${serverSrc}/domains`,
    message: 'src/core depends on no domain.',
  },
  {
    target: [
      `./${serverSrc}/core`,
      `./${serverSrc}/domains/*/handler.ts`,
      `./${serverSrc}/domains/*/*-handler.ts`,
    ],
    from: `./${serverSrc}/http`,
    message:
      'The core and the product handlers know no HTTP: refuse with a result code (core/result.ts).',
  },
  ...serverDomains.map((domain) => ({
    target: `./${serverSrc}/domains/${domain}`,
    from: [`./${serverSrc}/domains/**/routes.ts`, `./${serverSrc}/domains/**/*-routes.ts`],
    except: [path.join(root, serverSrc, 'domains', domain, '**')],
    message: "A domain never imports another domain's routes; use that domain's services.",
  })),
  // Each domain's public module is its index.ts: from outside its folder nothing else of it is
  // imported (`!(…)` in a glob is any name but those). Other domains: their routes have the zone
  // above, src/http and src/core import no domain at all (theirs): one message per import.
  ...serverDomains.map((domain) => ({
    target: `./${serverSrc}/domains/!(${domain})/**`,
    from: `./${serverSrc}/domains/${domain}`,
    except: ['./index.ts', ...routesFiles(domain)],
    message: publicModuleMessage(domain),
  })),
  ...serverDomains.map((domain) => ({
    target: [
      `./${serverSrc}/${domain === 'user' ? '!(app)' : '*'}.ts`,
      `./${serverSrc}/!(domains|http|core)/**`,
    ],
    from: `./${serverSrc}/domains/${domain}`,
    except: ['./index.ts'],
    message: publicModuleMessage(domain),
  })),
  // The one door past an index: app.ts registers the user domain's sign-in routes from its
  // routes.ts, which domains/user/index.ts leaves out (through it, user and notify would import
  // each other in a loop).
  {
    target: `./${serverSrc}/app.ts`,
    from: `./${serverSrc}/domains/user`,
    except: ['./index.ts', './routes.ts'],
    message: publicModuleMessage('user'),
  },
  // Inside a domain, its files import each other directly: its index.ts is for the others.
  ...serverDomains.map((domain) => ({
    target: `./${serverSrc}/domains/${domain}`,
    from: `./${serverSrc}/domains/${domain}/index.ts`,
    message: `A domain's files import each other directly, never through its own index.ts.`,
  })),
  ...subfolders(`${webSrc}/features`).map((feature) => ({
    target: `./${webSrc}/features/${feature}`,
    from: `./${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: share through src/shared, compose in src/app.',
  })),
  {
    target: `./${webSrc}/shared`,
    from: `./${webSrc}/features`,
    message: 'src/shared imports no feature.',
  },
];

/**
 * The web client gets its types and the rules it shares with the server from packages/contract;
 * packages/engine (matching, pricing and settlement maths) is the server's (docs/architecture.md
 * §2: `web` uses only `contract`). A rule the browser needs too (a preview, a check before
 * sending) goes into packages/contract, or the server computes it.
 */
const webNoEngineMessage =
  'The web client does not import the engine (the server’s): take types and shared rules from ' +
  '@exchange/contract (e.g. leverMaths), or let the server compute the figure.';
const webNoEngine = { name: '@exchange/engine', message: webNoEngineMessage };
const webNoEnginePaths = {
  group: ['@exchange/engine/*', '**/packages/engine', '**/packages/engine/**'],
  message: webNoEngineMessage,
};

/**
 * Product domains: the folders of domains/ with a module.ts (src/product-module.ts). Their core
 * files, and the core itself, take time only from the core's clock (core/clock.ts), so that the
 * simulation can run them on its own; the calls, pushes, views and demo set-up around them read
 * the wall clock like any server code.
 */
const productDomains = subfolders(`${serverSrc}/domains`).filter((d) =>
  existsSync(path.join(root, serverSrc, 'domains', d, 'module.ts')),
);
/**
 * Calls (routes.ts, *-routes.ts, the operator's review) reach a product only through its command
 * and query messages (`ctx.send`, `ctx.ask`), the read model (`ctx.markets`) or the store, never
 * its handler: so a node without the core can serve them (docs/architecture.md §4b).
 */
const productNames = `/^(${productDomains.join('|')})$/`;
const handlerReach = [
  {
    selector: `MemberExpression[property.name=${productNames}][object.name='ctx']`,
    message: 'Send the product a command (ctx.send) or ask it a query (ctx.ask): not its handler.',
  },
  {
    selector: `MemberExpression[property.name=${productNames}][object.property.name='ctx']`,
    message: 'Send the product a command (ctx.send) or ask it a query (ctx.ask): not its handler.',
  },
  {
    selector: `VariableDeclarator[init.name='ctx'] > ObjectPattern > Property[key.name=${productNames}]`,
    message: 'Send the product a command (ctx.send) or ask it a query (ctx.ask): not its handler.',
  },
];
const wallClock = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'The core and product handlers read the time from the core clock (seq.clock.now()).',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message:
      'The core and product handlers read the time from the core clock: new Date(clock.now()).',
  },
  {
    selector: 'CallExpression[callee.name=/^(setTimeout|setInterval)$/]',
    message: 'The core and product handlers set timers on the core clock (seq.clock.after).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { paths: [webNoEngine], patterns: [webNoEnginePaths] }],
    },
  },
  {
    files: [`${serverSrc}/**/*.ts`, `${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    files: [
      `${serverSrc}/core/**/*.ts`,
      ...productDomains.map((d) => `${serverSrc}/domains/${d}/**/*.ts`),
    ],
    ignores: [
      '**/*.test.ts',
      `${serverSrc}/core/clock.ts`,
      '**/routes.ts',
      '**/*-routes.ts',
      '**/pushes.ts',
      '**/view.ts',
      '**/views.ts',
      '**/order-view.ts',
      '**/orders-query.ts',
      '**/evidence.ts',
      '**/demo.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...wallClock] },
  },
  {
    files: [
      `${serverSrc}/domains/**/routes.ts`,
      `${serverSrc}/domains/**/*-routes.ts`,
      `${serverSrc}/domains/**/view.ts`,
      `${serverSrc}/domains/**/views.ts`,
      `${serverSrc}/domains/admin/review.ts`,
    ],
    rules: { 'no-restricted-syntax': ['error', ...handlerReach] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
