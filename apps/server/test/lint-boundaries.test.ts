import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, proven on snippets: each is linted as if it lived at
 * `file` (which does not exist; the modules it imports do), with only the boundary rule on.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === RULE,
    // The probes are not on disk, so the TypeScript project service cannot find them; the
    // boundary rule needs no type information, so they are parsed without it.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
});

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server boundaries', () => {
  it('src/http imports no domain (values or types)', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/http/boundary-probe.ts',
      [
        "import { hashToken } from '../domains/user/sessions.js';",
        "import type { SessionUser } from '../domains/user/sessions.js';",
        'export const probe = (s: SessionUser) => hashToken(String(s.sessionId));',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('src/http is the transport layer and depends on no domain');
  });

  it('src/http may import its own modules', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/http/boundary-probe.ts',
      "import { tokenFromHeader } from './session.js';\nexport const probe = tokenFromHeader;\n",
    );
    expect(messages).toEqual([]);
  });

  it('src/core imports no domain', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/core/boundary-probe.ts',
      "import { readSetting } from '../domains/settings/settings.js';\nexport const probe = readSetting;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('the core and the product handlers import nothing of HTTP', async () => {
    const code =
      "import { AppError } from '../../http/errors.js';\nexport const probe = AppError;\n";
    for (const file of [
      'apps/server/src/domains/spot/handler.ts',
      'apps/server/src/domains/lever/lever-handler.ts',
    ]) {
      const messages = await boundaryMessages(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('know no HTTP');
    }
    const core = await boundaryMessages(
      'apps/server/src/core/boundary-probe.ts',
      "import { AppError } from '../http/errors.js';\nexport const probe = AppError;\n",
    );
    expect(core).toHaveLength(1);
    // A product's routes are the HTTP side: they may.
    const routes = await boundaryMessages('apps/server/src/domains/spot/routes.ts', code);
    expect(routes).toEqual([]);
  });

  it("a domain never imports another domain's routes, only its services", async () => {
    const file = 'apps/server/src/domains/assets/boundary-probe.ts';
    const routes = await boundaryMessages(
      file,
      [
        "import { notifyRoutes } from '../notify/routes.js';",
        "import { adminSettingsRoutes } from '../admin/settings-routes.js';",
        'export const probe = [notifyRoutes, adminSettingsRoutes];',
        '',
      ].join('\n'),
    );
    expect(routes).toHaveLength(2);
    expect(routes[0]).toContain("A domain never imports another domain's routes");

    const services = await boundaryMessages(
      file,
      [
        "import { deliverCode } from '../notify/index.js';",
        "import { assetsRoutes } from './routes.js';",
        'export const probe = [deliverCode, assetsRoutes];',
        '',
      ].join('\n'),
    );
    expect(services).toEqual([]);
  });

  it('a domain imports another through its public module (index.ts) only', async () => {
    const file = 'apps/server/src/domains/lever/boundary-probe.ts';
    const inner = await boundaryMessages(
      file,
      "import type { SpotHandler } from '../spot/handler.js';\nexport type Probe = SpotHandler;\n",
    );
    expect(inner).toHaveLength(1);
    expect(inner[0]).toContain(
      'Import a domain through its public module (domains/spot/index.ts).',
    );

    const index = await boundaryMessages(
      file,
      "import type { SpotHandler } from '../spot/index.js';\nexport type Probe = SpotHandler;\n",
    );
    expect(index).toEqual([]);
  });

  it("the rest of src imports a domain through its index.ts, but app.ts the user's sign-in routes", async () => {
    const sessions = await boundaryMessages(
      'apps/server/src/app.ts',
      "import { hashToken } from './domains/user/sessions.js';\nexport const probe = hashToken;\n",
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toContain('domains/user/index.ts');

    const code =
      "import { userRoutes } from '../domains/user/routes.js';\nexport const probe = userRoutes;\n";
    expect(await boundaryMessages('apps/server/src/demo/boundary-probe.ts', code)).toHaveLength(1);
    const door = await boundaryMessages(
      'apps/server/src/app.ts',
      "import { userRoutes } from './domains/user/routes.js';\nexport const probe = userRoutes;\n",
    );
    expect(door).toEqual([]);
  });

  it("a domain's files never import their own index.ts", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/domains/spot/boundary-probe.ts',
      "import { spotModule } from './index.js';\nexport const probe = spotModule;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('never through its own index.ts');
  });
});

describe('web boundaries', () => {
  it('a feature never imports another feature', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/features/home/components/boundary-probe.tsx',
      "import { withFavorite } from '../../markets/lib/favorites';\nexport const probe = withFavorite;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Features do not import each other');
  });

  it('a feature imports itself and src/shared freely', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/features/home/components/boundary-probe.tsx',
      [
        "import { registerHref } from '../lib/links';",
        "import { formatDate } from '../../../shared/format/date';",
        'export const probe = [registerHref, formatDate];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('src/shared imports no feature', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/shared/boundary-probe.ts',
      "import { withFavorite } from '../features/markets/lib/favorites';\nexport const probe = withFavorite;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/shared imports no feature');
  });
});
