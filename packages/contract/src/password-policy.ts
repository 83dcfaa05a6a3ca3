import { z } from 'zod';

/** Customer password policy (spec 000 §5, 002 §5): minimum length 4–16 plus character classes. */
export const passwordPolicy = z.object({
  minCharacter: z.number().int().min(4).max(16),
  requiresUpperCaseLetters: z.boolean(),
  requiresLowerCaseLetters: z.boolean(),
  requiresNumbers: z.boolean(),
  requiresSpecialCharacters: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/** The special characters the policy counts (spec 000 §5). */
export const PASSWORD_SPECIALS = '@$!%*#?&';
/**
 * Global floor no customer can lower: at least this many characters whatever the policy says
 * (NIST SP 800-63B §5.1.1.2 asks for ≥ 8), and not in the common-password list (server side).
 */
export const PASSWORD_FLOOR_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minCharacter: 8,
  requiresUpperCaseLetters: true,
  requiresLowerCaseLetters: true,
  requiresNumbers: true,
  requiresSpecialCharacters: false,
};

/** Minimum length actually enforced: the policy's, raised to the global floor. */
export const effectiveMinLength = (policy: PasswordPolicy | null | undefined) =>
  Math.max(PASSWORD_FLOOR_LENGTH, policy?.minCharacter ?? DEFAULT_PASSWORD_POLICY.minCharacter);

export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'special' | 'number';

/** The checklist rules of a policy, in the order the set-password page lists them. */
export function passwordRules(policy: PasswordPolicy | null | undefined): PasswordRule[] {
  const p = policy ?? DEFAULT_PASSWORD_POLICY;
  const rules: PasswordRule[] = ['minLength'];
  if (p.requiresLowerCaseLetters) rules.push('lowercase');
  if (p.requiresUpperCaseLetters) rules.push('uppercase');
  if (p.requiresSpecialCharacters) rules.push('special');
  if (p.requiresNumbers) rules.push('number');
  return rules;
}

/** Web Crypto (browser and Node ≥ 19), typed here because the contract compiles without DOM or Node types. */
const webCrypto = () => (globalThis as unknown as { crypto: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto;

const SPECIAL_RE = /[@$!%*#?&]/;

/** Whether `password` meets one rule of the policy. */
export function meetsRule(rule: PasswordRule, password: string, policy: PasswordPolicy | null | undefined): boolean {
  switch (rule) {
    case 'minLength':
      return password.length >= effectiveMinLength(policy) && password.length <= PASSWORD_MAX_LENGTH;
    case 'lowercase':
      return /[a-z]/.test(password);
    case 'uppercase':
      return /[A-Z]/.test(password);
    case 'special':
      return SPECIAL_RE.test(password);
    case 'number':
      return /\d/.test(password);
  }
}

/** The rules `password` fails (empty: it satisfies the policy; the server also checks the common list). */
export const failedRules = (password: string, policy: PasswordPolicy | null | undefined): PasswordRule[] =>
  passwordRules(policy).filter((r) => !meetsRule(r, password, policy));

/**
 * A random password that satisfies `policy` (admin reset of another user's password, spec 002 §9:
 * policy length, some look-alike symbols excluded). Uses the Web Crypto CSPRNG (browser and Node).
 * @param extra characters beyond the enforced minimum (default 4)
 */
export function generatePassword(policy: PasswordPolicy | null | undefined, extra = 4): string {
  const p = policy ?? DEFAULT_PASSWORD_POLICY;
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const specials = PASSWORD_SPECIALS;
  const pick = (set: string) => {
    const b = new Uint32Array(1);
    // rejection sampling: uniform over the set
    const limit = Math.floor(0x1_0000_0000 / set.length) * set.length;
    do webCrypto().getRandomValues(b);
    while (b[0]! >= limit);
    return set[b[0]! % set.length]!;
  };
  const required = [lower, upper, digits];
  if (p.requiresSpecialCharacters) required.push(specials);
  const all = required.join('');
  const length = effectiveMinLength(p) + extra;
  const chars = required.map(pick);
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const b = new Uint32Array(1);
    webCrypto().getRandomValues(b);
    const j = b[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
