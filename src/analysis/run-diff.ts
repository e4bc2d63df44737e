// A new run next to the latest comparable one: the Markdown a pull-request comment shows for each run the
// pull request adds or changes (`benchsite diff`). Pure.
import type { Run } from '../schemas/index.ts';
import { primaryMetric } from './primary-metric.ts';
import { basisPoints, verdict } from './relative.ts';
import { formatBp } from './summary.ts';
import { compareVersions } from './versions.ts';

export interface RunRef {
  id: string;
  run: Run;
}

/**
 * The latest run in `candidates` that the new run should be read against: same benchmark, host, product and
 * config first (the same run earlier), else same benchmark, host and product (another config or version).
 */
export function latestComparable(run: RunRef, candidates: RunRef[]): { base?: RunRef; why: string } {
  const same = (c: RunRef) =>
    c.id !== run.id &&
    c.run.benchmark === run.run.benchmark &&
    c.run.host.name === run.run.host.name &&
    c.run.dbms.product === run.run.dbms.product;
  const latest = (list: RunRef[]) =>
    list.sort(
      (a, b) => b.run.date.localeCompare(a.run.date) || compareVersions(b.run.dbms.version, a.run.dbms.version),
    )[0];
  const sameConfig = latest(candidates.filter((c) => same(c) && c.run.config.name === run.run.config.name));
  if (sameConfig) return { base: sameConfig, why: 'latest run of the same product and config on this host' };
  const sameProduct = latest(candidates.filter(same));
  if (sameProduct) return { base: sameProduct, why: 'latest run of the same product on this host (another config)' };
  return { why: 'no earlier run of this benchmark, host and product' };
}

const fmt = (x: number) => (Math.abs(x) >= 100 ? Math.round(x).toString() : x.toPrecision(3));

/** Markdown for one run: what it is, then its headline numbers against the base. */
export function runDiffMarkdown(
  change: 'added' | 'changed',
  run: RunRef,
  base: RunRef | undefined,
  why: string,
  thresholds = { regression: 0.95, improvement: 1.05 },
): string {
  const r = run.run;
  const lines = [
    `### ${change === 'added' ? 'New run' : 'Changed run'} \`${run.id}\``,
    '',
    `${r.benchmark} · ${[r.dbms.product, r.dbms.version].filter(Boolean).join(' ') || r.dbms.label} · config ${r.config.name} · host ${r.host.name} · ${r.date} · ${r.tests.length} tests${r.tests.some((t) => t.status === 'failed') ? ` (${r.tests.filter((t) => t.status === 'failed').length} failed)` : ''}`,
    '',
  ];
  if (!base) return [...lines, `Compared with: nothing (${why}).`, ''].join('\n');
  lines.push(
    `Compared with \`${base.id}\` (${why}). Relative = new / base; ▲ at or above ${thresholds.improvement}, ▼ at or below ${thresholds.regression}.`,
    '',
  );
  lines.push('| test | metric | base | new | relative | change (bp) |', '| --- | --- | ---: | ---: | ---: | ---: |');
  const value = (x: Run, test: string, metric: string) =>
    x.results.find((v) => v.test === test && v.metric === metric)?.value;
  const changes: number[] = [];
  for (const t of r.tests) {
    const metric = primaryMetric(
      r.benchmark,
      t.name,
      (m) => value(r, t.name, m) !== undefined && value(base.run, t.name, m) !== undefined,
    );
    if (t.status === 'failed') {
      lines.push(`| ${t.name} | | | failed | | |`);
      continue;
    }
    if (!metric) continue;
    const a = value(base.run, t.name, metric)!;
    const b = value(r, t.name, metric)!;
    if (a === 0) continue;
    const rel = b / a;
    changes.push(basisPoints(rel));
    const v = verdict(rel, thresholds);
    lines.push(
      `| ${t.name} | ${metric} | ${fmt(a)} | ${fmt(b)} | ${rel.toFixed(2)}${v === 'improvement' ? ' ▲' : v === 'regression' ? ' ▼' : ''} | ${formatBp(basisPoints(rel))} |`,
    );
  }
  if (changes.length) {
    const sorted = [...changes].sort((x, y) => x - y);
    const mid = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    lines.push('', `Median change ${formatBp(median)} basis points over ${changes.length} tests.`);
  }
  return [...lines, ''].join('\n');
}
