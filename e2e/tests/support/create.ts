import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PaidPlanType } from '@atelier/contract';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Subscribes through the local test-mode checkout, exactly as the checkout page's button does. */
export async function subscribe(request: APIRequestContext, token: string, planType: PaidPlanType = 'EXPLORER'): Promise<void> {
  const checkout = await request.post('/api/subscription/checkout', { headers: auth(token), data: { planType, billingCycle: 'MONTHLY' } });
  if (!checkout.ok()) throw new Error(`checkout failed: ${checkout.status()} ${await checkout.text()}`);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = new URL(url, 'http://x').searchParams.get('session');
  if (!sessionId) throw new Error(`no session in ${url}`);
  const done = await request.post(`/api/billing/local/sessions/${encodeURIComponent(sessionId)}/complete`, { headers: auth(token) });
  if (!done.ok()) throw new Error(`complete failed: ${done.status()} ${await done.text()}`);
}

export async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const me = await request.get('/api/auth/me', { headers: auth(token) });
  return ((await me.json()) as { credits: number }).credits;
}

/**
 * A PNG of a simple building elevation: sky, a façade with a grid of windows, a door and the
 * ground, so the renders have something architectural to work on. `grain` adds photo-like
 * noise (and bytes).
 */
export function makeFacadePng(width = 640, height = 420, { grain = 0 }: { grain?: number } = {}): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  // Seeded grain: the same picture every run, so Generate Regions on it gives the same regions.
  let seed = 20261128;
  const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const facade = { x0: width * 0.18, x1: width * 0.82, y0: height * 0.22, y1: height * 0.82 };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let c: [number, number, number];
      if (y > facade.y1) c = [112, 118, 104];
      else if (x >= facade.x0 && x <= facade.x1 && y >= facade.y0) {
        const u = (x - facade.x0) / (facade.x1 - facade.x0);
        const v = (y - facade.y0) / (facade.y1 - facade.y0);
        const inWindow = (u * 5) % 1 > 0.25 && (u * 5) % 1 < 0.75 && (v * 4) % 1 > 0.25 && (v * 4) % 1 < 0.7;
        const door = u > 0.44 && u < 0.56 && v > 0.72;
        c = door ? [70, 52, 40] : inWindow ? [58, 72, 88] : [214, 206, 192];
      } else {
        const t = y / height;
        c = [Math.round(150 + 70 * t), Math.round(185 + 45 * t), Math.round(225 + 20 * t)];
      }
      if (grain) c = c.map((v) => Math.max(0, Math.min(255, v + Math.round((random() - 0.5) * 2 * grain)))) as typeof c;
      raw.set(c, (y * width + x) * 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Uploads an input image through the API (for set-up, not for the flows under test). */
export async function uploadInputThroughApi(request: APIRequestContext, token: string, png: Buffer, name = 'setup.png'): Promise<number> {
  const res = await request.post('/api/images/upload-input', {
    headers: auth(token),
    multipart: { file: { name, mimeType: 'image/png', buffer: png }, uploadSource: 'CREATE_MODULE' },
  });
  if (!res.ok()) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Spends credits through real renders until `target` are left (variations of a tiny image). */
export async function spendCreditsDownTo(request: APIRequestContext, token: string, target: number): Promise<void> {
  const inputImageId = await uploadInputThroughApi(request, token, await makeFacadePng(48, 32), 'tiny.png');
  let balance = await balanceOf(request, token);
  while (balance > target) {
    const variations = Math.min(4, balance - target);
    const res = await request.post('/api/runpod/generate', { headers: auth(token), data: { inputImageId, variations, prompt: 'warm-up' } });
    if (!res.ok()) throw new Error(`generate failed: ${res.status()} ${await res.text()}`);
    balance = ((await res.json()) as { remainingCredits: number }).remainingCredits;
  }
}

/** Opens the app signed in with `token` (the stored session the sign-in screens would leave). */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', t);
  }, token);
}

/** Waits until none of the user's CREATE images is still rendering. */
export async function waitForRendersToFinish(request: APIRequestContext, token: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await request.get('/api/runpod/variations?limit=100', { headers: auth(token) });
    const { variations } = (await res.json()) as { variations: Array<{ status: string }> };
    if (!variations.some((v) => v.status === 'PROCESSING')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('renders still running');
}
