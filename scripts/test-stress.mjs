// `npm run test:stress -- [--part server|web|unit|e2e] [--runs N] [--load CPUS] [files…]`:
// runs one part of the test suite N times in a row while the CPUs are kept busy (stress-ng when
// installed, else busy-looping worker threads), then prints which tests failed in how many runs.
// A test that fails here only under load is a flaky test: fix its cause (wait for the event,
// control the clock), never its timeout. Every run's full output is kept in the printed folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['server', 'web', 'unit', 'e2e'];

function usage(message) {
  if (message) process.stderr.write(`${message}\n\n`);
  process.stderr.write(
    [
      'Usage: npm run test:stress -- [options] [test files or filters…]',
      `  --part P     ${PARTS.join(' | ')} (default server; unit = every vitest project)`,
      '  --runs N     runs in a row (default 3)',
      '  --load K     CPU workers kept busy during the runs (default: the number of cores; 0 = no load)',
      '',
      'The server part runs on PostgreSQL when DATABASE_URL is set, else on PGlite; e2e uses E2E_PORT.',
      'Example: npm run test:stress -- --part server --runs 5 apps/server/src/engines',
      '',
    ].join('\n'),
  );
  process.exit(message ? 2 : 0);
}

function parseArgs(argv) {
  const opts = { part: 'server', runs: 3, load: os.availableParallelism(), filters: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') usage();
    else if (a === '--part') opts.part = value();
    else if (a === '--runs') opts.runs = Number(value());
    else if (a === '--load') opts.load = Number(value());
    else if (a.startsWith('--')) usage(`Unknown option ${a}`);
    else opts.filters.push(a);
  }
  if (!PARTS.includes(opts.part)) usage(`--part must be one of ${PARTS.join(', ')}`);
  if (!Number.isInteger(opts.runs) || opts.runs < 1) usage('--runs must be a whole number of at least 1');
  if (!Number.isInteger(opts.load) || opts.load < 0) usage('--load must be a whole number (0 for none)');
  return opts;
}

/** Keeps `cpus` CPUs busy until stopped: stress-ng if installed, else worker threads spinning. */
function startLoad(cpus) {
  if (cpus === 0) return { description: 'none', stop: async () => {} };
  const hasStressNg = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;
  if (hasStressNg) {
    const child = spawn('stress-ng', ['--cpu', String(cpus), '--timeout', '24h', '--quiet'], { stdio: 'ignore' });
    return {
      description: `stress-ng --cpu ${cpus}`,
      stop: () =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
  const spin = 'for (;;) { Math.sqrt(Math.random()); }';
  const workers = Array.from({ length: cpus }, () => new Worker(spin, { eval: true }));
  return { description: `${cpus} busy-loop worker thread(s)`, stop: () => Promise.all(workers.map((w) => w.terminate())) };
}

/** The command for one run of a part, writing a JSON report to `report`. */
function commandFor(part, report, filters) {
  if (part === 'e2e') {
    return {
      cmd: 'npx',
      args: ['playwright', 'test', '--retries=0', '--reporter=list,json', ...filters],
      cwd: path.join(ROOT, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    };
  }
  const project = part === 'unit' ? [] : ['--project', part];
  return {
    cmd: 'npx',
    args: ['vitest', 'run', ...project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...filters],
    cwd: ROOT,
    env: {},
  };
}

/** Names of the failed tests in a vitest JSON report (a file that failed to run counts as one). */
function vitestFailures(report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(ROOT, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failed.push(`${rel} > ${t.fullName ?? t.title}`);
    if (file.status === 'failed' && tests.length === 0) {
      failed.push(`${rel} (the file failed: ${file.message ? firstLine(file.message) : 'a hook failed, see the log'})`);
    }
  }
  return failed;
}

/** Names of the failed tests in a Playwright JSON report. */
function playwrightFailures(report) {
  const failed = [];
  const walk = (suite, trail) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') failed.push(`e2e/tests/${spec.file} > ${[...here, spec.title].join(' > ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const err of report.errors ?? []) failed.push(`e2e (run error: ${firstLine(err.message)})`);
  return failed;
}

/** The run in progress (its own process group), stopped with the load on Ctrl-C. */
let current;

const firstLine = (text) => String(text ?? 'no message').split('\n').find((l) => l.trim()) ?? 'no message';

function runOnce(part, filters, logFile, reportFile) {
  const { cmd, args, cwd, env } = commandFor(part, reportFile, filters);
  fs.rmSync(reportFile, { force: true });
  const log = fs.openSync(logFile, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0' }, stdio: ['ignore', log, log], detached: true });
    current = child;
    child.on('exit', (code, sig) => {
      current = undefined;
      fs.closeSync(log);
      const seconds = Math.round((Date.now() - started) / 1000);
      let failed;
      try {
        const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
        failed = part === 'e2e' ? playwrightFailures(report) : vitestFailures(report);
      } catch {
        failed = [];
      }
      // A run that failed without naming a test (a crash, a failed start) still counts as failed.
      if ((code !== 0 || sig) && failed.length === 0) failed.push(`(${part} run exited with ${sig ?? `code ${code}`} before reporting a failed test)`);
      resolve({ failed, seconds });
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-stress-${opts.part}-`));
  const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
  const say = (line) => process.stdout.write(`${line}\n`);

  if (opts.part === 'e2e') {
    say('Building the web app once for the end-to-end runs…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const load = startLoad(opts.load);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (current?.pid) {
      try {
        process.kill(-current.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await load.stop();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  process.on('SIGTERM', () => void stop().then(() => process.exit(143)));

  say(`Stress: ${opts.runs} run(s) of the ${opts.part} tests${opts.filters.length ? ` (${opts.filters.join(' ')})` : ''}, load ${load.description}, os load average ${os.loadavg()[0].toFixed(1)}${opts.part === 'server' || opts.part === 'unit' ? `, server suite on ${db}` : ''}`);
  say(`Full output of each run: ${dir}`);
  const runs = [];
  for (let i = 1; i <= opts.runs; i++) {
    const result = await runOnce(opts.part, opts.filters, path.join(dir, `run-${i}.log`), path.join(dir, `run-${i}.json`));
    runs.push(result);
    say(`run ${i}/${opts.runs}: ${result.failed.length === 0 ? 'passed' : `${result.failed.length} failed`} in ${result.seconds}s (load average ${os.loadavg()[0].toFixed(1)})`);
    for (const name of result.failed) say(`    ✗ ${name}`);
  }
  await stop();

  const byTest = new Map();
  for (const r of runs) for (const name of new Set(r.failed)) byTest.set(name, (byTest.get(name) ?? 0) + 1);
  let streak = 0;
  let best = 0;
  for (const r of runs) {
    streak = r.failed.length === 0 ? streak + 1 : 0;
    best = Math.max(best, streak);
  }
  const passed = runs.filter((r) => r.failed.length === 0).length;
  say('');
  say(`Summary: ${passed}/${runs.length} runs passed (longest streak of passing runs: ${best}), load ${load.description}, part ${opts.part}`);
  if (byTest.size === 0) say('No test failed.');
  else {
    say('Failures by test (runs failed / runs):');
    for (const [name, count] of [...byTest].sort((a, b) => b[1] - a[1])) say(`  ${count}/${runs.length}  ${name}`);
  }
  process.exit(byTest.size === 0 ? 0 : 1);
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
