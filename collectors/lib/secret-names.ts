// What counts as a secret by its name and its value, for every redaction (redact.ts, redact-inline.ts,
// redact-text.ts): a setting, key, variable or option named like a password, not a policy, whose value is not a
// flag, an empty value or a value redacted already. Pure.

export const MASK = '***';
/** A value redacted already (with what followed it in a list): left as it is written. */
export const REDACTED = /^\*\*\*[,;)'"]*$/;

/** Names that suggest the value is a secret: passwords, passphrases, tokens, keys, credentials. */
export const SECRET_NAME = /pass|pwd|secret|token|credential|private_?key|api_?key|auth_?key|(^|_)auth$/i;
/** Settings named like secrets that hold a policy, not a secret (PostgreSQL, MySQL, MariaDB). */
const POLICY_NAME =
  /^(password_encryption|default_password_lifetime|password_history|password_reuse_interval|password_require_current|old_passwords|strict_password_validation|disconnect_on_expired_password|max_password_errors|default_authentication_plugin|authentication_policy|validate_password[._-]\w+|simple_password_check\w*|cracklib_password_check\w*)$/i;
/** Values that are never secrets however the setting is named: empty, on/off, numbers (`password_lifetime 0`). */
const NOT_SECRET_VALUE = /^(|on|off|true|false|yes|no|null|-?\d+(\.\d+)?)$/i;
/** Names that hold nothing but a password: a number there is the password (`PGPASSWORD=12345678`). */
const PASSWORD_ITSELF = /(password|passwd|pwd|passphrase)$/i;

/** Whether a setting or key so named holds a secret (`pg_pass`, `MYSQL_PWD`), not a policy (`password_encryption`). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !POLICY_NAME.test(name);
}

/** Whether the value of a setting named `name` is a secret: named like one, not a policy, not a flag or number. */
export function isSecretValue(name: string, value: string): boolean {
  const bare = value
    .trim()
    .replace(/^(['"])([\s\S]*)\1$/, '$2')
    .trim();
  if (!isSecretName(name) || bare === '' || REDACTED.test(bare)) return false;
  return !NOT_SECRET_VALUE.test(bare) || (/^\d+$/.test(bare) && PASSWORD_ITSELF.test(name));
}
