import { isWebRoute, WEB_ROUTES } from '@exchange/contract';
import { isValidElement } from 'react';
import { createStaticHandler, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFound } from './not-found';
import { routes } from './route-table';

const handler = createStaticHandler(routes);

/** Whether the client ends on a screen other than its not-found page, redirects followed. */
async function showsScreen(path: string): Promise<boolean> {
  let url = `http://localhost${path}`;
  for (let hops = 0; hops < 5; hops += 1) {
    const result = await handler.query(new Request(url));
    if (result instanceof Response) {
      url = new URL(result.headers.get('Location') ?? '/', url).toString();
      continue;
    }
    const element = result.matches.at(-1)?.route.element;
    return !(isValidElement(element) && element.type === NotFound);
  }
  throw new Error(`${path} redirects in a loop`);
}

/** Every path of the table written out in full; `*` stands for an unknown segment. */
function tablePaths(list: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of list) {
    const own = route.path?.replace('*', 'no-such-screen') ?? '';
    const full = own ? `${parent}/${own}`.replace(/\/+/g, '/') : parent || '/';
    out.push(full);
    if (route.children) out.push(...tablePaths(route.children, full === '/' ? '' : full));
  }
  return out;
}

describe('the server’s list of web routes (WEB_ROUTES)', () => {
  const candidates = new Set<string>();
  for (const path of [...tablePaths(routes), ...WEB_ROUTES, '/nope', '/home/x']) {
    for (const variant of [path, path.toUpperCase(), path.toLowerCase(), `${path}/`]) {
      candidates.add(variant.replace(/\/\/+$/, '/'));
    }
  }

  it.each([...candidates])('agrees with the route table on %s', async (path) => {
    expect(isWebRoute(path)).toBe(await showsScreen(path));
  });
});
