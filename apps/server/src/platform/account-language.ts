import { type BaseContext, readerOf } from './request-context';

/** The language of an account: the one its users' mails and its documents fall back to. */
export async function findAccountLanguage(ctx: BaseContext, accountId: string): Promise<string | null> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select('language')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.language ?? null;
}
