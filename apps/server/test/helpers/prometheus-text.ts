/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for the /metrics tests:
 * every line must be a comment, a HELP or TYPE line, or a sample, with escapes in label values and
 * HELP texts as the format defines them; a histogram's buckets must be cumulative and end with the
 * +Inf bucket equal to its _count. Anything else throws, naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''] };

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const sampled = new Set<string>();
  const typed = new Set<string>();
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a line feed');
  lines.forEach((line, i) => {
    const where = `line ${i + 1} (${JSON.stringify(line)})`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!m) return; // a plain comment
      const [, kind, name, rest = ''] = m;
      if (!METRIC_NAME.test(name) || METRIC_NAME.exec(name)![0] !== name) throw new Error(`bad metric name at ${where}`);
      const family = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest.trim())) throw new Error(`unknown type at ${where}`);
        if (sampled.has(name)) throw new Error(`TYPE after the samples of ${name} at ${where}`);
        if (typed.has(name)) throw new Error(`second TYPE of ${name} at ${where}`);
        typed.add(name);
        family.type = rest.trim() as MetricFamily['type'];
      } else {
        family.help = unescape(rest, false, where);
      }
      families.set(name, family);
      return;
    }
    const sample = parseSample(line, where);
    const family = familyOf(families, sample.name);
    if (!family) throw new Error(`sample of an undeclared metric at ${where}`);
    sampled.add(family.name);
    family.samples.push(sample);
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function familyOf(families: Map<string, MetricFamily>, sampleName: string): MetricFamily | undefined {
  const direct = families.get(sampleName);
  if (direct && direct.type !== 'histogram') return direct;
  for (const [suffixType, suffixes] of Object.entries(SUFFIXES)) {
    for (const s of suffixes) {
      if (s && sampleName.endsWith(s)) {
        const f = families.get(sampleName.slice(0, -s.length));
        if (f?.type === suffixType) return f;
      }
    }
  }
  return direct;
}

function parseSample(line: string, where: string): Sample {
  const nameMatch = METRIC_NAME.exec(line);
  if (!nameMatch) throw new Error(`no metric name at ${where}`);
  const name = nameMatch[0];
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    for (;;) {
      rest = rest.replace(/^\s*/, '');
      if (rest.startsWith('}')) break;
      const ln = LABEL_NAME.exec(rest);
      if (!ln) throw new Error(`bad label name at ${where}`);
      rest = rest.slice(ln[0].length);
      if (!rest.startsWith('="')) throw new Error(`label ${ln[0]} without ="value" at ${where}`);
      rest = rest.slice(2);
      let raw = '';
      for (;;) {
        if (rest === '') throw new Error(`unterminated label value at ${where}`);
        const c = rest[0];
        if (c === '"') break;
        if (c === '\\') {
          raw += rest.slice(0, 2);
          rest = rest.slice(2);
        } else {
          raw += c;
          rest = rest.slice(1);
        }
      }
      rest = rest.slice(1);
      if (ln[0] in labels) throw new Error(`label ${ln[0]} twice at ${where}`);
      labels[ln[0]] = unescape(raw, true, where);
      rest = rest.replace(/^\s*/, '');
      if (rest.startsWith(',')) rest = rest.slice(1);
      else if (!rest.startsWith('}')) throw new Error(`expected , or } at ${where}`);
    }
    rest = rest.slice(1);
  }
  const m = /^[ \t]+(\S+)(?:[ \t]+(-?\d+))?[ \t]*$/.exec(rest);
  if (!m) throw new Error(`bad value at ${where}`);
  return { name, labels, value: parseValue(m[1], where) };
}

function parseValue(v: string, where: string): number {
  if (v === '+Inf' || v === 'Inf') return Infinity;
  if (v === '-Inf') return -Infinity;
  if (v === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) throw new Error(`bad number ${v} at ${where}`);
  return Number(v);
}

function unescape(raw: string, quotes: boolean, where: string): string {
  return raw.replace(/\\(.?)/g, (_, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    if (c === '"' && quotes) return '"';
    throw new Error(`bad escape \\${c} at ${where}`);
  });
}

/** Per label set (less `le`): buckets ascending by `le`, counts never falling, +Inf equal to _count. */
function checkHistogram(f: MetricFamily): void {
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number; sum?: number }>();
  for (const s of f.samples) {
    const k = key(s.labels);
    const entry = series.get(k) ?? { buckets: [] };
    series.set(k, entry);
    if (s.name === `${f.name}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${f.name}_bucket without le`);
      entry.buckets.push([parseValue(s.labels.le, `le of ${f.name}`), s.value]);
    } else if (s.name === `${f.name}_count`) entry.count = s.value;
    else if (s.name === `${f.name}_sum`) entry.sum = s.value;
    else throw new Error(`${s.name} is not a sample of histogram ${f.name}`);
  }
  for (const [k, e] of series) {
    if (e.count === undefined || e.sum === undefined) throw new Error(`histogram ${f.name}${k} lacks _count or _sum`);
    for (let i = 1; i < e.buckets.length; i++) {
      if (!(e.buckets[i][0] > e.buckets[i - 1][0])) throw new Error(`histogram ${f.name}${k}: buckets out of order`);
      if (e.buckets[i][1] < e.buckets[i - 1][1]) throw new Error(`histogram ${f.name}${k}: bucket counts fall`);
    }
    const last = e.buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== e.count) throw new Error(`histogram ${f.name}${k}: the +Inf bucket must equal _count`);
  }
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
export function sampleValue(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number {
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
    }
  }
  return 0;
}
