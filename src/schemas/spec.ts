import { z } from 'zod';
import { Text } from './common.ts';
import { HostSchema } from './host.ts';
import { BENCHMARKS, type Registered } from '../../benchmarks/index.ts';
import { unknownKind } from './workload.ts';

/** How to reach a benchmark host over SSH. Omit it to run on this machine. */
export const SshSchema = z.strictObject({
  /** Address of the host. */
  host: Text,
  /** sshd port. */
  port: z.number().int().min(1).max(65535).default(22),
  /** Login user. */
  user: Text,
  /** Path of the private key (`~` is your home). Never copied into content/. */
  privateKey: Text,
  /** Passphrase of the key, when it has one. Prefer an environment variable: `passphraseEnv`. */
  passphrase: z.string().optional(),
  /** Name of an environment variable holding the key's passphrase. */
  passphraseEnv: Text.optional(),
  /** known_hosts file the host key must be in; there is no trust on first use. */
  knownHosts: Text.default('~/.ssh/known_hosts'),
  /** Seconds to wait for the connection and handshake. */
  connectTimeoutSeconds: z.number().positive().default(20),
  /** Seconds between keepalive probes; the connection counts as dropped after 3 unanswered. */
  keepaliveSeconds: z.number().positive().default(10),
});

/** A machine to run on. */
export const SpecHostSchema = z.strictObject({
  /** Host name used in run ids (`content/runs/<benchmark>/<name>/...`). */
  name: HostSchema.shape.name,
  ssh: SshSchema.optional(),
  /** Facts about the host that inventory cannot find (description, storage model ...). */
  facts: HostSchema.omit({ name: true }).partial().optional(),
  /** iostat device of the database, for per-query IO (default: the only busy device). */
  device: Text.optional(),
});

/** How sysbench (and the inventory) connect to a database. */
export const ConnectionSchema = z.strictObject({
  host: Text.default('127.0.0.1'),
  port: z.number().int().min(1).max(65535).optional(),
  user: Text,
  /** Password; prefer `passwordEnv`. Never copied into content/ (commands are stored with it redacted). */
  password: z.string().default(''),
  /** Name of an environment variable holding the password. */
  passwordEnv: Text.optional(),
  /** Database for the sysbench tables; created when missing. */
  database: Text,
  /** Unix socket, instead of host and port. */
  socket: Text.optional(),
});

/** One DBMS build + config to measure. Each entry becomes one run. */
export const SpecDbmsSchema = z.strictObject({
  /** Run label, e.g. `pg15.sync`: the `<label>` of the run id. */
  label: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._=+-]*$/, 'expected letters, digits and . _ = + -'),
  product: z.enum(['postgres', 'mysql', 'mariadb']),
  /** Config name, e.g. `sync_on`, `z12a_c8r32`. */
  config: Text,
  /** One line describing the config, shown in reports. */
  configDescription: Text.optional(),
  /** Build name or flags, when you compiled it, e.g. `my8043_rel_o2nofp`. */
  build: Text.optional(),
  /** Shell commands run on the host before this entry's tests (e.g. change a setting, restart). */
  setup: z.array(Text).default([]),
  /** Shell commands run after this entry's tests. */
  teardown: z.array(Text).default([]),
  connection: ConnectionSchema,
});

type Specs = Registered['spec'];

/** The benchmark part of a spec, one shape per benchmark (its folder's schemas.ts), chosen by `kind`. */
export const SpecBenchmarkSchema = z.discriminatedUnion('kind', BENCHMARKS.map((b) => b.spec) as [Specs, ...Specs[]], {
  error: unknownKind,
});

/**
 * A run spec (YAML): what to run, where, against which DBMS entries. `benchsite run <spec>` plans, executes
 * and harvests it. Give `host` or `hosts` (hosts run in parallel).
 */
export const RunSpecSchema = z
  .strictObject({
    /** Name of the spec, used for the work directory of raw files. */
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected letters, digits, dot, dash or underscore'),
    host: SpecHostSchema.optional(),
    hosts: z.array(SpecHostSchema).min(1).optional(),
    dbms: z.array(SpecDbmsSchema).min(1),
    benchmark: SpecBenchmarkSchema,
    /** Where finished runs are written. */
    out: Text.default('content/runs'),
    /** Who runs it, recorded in provenance. */
    ranBy: Text.optional(),
    /** Notes recorded with every run. */
    notes: z.string().optional(),
  })
  .superRefine((s, ctx) => {
    if (!s.host && !s.hosts)
      ctx.addIssue({
        code: 'custom',
        path: ['host'],
        message: 'no host given',
        params: { hint: 'Add `host:` (or `hosts:` for several)' },
      });
    if (s.host && s.hosts)
      ctx.addIssue({
        code: 'custom',
        path: ['hosts'],
        message: 'both `host` and `hosts` given',
        params: { hint: 'Use one of them' },
      });
    const labels = new Set<string>();
    s.dbms.forEach((d, i) => {
      if (labels.has(d.label))
        ctx.addIssue({
          code: 'custom',
          path: ['dbms', i, 'label'],
          message: `label "${d.label}" is used twice`,
          params: { hint: 'Give each DBMS entry its own label' },
        });
      labels.add(d.label);
    });
  });

export type RunSpec = z.infer<typeof RunSpecSchema>;
export type SpecHost = z.infer<typeof SpecHostSchema>;
export type SpecDbms = z.infer<typeof SpecDbmsSchema>;
export type Connection = z.infer<typeof ConnectionSchema>;
export type Ssh = z.infer<typeof SshSchema>;
