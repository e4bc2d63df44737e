// The hammerdbcli Tcl scripts of a spec: one schema build and one timed run per virtual-user count, modelled on
// HammerDB's own samples (scripts/tcl/<db>/tprocc/*_buildschema.tcl, *_run.tcl) and Mark Callaghan's mytools
// harness (keepalive_margin, allwarehouse, `vu:`/`run for VU` lines, tcstart ... tcstop). Pure.
//
// Passwords are never written into a script (the scripts are kept with the raw files): the script reads them
// from environment variables that benchsite sets for hammerdbcli, and sets them with HammerDB's echo silenced,
// because `diset` prints `Changed <key> from <old> to <new>`, both values in clear.
import type { SpecDbms } from '../../src/schemas/index.ts';
import type { HammerdbSpec } from './schemas.ts';

/** Environment variables the scripts read passwords from. */
export const PASSWORD_ENV = 'BENCHSITE_HAMMERDB_PASSWORD';
export const USER_PASSWORD_ENV = 'BENCHSITE_HAMMERDB_USER_PASSWORD';

/** HammerDB's workload for a product: `dbset db <prefix>`; the dictionary keys start with the prefix. */
export interface Workload {
  prefix: 'pg' | 'mysql';
  /** HammerDB's name for it, as in `Database set to ...` and the `<n> <name> tpm` lines. */
  name: 'PostgreSQL' | 'MySQL';
}

export function workloadOf(product: SpecDbms['product']): Workload {
  // MariaDB runs HammerDB's MySQL workload: the MySQL client library speaks to it, and HammerDB's own MariaDB
  // workload needs the mariatcl driver that distributions do not ship. The output then says `MySQL`.
  return product === 'postgres' ? { prefix: 'pg', name: 'PostgreSQL' } : { prefix: 'mysql', name: 'MySQL' };
}

/** The harness's defaults for the optional fields. */
export function effectiveSettings(s: HammerdbSpec, product: SpecDbms['product']) {
  return {
    buildVirtualUsers: s.buildVirtualUsers ?? Math.min(8, s.warehouses),
    partition: s.partition ?? s.warehouses >= 200,
    timeProfile: s.timeProfile ?? product !== 'postgres',
  };
}

/** One Tcl word that evaluates to `s` exactly. */
export function tclWord(s: string): string {
  if (/^[A-Za-z0-9_.:/@%+=,-]+$/.test(s)) return s;
  if (!/[{}\\]/.test(s) && s !== '') return `{${s}}`;
  return `"${s.replace(/[\\$[\]"{}]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;
}

const SECRET_PROC = `# Set a dictionary value from an environment variable without HammerDB printing it.
proc benchsite_secret {dct key var} {
  if {![info exists ::env($var)]} {
    puts "Error: benchsite: environment variable $var is not set, $dct:$key left unchanged"
    return
  }
  set hidden {}
  foreach p {puts putscli} {
    if {[llength [info commands ::$p]]} {
      rename ::$p ::benchsite_hidden_$p
      proc ::$p args {}
      lappend hidden $p
    }
  }
  set failed [catch {diset $dct $key $::env($var)} message]
  foreach p $hidden {
    rename ::$p {}
    rename ::benchsite_hidden_$p ::$p
  }
  if {$failed} {
    puts "Error: benchsite: setting $dct:$key failed: $message"
  } else {
    puts "Set $dct:$key from environment variable $var"
  }
}`;

type Line = string | false | undefined;
const diset = (dct: string, key: string, value: string | number | boolean) =>
  `diset ${dct} ${key} ${tclWord(String(value))}`;

/** `dbset`, generic settings, connection and schema settings: the head of both scripts. */
function configuration(spec: HammerdbSpec, dbms: SpecDbms, w: Workload): Line[] {
  const c = dbms.connection;
  const p = w.prefix;
  const set = effectiveSettings(spec, dbms.product);
  const connection: Line[] =
    p === 'pg'
      ? [
          diset('connection', 'pg_host', c.socket ?? c.host),
          diset('connection', 'pg_port', c.port ?? 5432),
          diset('tpcc', 'pg_superuser', c.user),
          `benchsite_secret tpcc pg_superuserpass ${PASSWORD_ENV}`,
          diset('tpcc', 'pg_defaultdbase', spec.pgDefaultDatabase),
          diset('tpcc', 'pg_user', spec.pgUser),
          `benchsite_secret tpcc pg_pass ${USER_PASSWORD_ENV}`,
          diset('tpcc', 'pg_dbase', c.database),
        ]
      : [
          diset('connection', 'mysql_host', c.host),
          diset('connection', 'mysql_port', c.port ?? 3306),
          // HammerDB connects through mysql_socket whenever the host is 127.0.0.1 or localhost; "null" means TCP.
          diset('connection', 'mysql_socket', c.socket ?? 'null'),
          diset('tpcc', 'mysql_user', c.user),
          `benchsite_secret tpcc mysql_pass ${PASSWORD_ENV}`,
          diset('tpcc', 'mysql_dbase', c.database),
          diset('tpcc', 'mysql_storage_engine', spec.storageEngine),
        ];
  return [
    `puts "SETTING CONFIGURATION"`,
    `dbset db ${p}`,
    `dbset bm TPC-C`,
    `giset commandline keepalive_margin ${spec.keepaliveMarginMinutes}`,
    set.timeProfile && `giset timeprofile xt_gather_timeout ${spec.keepaliveMarginMinutes}`,
    spec.profileId !== undefined && `jobs profileid ${spec.profileId}`,
    ...connection,
    diset('tpcc', `${p}_count_ware`, spec.warehouses),
    diset('tpcc', `${p}_num_vu`, set.buildVirtualUsers),
    p === 'pg'
      ? diset('tpcc', 'pg_storedprocs', spec.storedProcedures)
      : diset('tpcc', 'mysql_no_stored_procs', !spec.storedProcedures),
    diset('tpcc', `${p}_partition`, set.partition),
  ];
}

const vuLogging = ['vuset logtotemp 1', 'vuset unique 1', 'vuset timestamps 1'];

function script(title: string, lines: Line[]): string {
  return `# ${title}\n# Generated by benchsite; passwords come from the environment (${PASSWORD_ENV}, ${USER_PASSWORD_ENV}).\n${SECRET_PROC}\n\n${lines.filter((l): l is string => typeof l === 'string').join('\n')}\n`;
}

/** The schema build: `buildschema` with `<db>_num_vu` virtual users (plus HammerDB's monitor VU). */
export function buildScript(spec: HammerdbSpec, dbms: SpecDbms): string {
  const w = workloadOf(dbms.product);
  const set = effectiveSettings(spec, dbms.product);
  return script(
    `HammerDB TPROC-C schema build of ${spec.warehouses} warehouses for ${dbms.label} (${w.name} workload)`,
    [
      ...configuration(spec, dbms, w),
      ...vuLogging,
      `puts "vu: ${set.buildVirtualUsers}"`,
      `puts "warehouse: ${spec.warehouses}"`,
      `puts "SCHEMA BUILD STARTED"`,
      'buildschema',
      `puts "SCHEMA BUILD COMPLETED"`,
    ],
  );
}

/** One timed run with `virtualUsers` active virtual users, the transaction counter on. */
export function runScript(spec: HammerdbSpec, dbms: SpecDbms, virtualUsers: number): string {
  const w = workloadOf(dbms.product);
  const p = w.prefix;
  const set = effectiveSettings(spec, dbms.product);
  return script(
    `HammerDB TPROC-C timed run, ${virtualUsers} virtual user${virtualUsers === 1 ? '' : 's'}, ${spec.warehouses} warehouses, for ${dbms.label} (${w.name} workload)`,
    [
      ...configuration(spec, dbms, w),
      diset('tpcc', `${p}_driver`, 'timed'),
      diset('tpcc', `${p}_total_iterations`, 10000000),
      diset('tpcc', `${p}_rampup`, spec.rampupMinutes),
      diset('tpcc', `${p}_duration`, spec.durationMinutes),
      diset('tpcc', `${p}_allwarehouse`, spec.allWarehouses),
      diset('tpcc', `${p}_timeprofile`, set.timeProfile),
      p === 'pg' && diset('tpcc', 'pg_vacuum', spec.vacuum),
      'loadscript',
      `puts "vu: ${virtualUsers}"`,
      `puts "warehouse: ${spec.warehouses}"`,
      `puts "rampup: ${spec.rampupMinutes}"`,
      `puts "duration: ${spec.durationMinutes}"`,
      `puts "TEST STARTED"`,
      `puts "run for VU ${virtualUsers}"`,
      `vuset vu ${virtualUsers}`,
      ...vuLogging,
      'tcset logtotemp 1',
      'tcset unique 1',
      'tcset timestamps 1',
      `tcset refreshrate ${spec.counterRefreshSeconds}`,
      'vucreate',
      'tcstart',
      'tcstatus',
      'set jobid [vurun]',
      'tcstop',
      'vudestroy',
      `puts "Benchmark Run jobid=$jobid"`,
      `puts "TEST COMPLETE"`,
    ],
  );
}
