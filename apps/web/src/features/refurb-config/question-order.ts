/** The question's place moved by one: the whole list's ids in the new order (what `PUT /refurb-questions/order` takes). */
export function moved(questions: readonly { id: string }[], index: number, by: -1 | 1): string[] {
  const ids = questions.map((q) => q.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + by, 0, id as string);
  return ids;
}
