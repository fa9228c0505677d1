import type { Db } from '../../platform/db';

/** The account's language: the language of its catalogue's own texts. */
export async function findAccountLanguage(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('language')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.language;
}
