import { type BaseContext, readerOf } from '../../platform/request-context';

/** The account's language: the language of its catalogue's own texts. */
export async function findAccountLanguage(ctx: BaseContext, accountId: string): Promise<string | undefined> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select('language')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.language;
}
