import { draftStore } from '../../lib/buyback-draft';

export * from '../../lib/buyback-draft';

const drafts = draftStore('reprise.wizard.');

/** The draft of this product in this tab, if any (a reload keeps the answers). */
export const loadDraft = drafts.load;
export const saveDraft = drafts.save;
export const clearDraft = drafts.clear;

/** The IMEI typed in the finder, handed over to the product's IMEI step. */
export function seedDraftImei(productId: string, imei: string): void {
  saveDraft({ ...loadDraft(productId), imei, imeiWarningAccepted: false });
}
