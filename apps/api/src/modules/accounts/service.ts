import { randomBytes, randomUUID } from 'node:crypto';
import type { SignUpData, User } from '@eco/domain';
import type { Config } from '../../config.ts';
import type { DB, UserRow, UserTokenPurpose } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { createSession, deleteSession, endAllSessions } from '../sessions/service.ts';
import { hashPassword, verifyPassword } from '../users/password.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/repository.ts';
import { toUser } from '../users/user-mapper.ts';
import { AccountStateError } from './account-errors.ts';
import type { AccountMail } from './account-mail.ts';
import { createLinkToken, hashToken } from './link-token.ts';
import { INVALID_ACTIVATION_MESSAGE, INVALID_RESET_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from './messages.ts';
import { notifyWelcome } from './welcome.ts';
import {
  activatePendingUser,
  consumeToken,
  deleteTokensOfUser,
  findTokenEmail,
  insertToken,
  setPasswordAndActivate,
} from './repository.ts';

export type AccountsDeps = {
  db: DB;
  config: Pick<Config, 'sessionLifetimeMs' | 'activationTokenLifetimeMs' | 'resetTokenLifetimeMs'>;
  mail: AccountMail;
};

export type SignedIn = { token: string; expiresAt: Date; user: User };

/** Waiting for its activation link: never activated, and not switched off by a super user. */
const isPending = (user: UserRow): boolean => user.is_active === 0 && user.activated_at === null;
/** Switched off by a super user: no link is ever sent to it. */
const isDisabled = (user: UserRow): boolean => user.is_active === 0 && user.activated_at !== null;

// Sign-in verifies this hash when the e-mail is unknown, so that the answer takes as long as for a wrong password.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verifyPassword(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

export function createAccountsService({ db, config, mail }: AccountsDeps) {
  // Computed ahead, so that the first sign-in with an unknown e-mail is not the slow one.
  dummyPasswordHash().catch(() => undefined);

  /** A new link for the user; the older links of that purpose stop working. */
  async function issueToken(trx: DB, userId: string, purpose: UserTokenPurpose, now: Date): Promise<string> {
    const lifetime =
      purpose === 'activation' ? config.activationTokenLifetimeMs : config.resetTokenLifetimeMs;
    const { token, tokenHash } = createLinkToken();
    await deleteTokensOfUser(trx, userId, purpose);
    await insertToken(trx, {
      tokenHash,
      userId,
      purpose,
      expiresAt: new Date(now.getTime() + lifetime).toISOString(),
      createdAt: now.toISOString(),
    });
    return token;
  }

  return {
    /**
     * Creates a pending account and mails its activation link. For an address that already has an account the
     * caller gets the same answer, and the owner an e-mail about the attempt instead.
     */
    async signUp(data: SignUpData): Promise<void> {
      // Hashed in both cases, so that the time taken does not tell them apart.
      const passwordHash = await hashPassword(data.password);
      const existing = await findUserByEmail(db, data.email);
      if (existing !== undefined) {
        mail.accountExists(existing);
        return;
      }
      const now = new Date();
      const id = randomUUID();
      let token: string;
      try {
        token = await db.transaction().execute(async (trx) => {
          await insertUser(trx, {
            id,
            email: data.email,
            name: data.name,
            password_hash: passwordHash,
            is_active: 0,
            is_super_user: 0,
            activated_at: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          });
          return issueToken(trx, id, 'activation', now);
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique e-mail lets one through.
        const raced = await findUserByEmail(db, data.email);
        if (raced === undefined) throw error;
        mail.accountExists(raced);
        return;
      }
      mail.activation({ name: data.name, email: data.email }, token);
    },

    /** Mails a new activation link to a pending account; anything else silently gets nothing. */
    async resendActivation(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user === undefined || !isPending(user)) return;
      const token = await db
        .transaction()
        .execute((trx) => issueToken(trx, user.id, 'activation', new Date()));
      mail.activation(user, token);
    },

    /** Uses the activation link up; returns the e-mail of the account it activated. */
    async activate(token: string): Promise<string> {
      const now = new Date().toISOString();
      const email = await db.transaction().execute(async (trx) => {
        const userId = await consumeToken(trx, hashToken(token), 'activation', now);
        if (userId === undefined) return undefined;
        await deleteTokensOfUser(trx, userId, 'activation');
        await activatePendingUser(trx, userId, now);
        const user = await findUserById(trx, userId);
        // A super user's deactivation in between stands.
        if (user?.is_active !== 1) return undefined;
        await notifyWelcome(trx, userId);
        return user.email;
      });
      if (email === undefined) throw new HttpError(400, INVALID_ACTIVATION_MESSAGE);
      return email;
    },

    /** Opens a session; other sessions of the user stay open. */
    async signIn(email: string, password: string): Promise<SignedIn> {
      const user = await findUserByEmail(db, email);
      const matches = await passwordMatches(user?.password_hash ?? (await dummyPasswordHash()), password);
      if (user === undefined || !matches) throw new HttpError(401, WRONG_CREDENTIALS_MESSAGE);
      // Only the owner of the password learns the state of the account.
      if (isPending(user)) throw new AccountStateError('ACCOUNT_NOT_ACTIVATED');
      if (isDisabled(user)) throw new AccountStateError('ACCOUNT_DISABLED');
      const session = await createSession(db, user.id, config.sessionLifetimeMs);
      return { ...session, user: toUser(user) };
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token !== undefined) await deleteSession(db, token);
    },

    /** Mails a reset link when the address has an account that may sign in or is pending; nothing otherwise. */
    async requestReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user === undefined || isDisabled(user)) return;
      const token = await db.transaction().execute((trx) => issueToken(trx, user.id, 'reset', new Date()));
      mail.resetPassword(user, token);
    },

    /** The e-mail of the account a valid reset link is for. */
    async checkResetToken(token: string): Promise<string> {
      const email = await findTokenEmail(db, hashToken(token), 'reset', new Date().toISOString());
      if (email === undefined) throw new HttpError(400, INVALID_RESET_MESSAGE);
      return email;
    },

    /**
     * Sets the new password with a reset link, which is used up with every other link of the account. Every
     * session of the user ends: whoever knew the old password is signed out.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const now = new Date().toISOString();
      const user = await db.transaction().execute(async (trx) => {
        const userId = await consumeToken(trx, hashToken(token), 'reset', now);
        if (userId === undefined) return undefined;
        await deleteTokensOfUser(trx, userId);
        await setPasswordAndActivate(trx, userId, passwordHash, now);
        await endAllSessions(trx, userId);
        const updated = await findUserById(trx, userId);
        // The reset link activated a pending account just now.
        if (updated?.activated_at === now && updated.is_active === 1) await notifyWelcome(trx, userId);
        return updated;
      });
      if (user === undefined) throw new HttpError(400, INVALID_RESET_MESSAGE);
      mail.passwordChanged(user);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
