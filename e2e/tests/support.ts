import type { APIRequestContext, Page } from '@playwright/test';

let counter = 0;
/** A fresh e-mail address per test run. */
export function uniqueEmail(prefix = 'trader'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

/** The latest verification code sent to an address, read from the dev outbox. */
export async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { data: { body: string }[] };
    const match = body.data[0]?.body.match(/\b(\d{6})\b/);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

export async function setPreferences(page: Page, prefs: { theme?: string; lang?: string }) {
  await page.addInitScript((p) => {
    if (p.theme) window.localStorage.setItem('theme', p.theme);
    if (p.lang) window.localStorage.setItem('lang', p.lang);
  }, prefs);
}
