import type { Page } from 'playwright-core';

/** `bytes` as a Uint8Array in the page's `globalThis.__bytes` (through base64: page.evaluate takes JSON). */
export async function putBytes(page: Page, bytes: Uint8Array): Promise<void> {
  await page.evaluate((b64) => {
    const g = globalThis as any;
    const s = g.atob(b64);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    g.__bytes = out;
  }, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'));
}
