// known_hosts checking for the SSH transport: the host key must be listed, as OpenSSH's
// StrictHostKeyChecking=yes does. No trust on first use; the error says how to add or fix the entry.
import { createHash, createHmac } from 'node:crypto';

export interface KnownHostsVerdict {
  ok: boolean;
  /** Why not, with the command that fixes it. */
  message?: string;
}

/** OpenSSH's fingerprint of a key blob: `SHA256:<base64 without padding>`. */
export function fingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** The name a host is listed under: `host` on port 22, `[host]:port` otherwise. */
export function hostEntryName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function globToRegExp(pattern: string): RegExp {
  // Only * and ? are wildcards; everything else (including the brackets of `[host]:port`) is literal.
  return new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
}

function patternMatches(pattern: string, name: string): boolean {
  if (pattern.startsWith('|1|')) {
    const [, , salt, hash] = pattern.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  return globToRegExp(pattern).test(name);
}

/** Key type name inside an SSH key blob (`ssh-ed25519`, `ecdsa-sha2-nistp256`, ...). */
function keyType(blob: Buffer): string {
  const len = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + len).toString();
}

/** `ssh-ed25519` -> `ed25519`, `ecdsa-sha2-nistp256` -> `ecdsa`: the part of /etc/ssh/ssh_host_<kind>_key.pub. */
function hostKeyFileKind(type: string): string {
  return type.startsWith('ecdsa') ? 'ecdsa' : type.replace(/^ssh-/, '');
}

/** Check a presented host key against the text of a known_hosts file. */
export function checkKnownHosts(
  text: string,
  file: string,
  host: string,
  port: number,
  key: Buffer,
): KnownHostsVerdict {
  const name = hostEntryName(host, port);
  const type = keyType(key);
  let sameTypeOther = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    let parts = line.split(/\s+/);
    let marker: string | undefined;
    if (parts[0]!.startsWith('@')) {
      marker = parts[0];
      parts = parts.slice(1);
    }
    const [patterns, ktype, b64] = parts;
    if (!patterns || !ktype || !b64 || marker === '@cert-authority') continue;
    const names = patterns.split(',');
    const negated = names.some((p) => p.startsWith('!') && patternMatches(p.slice(1), name));
    if (negated || !names.some((p) => !p.startsWith('!') && patternMatches(p, name))) continue;
    const listed = Buffer.from(b64, 'base64');
    if (listed.equals(key)) {
      if (marker === '@revoked')
        return { ok: false, message: `the host key of ${name} (${fingerprint(key)}) is marked @revoked in ${file}` };
      return { ok: true };
    }
    if (ktype === type) sameTypeOther = true;
  }
  const scan = `ssh-keyscan ${port === 22 ? '' : `-p ${port} `}${host} >> ${file}`;
  if (sameTypeOther) {
    return {
      ok: false,
      message:
        `the host key of ${name} (${type} ${fingerprint(key)}) does not match the one in ${file}. ` +
        `If the host was reinstalled and you trust the new key, remove the old entry with \`ssh-keygen -R '${name}' -f ${file}\` ` +
        `and add the new one with \`${scan}\` (check the fingerprint first); otherwise someone may be in between: do not connect`,
    };
  }
  return {
    ok: false,
    message:
      `${name} is not in ${file} (its ${type} key is ${fingerprint(key)}). benchsite does not trust unknown hosts on first use: ` +
      `check that fingerprint on the host (\`ssh-keygen -lf /etc/ssh/ssh_host_${hostKeyFileKind(type)}_key.pub\`) and add it with \`${scan}\`, or connect once with ssh`,
  };
}
