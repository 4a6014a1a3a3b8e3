import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { inspect } from 'node:util';

/**
 * A secret string (an API key, an access key secret). It prints as `[secret]` in logs, JSON and
 * `util.inspect`, so a config object that reaches a log line or an error never carries it; the
 * value comes out only through `reveal()`, at the one place that signs with it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[secret]';
  }
  toJSON(): string {
    return '[secret]';
  }
  [inspect.custom](): string {
    return '[secret]';
  }
}

/** What reading the provider settings found wrong, one line per variable, like `loadConfig`'s. */
export class InputProblems {
  readonly lines: string[] = [];
  add(name: string, message: string): void {
    this.lines.push(`  ${name}: ${message}`);
  }
}

type Env = NodeJS.ProcessEnv;

/**
 * The text of `NAME`, or of the file named by `NAME_FILE` (the way container secrets and systemd
 * credentials hand over keys). Both set is refused: which one wins would be a guess.
 * Answers undefined when neither is set; `problems` names what is wrong, never the value.
 */
export function readInput(env: Env, name: string, problems: InputProblems): string | undefined {
  const inline = env[name]?.trim() ? env[name] : undefined;
  const file = env[`${name}_FILE`]?.trim() ? env[`${name}_FILE`] : undefined;
  if (inline && file) {
    problems.add(name, `不能同时设置 ${name} 和 ${name}_FILE`);
    return undefined;
  }
  if (file) {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.add(`${name}_FILE`, `无法读取文件 ${file} (${code})`);
      return undefined;
    }
  }
  return inline;
}

/** PEM text, or bare base64 as Alipay's key tool writes it (wrapped and tried as PKCS#8, then PKCS#1). */
function pemCandidates(text: string, kind: 'private' | 'public'): string[] {
  const trimmed = text.trim().replace(/\\n/g, '\n');
  if (trimmed.includes('-----BEGIN')) return [trimmed];
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return kind === 'private'
    ? [
        `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`,
        `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`,
      ]
    : [
        `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----`,
        `-----BEGIN RSA PUBLIC KEY-----\n${body}\n-----END RSA PUBLIC KEY-----`,
      ];
}

const isRsa = (key: KeyObject) => key.asymmetricKeyType === 'rsa';

/** An RSA private key (PKCS#1 or PKCS#8, PEM or bare base64) from `NAME` or `NAME_FILE`. */
export function readPrivateKey(env: Env, name: string, problems: InputProblems): KeyObject | undefined {
  const text = readInput(env, name, problems);
  if (text === undefined) return undefined;
  for (const pem of pemCandidates(text, 'private')) {
    try {
      const key = createPrivateKey(pem);
      if (isRsa(key)) return key;
      problems.add(name, '须为 RSA 私钥');
      return undefined;
    } catch {
      // try the next wrapping
    }
  }
  problems.add(name, '不是可用的 RSA 私钥（须为 PEM 格式的 PKCS#1 或 PKCS#8）');
  return undefined;
}

/** An RSA public key (SPKI or PKCS#1, PEM or bare base64), or the key of a PEM certificate. */
export function readPublicKey(env: Env, name: string, problems: InputProblems): KeyObject | undefined {
  const text = readInput(env, name, problems);
  if (text === undefined) return undefined;
  for (const pem of pemCandidates(text, 'public')) {
    try {
      const key = pem.includes('CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
      if (isRsa(key)) return key;
      problems.add(name, '须为 RSA 公钥');
      return undefined;
    } catch {
      // try the next wrapping
    }
  }
  problems.add(name, '不是可用的 RSA 公钥（须为 PEM 格式）');
  return undefined;
}

/** Every certificate in a PEM bundle (one or several `BEGIN CERTIFICATE` blocks). */
export function readCertificates(
  env: Env,
  name: string,
  problems: InputProblems,
): X509Certificate[] | undefined {
  const text = readInput(env, name, problems);
  if (text === undefined) return undefined;
  const blocks = text
    .replace(/\\n/g, '\n')
    .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!blocks) {
    problems.add(name, '须为 PEM 格式的证书（-----BEGIN CERTIFICATE-----）');
    return undefined;
  }
  try {
    return blocks.map((pem) => new X509Certificate(pem));
  } catch {
    problems.add(name, '证书无法解析');
    return undefined;
  }
}

/** A required plain setting: present and matching `pattern`, or a problem naming `rule`. */
export function readSetting(
  env: Env,
  name: string,
  problems: InputProblems,
  pattern: RegExp,
  rule: string,
): string | undefined {
  const value = env[name]?.trim();
  if (!value) {
    problems.add(name, '未设置');
    return undefined;
  }
  if (!pattern.test(value)) {
    problems.add(name, rule);
    return undefined;
  }
  return value;
}

/** A required secret string from `NAME` or `NAME_FILE`, checked against `pattern` without ever echoing it. */
export function readSecret(
  env: Env,
  name: string,
  problems: InputProblems,
  pattern: RegExp,
  rule: string,
): Secret | undefined {
  const text = readInput(env, name, problems)?.trim();
  if (text === undefined) {
    problems.add(name, '未设置');
    return undefined;
  }
  if (!pattern.test(text)) {
    problems.add(name, rule);
    return undefined;
  }
  return new Secret(text);
}

/** `required` + reader: a missing key is a problem naming it. */
export function requireValue<T>(
  value: T | undefined,
  env: Env,
  name: string,
  problems: InputProblems,
): T | undefined {
  if (value === undefined && !env[name]?.trim() && !env[`${name}_FILE`]?.trim()) {
    problems.add(name, `未设置（或用 ${name}_FILE 指向文件）`);
  }
  return value;
}
