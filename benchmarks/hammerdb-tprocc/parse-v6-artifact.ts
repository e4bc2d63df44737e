// HammerDB v6 result artifact (`hammerdb-job-report-v1`, written by `jobs summaryjson`) -> one job. Pure.
// Unlike the older jobs JSON, numbers are numbers here (except `system.cpucount`); timestamps have no zone.
import { emptyJob, type HammerdbJob, type TimingByProc } from './job.ts';
import { timingFromRow } from './parse-jobs-json.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const int = (v: unknown) =>
  v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);

/** Is this parsed JSON a v6 result artifact? */
export function isV6Artifact(value: unknown): boolean {
  return obj(value).schema === 'hammerdb-job-report-v1';
}

/** Throws, naming the file, when the artifact is not a TPROC-C result. */
export function parseV6Artifact(value: unknown, source: string): HammerdbJob {
  const doc = obj(value);
  const job = obj(doc.job);
  if (!/TPROC-?C/i.test(String(job.benchmark ?? ''))) {
    throw new InputError(
      `${source}: a HammerDB ${String(job.benchmark ?? 'unknown')} artifact; benchsite harvests TPROC-C only`,
    );
  }
  const cfg = obj(doc.benchmark_config);
  const result = obj(doc.result);
  const out = emptyJob('run', source);
  out.jobid = str(job.jobid);
  out.database = str(job.database);
  out.dbVersion = str(job.release);
  out.hammerdbVersion = str(job.hdb_version)?.replace(/^v/, '');
  out.startedAt = str(job.timestamp);
  out.warehouses = int(cfg.warehouses);
  out.requestedVirtualUsers = int(cfg.virtual_users);
  out.rampupMinutes = int(cfg.rampup_minutes);
  out.durationMinutes = int(cfg.duration_minutes);
  const nopm = int(result.nopm);
  const tpm = int(result.tpm);
  if (nopm !== undefined && tpm !== undefined) {
    const db = str(result.database_display) ?? out.database ?? '';
    out.result = {
      nopm,
      tpm,
      dbLabel: db,
      activeVirtualUsers: int(result.active_virtual_users),
      line: `result.nopm ${nopm}, result.tpm ${tpm}`,
    };
    out.complete = true;
  } else {
    out.errors.push(`${source}: the artifact has no result.nopm / result.tpm`);
  }
  const series = arr(obj(doc.transaction_count).series)[0];
  if (series) out.tpm = arr(series.points).map((p) => ({ at: str(p.timestamp), tpm: Number(p.value) }));
  const window = obj(obj(doc.analysis_hints).active_window);
  if (window.available === true && str(window.start) && str(window.end))
    out.activeWindow = { start: String(window.start), end: String(window.end) };
  const rows = arr(obj(doc.response_times).rows);
  if (rows.length) {
    const t: TimingByProc = {};
    for (const r of rows) t[String(r.name)] = timingFromRow(r);
    out.timing = t;
  }
  const metrics = obj(doc.metrics);
  const cpu = arr(metrics.cpu_percent);
  if (cpu.length)
    out.cpu = cpu.map((c) => ({
      at: str(c.timestamp),
      usr: Number(c.usr_pct),
      sys: Number(c.sys_pct),
      idle: int(c.idle_pct),
    }));
  const sys = obj(doc.system);
  if (sys.available === true) {
    out.system = {
      hostname: str(sys.hostname),
      cpuModel: str(sys.cpumodel),
      cpus: int(sys.cpucount),
      os: str(sys.os_name),
      memory: str(sys.memory),
      storage: str(sys.storage),
    };
  }
  return out;
}
