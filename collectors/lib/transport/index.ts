// Open the right transport for a spec host.
import type { SpecHost } from '../../../src/schemas/index.ts';
import { LocalTransport } from './local.ts';
import { SshTransport } from './ssh.ts';
import type { Transport } from './types.ts';

export async function openTransport(host: SpecHost): Promise<Transport> {
  return host.ssh ? SshTransport.connect(host.ssh) : new LocalTransport();
}

export type { Transport, ExecResult, Running } from './types.ts';
export { TransportError } from './types.ts';
