import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1), stored self-describing as
 * "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" (base64url), so verification re-reads the parameters and
 * they can be raised later without invalidating stored hashes.
 */
export type ScryptParams = { logN: number; r: number; p: number };

export const PASSWORD_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const MIB = 1024 * 1024;
// scrypt needs 128·N·r bytes (128 MiB at the defaults); Node's default cap is 32 MiB.
const MIN_MAXMEM = 256 * MIB;
// A stored hash asking for more than this is refused rather than allowed to exhaust memory.
const MAX_MEMORY = 1024 * MIB;

/** NIST SP 800-63B: compare passwords as NFKC, so the same password typed on two systems matches. */
function normalize(password: string): string {
  return password.normalize("NFKC");
}

function length(password: string): number {
  return [...password].length;
}

/** Why the password is not acceptable for a new account, or null when it is. */
export function passwordProblem(password: string): string | null {
  if (tooLong(password)) return `the password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (length(normalize(password)) < PASSWORD_MIN_LENGTH) return `the password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  return null;
}

function tooLong(password: string): boolean {
  // Cheap bound first, so a megabyte of input is not normalized and counted.
  return password.length > 4 * PASSWORD_MAX_LENGTH || length(normalize(password)) > PASSWORD_MAX_LENGTH;
}

function derive(password: string, salt: Buffer, keyBytes: number, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: Math.max(MIN_MAXMEM, 2 * 128 * N * r) };
  return new Promise((resolve, reject) => {
    scrypt(normalize(password), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new stored hash; throws when the password breaks the policy (no silent truncation). */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return ["scrypt", params.logN, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type Parsed = ScryptParams & { salt: Buffer; key: Buffer };

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{22,})$/;

/** The parameters, salt and key of a stored hash; throws on anything else. */
export function parsePasswordHash(stored: string): Parsed {
  const m = STORED.exec(stored);
  if (!m) throw new Error("not a scrypt password hash");
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (logN < 10 || logN > 24 || r < 1 || p < 1 || p > 16 || 128 * 2 ** logN * r > MAX_MEMORY) {
    throw new Error("scrypt password hash with parameters out of range");
  }
  const salt = Buffer.from(m[4]!, "base64url");
  const key = Buffer.from(m[5]!, "base64url");
  if (key.length < 16) throw new Error("scrypt password hash with a key shorter than 16 bytes");
  return { logN, r, p, salt, key };
}

/** Whether `password` matches `stored`, with the parameters `stored` was made with, in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  // Longer than any stored password can be: refused without hashing. (Not the minimum: raising it
  // must not lock out passwords set before.)
  if (tooLong(password)) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed);
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with weaker parameters than today's: rehash it at the next sign-in. */
export function needsRehash(stored: string, params: ScryptParams = PASSWORD_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  return parsed.logN < params.logN || parsed.r < params.r || parsed.p < params.p || parsed.key.length < KEY_BYTES;
}
