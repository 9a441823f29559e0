import { HttpError } from '../../errors.ts';
import { DISABLED_MESSAGE, NOT_ACTIVATED_MESSAGE } from './messages.ts';

export type AccountStateCode = 'ACCOUNT_NOT_ACTIVATED' | 'ACCOUNT_DISABLED';

/** A 403 whose `code` (sent along with the message) tells the client which action to offer. */
export class AccountStateError extends HttpError {
  readonly code: AccountStateCode;

  constructor(code: AccountStateCode) {
    super(403, code === 'ACCOUNT_NOT_ACTIVATED' ? NOT_ACTIVATED_MESSAGE : DISABLED_MESSAGE);
    this.code = code;
  }
}
