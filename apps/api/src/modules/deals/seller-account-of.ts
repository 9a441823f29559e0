import type { SellerAccount } from '@eco/domain';
import type { DB } from '../../db/schema.ts';

/** Whether (and since when, as whom) a member's Mercado Pago account is connected: never the tokens. */
export async function sellerAccountOf(db: DB, userId: string): Promise<SellerAccount | null> {
  const row = await db
    .selectFrom('seller_accounts')
    .select(['nickname', 'connected_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : { nickname: row.nickname, connectedAt: row.connected_at };
}
