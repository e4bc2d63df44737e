import { describe, expect, it } from 'vitest';
import {
  buildScript,
  effectiveSettings,
  runScript,
  tclWord,
  workloadOf,
} from '../../../../benchmarks/hammerdb-tprocc/tcl.ts';
import { parseSpec } from '../../../../collectors/lib/read-spec.ts';
import type { HammerdbSpec } from '../../../../benchmarks/hammerdb-tprocc/schemas.ts';

const spec = parseSpec(
  'spec.yaml',
  `name: t
host: { name: lab1 }
dbms:
  - label: pg15
    product: postgres
    config: default
    connection: { user: postgres, password: pg-secret-1, database: tpcc, port: 5433 }
  - label: ma1011
    product: mariadb
    config: default
    connection: { user: root, password: my-secret-2, database: "tp cc", socket: /run/mysqld/mysqld.sock }
benchmark:
  kind: hammerdb-tprocc
  warehouses: 250
  virtualUsers: [1, 6]
  rampupMinutes: 3
  durationMinutes: 10
`,
);
const hdb = spec.benchmark as HammerdbSpec;
const [pg, ma] = spec.dbms as [(typeof spec.dbms)[0], (typeof spec.dbms)[0]];

describe('HammerDB Tcl scripts', () => {
  it('uses the harness defaults: 8 build VUs, partitioning from 200 warehouses, time profile off for PostgreSQL only', () => {
    expect(effectiveSettings(hdb, 'postgres')).toEqual({ buildVirtualUsers: 8, partition: true, timeProfile: false });
    expect(effectiveSettings(hdb, 'mariadb')).toEqual({ buildVirtualUsers: 8, partition: true, timeProfile: true });
    expect(effectiveSettings({ ...hdb, warehouses: 4, partition: undefined }, 'mysql')).toMatchObject({
      buildVirtualUsers: 4,
      partition: false,
    });
    expect(workloadOf('mariadb')).toEqual({ prefix: 'mysql', name: 'MySQL' });
  });

  it('builds the PostgreSQL schema with the connection of the DBMS entry, and no password in the script', () => {
    const tcl = buildScript(hdb, pg);
    for (const line of [
      'dbset db pg',
      'dbset bm TPC-C',
      'giset commandline keepalive_margin 1200',
      'diset connection pg_host 127.0.0.1',
      'diset connection pg_port 5433',
      'diset tpcc pg_superuser postgres',
      'benchsite_secret tpcc pg_superuserpass BENCHSITE_HAMMERDB_PASSWORD',
      'benchsite_secret tpcc pg_pass BENCHSITE_HAMMERDB_USER_PASSWORD',
      'diset tpcc pg_dbase tpcc',
      'diset tpcc pg_count_ware 250',
      'diset tpcc pg_num_vu 8',
      'diset tpcc pg_storedprocs true',
      'diset tpcc pg_partition true',
      'puts "SCHEMA BUILD STARTED"\nbuildschema\nputs "SCHEMA BUILD COMPLETED"',
    ]) {
      expect(tcl).toContain(line);
    }
    expect(tcl).not.toContain('pg-secret-1');
    expect(tcl).not.toMatch(/vurun|pg_rampup/);
  });

  it('runs MariaDB through the MySQL workload over its socket, stored procedures as mysql_no_stored_procs', () => {
    const tcl = runScript(hdb, ma, 6);
    for (const line of [
      'dbset db mysql',
      'diset connection mysql_socket /run/mysqld/mysqld.sock',
      'diset tpcc mysql_user root',
      'benchsite_secret tpcc mysql_pass BENCHSITE_HAMMERDB_PASSWORD',
      'diset tpcc mysql_dbase {tp cc}',
      'diset tpcc mysql_no_stored_procs false',
      'diset tpcc mysql_driver timed',
      'diset tpcc mysql_rampup 3',
      'diset tpcc mysql_duration 10',
      'diset tpcc mysql_allwarehouse true',
      'diset tpcc mysql_timeprofile true',
      'giset timeprofile xt_gather_timeout 1200',
      'puts "run for VU 6"\nvuset vu 6',
      'tcset refreshrate 10',
      'vucreate\ntcstart\ntcstatus\nset jobid [vurun]\ntcstop\nvudestroy',
    ]) {
      expect(tcl).toContain(line);
    }
    expect(tcl).not.toContain('my-secret-2');
    expect(tcl).not.toContain('pg_vacuum');
  });

  it('uses TCP for MySQL without a socket (HammerDB would use mysql_socket for 127.0.0.1), vacuum for PostgreSQL only', () => {
    const tcp = { ...ma, connection: { ...ma.connection, socket: undefined, host: '127.0.0.1', port: 3307 } };
    expect(runScript(hdb, tcp, 1)).toContain(
      'diset connection mysql_host 127.0.0.1\ndiset connection mysql_port 3307\ndiset connection mysql_socket null',
    );
    expect(runScript(hdb, pg, 1)).toContain('diset tpcc pg_vacuum true');
    expect(runScript({ ...hdb, vacuum: false, profileId: 3 }, pg, 1)).toMatch(
      /jobs profileid 3[\s\S]*diset tpcc pg_vacuum false/,
    );
  });

  it('quotes values as single Tcl words', () => {
    expect(tclWord('127.0.0.1')).toBe('127.0.0.1');
    expect(tclWord('a b')).toBe('{a b}');
    expect(tclWord('')).toBe('""');
    expect(tclWord('x{y$[z]\\')).toBe('"x\\{y\\$\\[z\\]\\\\"');
  });
});
