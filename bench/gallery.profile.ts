/**
 * Where the gallery's first paint goes (gallery.bench.ts measures it): the same seeded server and
 * probe, Chromium opening /gallery PROFILE_RUNS times (default 3), each run printing what loaded
 * when, from navigation start: the scripts requested before the first paint (how many, when the
 * last ended), the API calls, the thumbnails, the main thread's long tasks, and the main thread's
 * CPU time up to the first paint by script file and by function (V8's sampling profiler).
 *
 *   npm run build -w apps/web && npx tsx bench/gallery.profile.ts
 *
 * Function names come from the built (minified) files; build with `--sourcemap` or
 * `--minify false` (npx vite build in apps/web) for readable ones.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startSeededGallery, signedInPage } from './gallery.bench.js';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);

/** The profile's report is its standard output. */
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${Math.round(n)} ms`;

const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

interface PageTimings {
  firstPaint: number;
  domContentLoaded: number;
  resources: Array<{ name: string; type: string; start: number; end: number }>;
  longTasks: Array<{ start: number; duration: number }>;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per key over the profile (idle left out). */
function selfTimes(profile: CpuProfile, key: (frame: CpuProfile['nodes'][number]['callFrame']) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const frame = byId.get(profile.samples[i])!;
    if (frame.functionName === '(idle)') continue;
    const k = key(frame);
    totals.set(k, (totals.get(k) ?? 0) + profile.timeDeltas[i] / 1000);
  }
  return totals;
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const fileOf = (url: string) => (url ? path.basename(new URL(url, 'http://x').pathname) || url : '(native)');

const seeded = await startSeededGallery();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (let run = 0; run <= RUNS; run++) {
    const page = await signedInPage(browser, seeded.bench.baseUrl, seeded.token);
    await page.addInitScript(LONG_TASKS);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${seeded.bench.baseUrl}/gallery`);
    await page.waitForFunction(() => (window as unknown as { __galleryFirstPaint?: number }).__galleryFirstPaint, null, { timeout: 60_000 });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const timings: PageTimings = await page.evaluate(`(() => ({
      firstPaint: window.__galleryFirstPaint,
      domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, type: e.initiatorType, start: e.startTime, end: e.responseEnd })),
      longTasks: window.__longTasks,
    }))()`);
    await page.context().close();
    if (run === 0) continue; // warm-up (the server's first reads, Chromium's first start)

    const { firstPaint, resources, longTasks } = timings;
    const before = resources.filter((r) => r.start < firstPaint);
    const scripts = before.filter((r) => r.type === 'script' || r.type === 'link' || /\.js(\?|$)/.test(r.name));
    const calls = before.filter((r) => r.name.includes('/api/'));
    const thumbs = before.filter((r) => r.name.includes('/files/'));
    const longBefore = longTasks.filter((t) => t.start < firstPaint);
    say(`run ${run}: first paint ${ms(firstPaint)} (DOMContentLoaded ${ms(timings.domContentLoaded)})`);
    say(`  scripts before first paint: ${scripts.length}, the last ended at ${ms(Math.max(0, ...scripts.map((s) => s.end)))}`);
    if (process.env.PROFILE_SCRIPTS) for (const s of scripts) say(`    ${fileOf(s.name)}: ${ms(s.start)} → ${ms(s.end)}`);
    for (const c of calls) say(`  ${new URL(c.name).pathname}: ${ms(c.start)} → ${ms(c.end)}`);
    if (thumbs.length) {
      say(`  thumbnails: ${thumbs.length}, first asked at ${ms(Math.min(...thumbs.map((t) => t.start)))}, last ended at ${ms(Math.max(...thumbs.map((t) => t.end)))}`);
    }
    say(
      `  long tasks before first paint: ${longBefore.length}, ${ms(longBefore.reduce((s, t) => s + t.duration, 0))} in all: ` +
        longBefore.map((t) => `${ms(t.start)}+${ms(t.duration)}`).join(', '),
    );
    // The profile runs from just before navigation to just after the first paint (the probe's
    // flag is polled): what ran on the main thread for the first paint.
    const byFile = selfTimes(profile, (f) => fileOf(f.url));
    say(`  main-thread CPU by file: ${top(byFile, 8).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    const byFunction = selfTimes(profile, (f) => `${f.functionName || '(anonymous)'} ${fileOf(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`);
    say(`  top functions: ${top(byFunction, 12).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
  }
} finally {
  await browser.close();
  await seeded.bench.close();
}
