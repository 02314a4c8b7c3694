/**
 * Time to first paint of the gallery with 5,000 images: a real server (PGlite, or PostgreSQL
 * when DATABASE_URL is set) serving the built web app, a user with 5,000 completed images over
 * four months (their files are 24 real renders, shared in turn), and Chromium opening /gallery
 * in a fresh browser context five times. "First paint" is the moment every tile in the first
 * viewport shows its decoded thumbnail, measured in the page from navigation start; the figure
 * is the median of 5. Also: the most <img> elements the DOM held while scrolling the whole
 * history (the grid is virtualized), and the two API calls behind the first paint.
 *
 * Baseline, measured in the same run: a static HTML page holding only the first screen's tiles
 * (the same thumbnail bytes, sizes and places) on a bare node:http server, painted by the same
 * probe. The ratio gallery / baseline is what the app adds on top of the pictures themselves.
 *
 *   npm run build -w apps/web && npx tsx bench/gallery.bench.ts
 *   GALLERY_SCREENSHOTS=dir also saves the gallery (square, full, a batch mode) and /explore.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from '@playwright/test';
import { benchPort, median, round1, startBenchApp, type BenchApp, type BenchResult } from './bench-app.js';
import { storeGeneratedImageFiles } from '../apps/server/src/modules/images/index.js';
import { createImagesUser } from '../apps/server/src/modules/images/images.test-helpers.js';
import { analyzeIfStale } from '../apps/server/src/modules/gallery/index.js';
import { seedImages, spreadTimes } from '../apps/server/src/modules/gallery/gallery.test-helpers.js';
import { printResults } from './print.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../apps/web/dist');
const IMAGES = 5000;
const RUNS = 5;

// ---- pictures: small procedural architectural scenes (sky, buildings with windows, trees) ----

function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const SKIES = [
  ['#9cc3e6', '#e8f1f8'],
  ['#f3b88f', '#fbe6cf'],
  ['#5b6d8c', '#c9b9c9'],
  ['#b9c4cc', '#e9ecee'],
  ['#7fb0d8', '#f4efe2'],
  ['#2d3a55', '#a46f6a'],
];
const FACADES = ['#d9d2c5', '#b75f45', '#8e949a', '#efe9df', '#6f5a4a', '#c8b59a', '#4f5b57', '#e4ddd0'];

export function sceneSvg(seed: number, width = 1024, height = 768): string {
  const r = prng(seed * 7919 + 17);
  const [skyTop, skyBottom] = SKIES[seed % SKIES.length];
  const horizon = height * (0.62 + r() * 0.12);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>` +
      `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d9a7a"/><stop offset="1" stop-color="#5f6b52"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#ground)"/>`,
  ];
  const count = 2 + Math.floor(r() * 3);
  let x = width * (0.04 + r() * 0.1);
  for (let b = 0; b < count && x < width * 0.92; b++) {
    const w = width * (0.16 + r() * 0.24);
    const h = height * (0.2 + r() * 0.42);
    const y = horizon - h;
    const facade = FACADES[Math.floor(r() * FACADES.length)];
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${facade}"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w * 0.08}" height="${h}" fill="#000" opacity="0.08"/>`);
    if (r() < 0.4) parts.push(`<polygon points="${x - 8},${y} ${x + w / 2},${y - h * 0.22} ${x + w + 8},${y}" fill="#4a4440"/>`);
    else parts.push(`<rect x="${x - 6}" y="${y - 8}" width="${w + 12}" height="10" fill="#3f3b38" opacity="0.85"/>`);
    const cols = 3 + Math.floor(r() * 4);
    const rows = 2 + Math.floor(r() * 5);
    const glass = r() < 0.3 ? '#f3d9a4' : '#33414f';
    for (let i = 0; i < cols; i++)
      for (let j = 0; j < rows; j++) {
        const ww = (w / cols) * 0.55;
        const wh = (h / rows) * 0.5;
        parts.push(
          `<rect x="${x + (w / cols) * (i + 0.22)}" y="${y + (h / rows) * (j + 0.25)}" width="${ww}" height="${wh}" fill="${glass}" opacity="${0.65 + r() * 0.3}"/>`,
        );
      }
    x += w + width * (0.02 + r() * 0.08);
  }
  for (let t = 0; t < 5; t++) {
    const tx = r() * width;
    const tr = 18 + r() * 34;
    parts.push(`<rect x="${tx - 3}" y="${horizon - tr * 0.3}" width="6" height="${tr * 1.1}" fill="#4b3b2d"/>`);
    parts.push(`<circle cx="${tx}" cy="${horizon - tr * 0.9}" r="${tr}" fill="#4f6b3f" opacity="0.92"/>`);
  }
  parts.push(`<rect y="${horizon + (height - horizon) * 0.55}" width="${width}" height="${(height - horizon) * 0.18}" fill="#9d9a92" opacity="0.7"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export interface SeededGallery {
  bench: BenchApp;
  token: string;
  userId: number;
  imageIds: number[];
}

/** A server with the built web app and a user holding `count` completed images (some shared on Explore). */
export async function startSeededGallery(count = IMAGES, opts: { publicEvery?: number } = {}): Promise<SeededGallery> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('Build the web app first: npm run build -w apps/web');
  const bench = await startBenchApp({ WEB_DIST });
  try {
    const user = await createImagesUser(bench.app, 'Ada Architect');
    const files = [];
    for (let i = 0; i < 24; i++) {
      const bytes = await sharp(Buffer.from(sceneSvg(i))).png().toBuffer();
      files.push(await storeGeneratedImageFiles(bench.app.ctx, { userId: user.id, generatedImageId: 900_000 + i, bytes }));
    }
    const times = spreadTimes(count, 120, new Date(Date.now() - 60_000));
    const every = opts.publicEvery ?? 0;
    const imageIds = await seedImages(
      bench.app,
      user.id,
      times.map((createdAt, i) => ({ createdAt, isPublic: every > 0 && i % every === 0 })),
      4,
      files,
    );
    // Other architects sharing on Explore.
    for (const [k, name] of ['Mira Okafor', 'Jonas Lindqvist', 'Elena Ruiz'].entries()) {
      const other = await createImagesUser(bench.app, name);
      const otherFiles = files.slice(k * 6).concat(files.slice(0, k * 6));
      await seedImages(
        bench.app,
        other.id,
        spreadTimes(160, 30, new Date(Date.now() - (k + 1) * 7 * 60_000)).map((createdAt, i) => ({ createdAt, isPublic: i % 2 === 0 })),
        4,
        otherFiles,
      );
    }
    // What autovacuum does on PostgreSQL and the gallery's statistics keeper on PGlite, a minute later.
    await analyzeIfStale(bench.database);
    return { bench, token: user.token, userId: user.id, imageIds };
  } catch (err) {
    await bench.close();
    throw err;
  }
}

/**
 * Records, from navigation start, when every tile in the first viewport shows its thumbnail as
 * the user sees it: loaded, decoded (img.decode() settled, so the next paint has its pixels) and
 * fully opaque (no fade-in still running on the image or a parent), and no placeholder tile left
 * in the viewport.
 */
const FIRST_PAINT_PROBE = `
  (() => {
    const decoded = new WeakSet();
    const decoding = new WeakSet();
    const opaque = (el) => {
      for (let e = el; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
      return true;
    };
    const check = () => {
      const tiles = [...document.querySelectorAll('[data-gallery-tile]')].filter((t) => t.getBoundingClientRect().top < innerHeight);
      const imgs = tiles.map((t) => t.querySelector('img'));
      // A cell still showing its placeholder is not painted either.
      const placeholders = [...document.querySelectorAll('[data-skeleton]')].filter((p) => p.getBoundingClientRect().top < innerHeight);
      let ready = tiles.length >= 4 && placeholders.length === 0;
      for (const img of imgs) {
        if (!img || !img.complete || img.naturalWidth === 0) ready = false;
        else if (!decoded.has(img)) {
          ready = false;
          if (!decoding.has(img)) {
            decoding.add(img);
            img.decode().then(() => decoded.add(img), () => decoding.delete(img));
          }
        } else if (!opaque(img)) ready = false;
      }
      if (ready) {
        window.__galleryFirstPaint = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

interface FirstScreenTile {
  src: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The tiles of the first viewport as the gallery laid them out. */
async function firstScreenTiles(page: Page): Promise<FirstScreenTile[]> {
  return page.evaluate(`[...document.querySelectorAll('[data-gallery-tile]')]
    .map((t) => ({ img: t.querySelector('img'), r: t.getBoundingClientRect() }))
    .filter(({ img, r }) => img && r.top < innerHeight)
    .map(({ img, r }) => ({ src: img.currentSrc || img.src, left: r.left, top: r.top, width: r.width, height: r.height }))`);
}

/**
 * The baseline page: the first screen's thumbnails and nothing else. A bare node:http server
 * serves the page and the thumbnails' bytes (fetched once from the app), so the page pays only
 * for the pictures.
 */
async function startBaselinePage(tiles: FirstScreenTile[]): Promise<{ url: string; close(): Promise<void> }> {
  const pictures = await Promise.all(
    tiles.map(async (t) => {
      const res = await fetch(t.src);
      if (!res.ok) throw new Error(`thumbnail ${t.src}: ${res.status}`);
      return { type: res.headers.get('content-type') ?? 'application/octet-stream', bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );
  const imgs = tiles
    .map((t, i) => `<div data-gallery-tile style="position:absolute;left:${t.left}px;top:${t.top}px;width:${t.width}px;height:${t.height}px"><img src="/t/${i}" style="width:100%;height:100%;object-fit:cover" alt=""></div>`)
    .join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body style="margin:0">${imgs}</body></html>`;
  const server = http.createServer((req, res) => {
    const picture = req.url?.startsWith('/t/') ? pictures[Number(req.url.slice(3))] : undefined;
    const [type, body] = picture ? [picture.type, picture.bytes] : ['text/html; charset=utf-8', Buffer.from(html)];
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(benchPort(1), '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('baseline page has no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function signedInPage(browser: Browser, baseUrl: string, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)});`);
  await context.addInitScript(FIRST_PAINT_PROBE);
  return context.newPage();
}

/** Scrolls the whole gallery and returns the most <img> elements the DOM held at once. */
async function maxImagesWhileScrolling(page: Page): Promise<{ max: number; scrolled: number }> {
  // A string, so the bundler's helpers never leak into the page.
  return page.evaluate(`(async () => {
    const el = document.querySelector('[data-gallery-scroll]');
    let max = 0;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    for (let top = 0; top <= el.scrollHeight; top += Math.round(el.clientHeight * 0.9)) {
      el.scrollTop = top;
      await frame();
      await frame();
      max = Math.max(max, document.querySelectorAll('img').length);
    }
    return { max, scrolled: el.scrollHeight };
  })()`);
}

export async function run(): Promise<BenchResult[]> {
  const seeded = await startSeededGallery(IMAGES, { publicEvery: 37 });
  const { bench, token } = seeded;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const label = bench.label;
    // The two calls behind the first paint, timed from outside (after one warm-up), median of 5.
    const tz = 'Europe/Paris';
    const headers = { authorization: `Bearer ${token}` };
    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      return { ms: performance.now() - t0, body };
    };
    const daysUrl = `${bench.baseUrl}/api/gallery/days?mode=organize&tz=${tz}`;
    const first = (await timed(daysUrl)).body as { days: Array<{ date: string }> };
    const month = first.days[0].date.slice(0, 7);
    const pageUrl = `${bench.baseUrl}/api/gallery/images?mode=organize&tz=${tz}&from=${month}-01&to=${month}-28&page=1&limit=100`;
    await timed(pageUrl);
    const dayTimes: number[] = [];
    const pageTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      dayTimes.push((await timed(daysUrl)).ms);
      pageTimes.push((await timed(pageUrl)).ms);
    }

    const paintedAt = async (page: Page, url: string) => {
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { __galleryFirstPaint?: number }).__galleryFirstPaint, null, { timeout: 60_000 });
      return page.evaluate(() => (window as unknown as { __galleryFirstPaint: number }).__galleryFirstPaint);
    };
    // The first screen's tiles, for the baseline page (after a warm-up visit).
    const probe = await signedInPage(browser, bench.baseUrl, token);
    await paintedAt(probe, `${bench.baseUrl}/gallery`);
    const tiles = await firstScreenTiles(probe);
    await probe.context().close();
    const baseline = await startBaselinePage(tiles);

    // Alternating, so both see the same load: gallery, baseline, gallery, baseline, …
    const firstPaints: number[] = [];
    const baselinePaints: number[] = [];
    let domMax = 0;
    try {
      for (let i = 0; i < RUNS; i++) {
        const page = await signedInPage(browser, bench.baseUrl, token);
        firstPaints.push(await paintedAt(page, `${bench.baseUrl}/gallery`));
        if (i === 0) domMax = (await maxImagesWhileScrolling(page)).max;
        await page.context().close();
        const plain = await signedInPage(browser, bench.baseUrl, token);
        baselinePaints.push(await paintedAt(plain, baseline.url));
        await plain.context().close();
      }
    } finally {
      await baseline.close();
    }
    const galleryMs = median(firstPaints);
    const baselineMs = median(baselinePaints);

    if (process.env.GALLERY_SCREENSHOTS) await screenshots(browser, bench.baseUrl, token, process.env.GALLERY_SCREENSHOTS);

    return [
      { name: `gallery first paint, ${IMAGES} images (${label}), median of ${RUNS}`, value: round1(galleryMs), unit: 'ms', target: '< 1000 ms' },
      { name: `  baseline: the same ${tiles.length} thumbnails on a static page (${label}), median of ${RUNS}`, value: round1(baselineMs), unit: 'ms' },
      { name: `  gallery / baseline first paint (${label})`, value: round1(galleryMs / baselineMs), unit: '×' },
      { name: `gallery most <img> in the DOM scrolling ${IMAGES} images (${label})`, value: domMax, unit: 'elements', target: '< 300' },
      { name: `gallery day buckets call, ${IMAGES} images (${label}), median of 5`, value: round1(median(dayTimes)), unit: 'ms', target: '< 200 ms' },
      { name: `gallery page of 100 images (${label}), median of 5`, value: round1(median(pageTimes)), unit: 'ms', target: '< 200 ms' },
    ];
  } finally {
    await browser.close();
    await bench.close();
  }
}

async function screenshots(browser: Browser, baseUrl: string, token: string, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const page = await signedInPage(browser, baseUrl, token);
  await page.goto(`${baseUrl}/gallery`);
  await page.waitForFunction(() => (window as unknown as { __galleryFirstPaint?: number }).__galleryFirstPaint);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, 'gallery-square.png') });
  await page.getByRole('radio', { name: 'Full' }).click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: path.join(dir, 'gallery-full.png') });
  await page.locator('[data-gallery-tile]').first().hover();
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(dir, 'gallery-full-hover.png') });
  await page.getByRole('radio', { name: 'Square' }).click();
  await page.getByRole('radio', { name: 'Small' }).click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: path.join(dir, 'gallery-square-small.png') });
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Create' }).click();
  await page.waitForTimeout(900);
  await page.locator('[data-batch-id]').first().click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: path.join(dir, 'gallery-create-mode.png') });
  await page.getByRole('radio', { name: 'Large' }).click();
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Explore' }).click();
  await page.waitForSelector('[data-gallery-tile] img');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(dir, 'explore-signed-in.png') });
  await page.context().close();
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`${baseUrl}/explore`);
  await visitor.waitForSelector('[data-gallery-tile] img');
  await visitor.waitForTimeout(1200);
  await visitor.screenshot({ path: path.join(dir, 'explore-visitor.png') });
  await visitor.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => {
      printResults(results);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
