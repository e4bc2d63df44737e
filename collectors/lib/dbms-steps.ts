// The steps around every benchmark's own steps: the spec's setup, the database, the server's version and
// settings (kept as raw files), and the spec's teardown.
import type { SpecDbms } from '../../src/schemas/index.ts';
import { createDatabase, serverSettings, serverVersion } from './dbms-client.ts';
import type { Step } from './steps.ts';

/** The steps that record the DBMS: setup, database, version and settings. Every benchmark's plan starts with these. */
export function dbmsSteps(dbms: SpecDbms): Step[] {
  return [
    ...dbms.setup.map((script, i): Step => ({ id: `setup-${i + 1}`, kind: 'shell', what: 'setup', script })),
    {
      id: 'create-database',
      kind: 'client',
      what: 'create-database',
      command: createDatabase(dbms.product, dbms.connection),
    },
    {
      id: 'server-version',
      kind: 'client',
      what: 'server-version',
      command: serverVersion(dbms.product, dbms.connection),
      file: 'dbms-version.txt',
    },
    {
      id: 'server-settings',
      kind: 'client',
      what: 'server-settings',
      command: serverSettings(dbms.product, dbms.connection),
      file: 'dbms-settings.txt',
    },
  ];
}

export function teardownSteps(dbms: SpecDbms): Step[] {
  return dbms.teardown.map((script, i) => ({ id: `teardown-${i + 1}`, kind: 'shell', what: 'teardown', script }));
}
