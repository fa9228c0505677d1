import { randomUUID } from 'node:crypto';
import {
  DIAGNOSTIC_QUESTION_DESCRIPTION_MAX,
  DIAGNOSTIC_QUESTION_TYPES,
  PRICE_IMPACT_KINDS,
  PRODUCT_GRADES,
} from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import { fold } from '../catalog';
import type { BatchOutcome, CatalogueCategories, ContentImporter, ImportSettings } from './import-catalogue';
import { lineCategory, SeenKeys } from './import-catalogue';
import type { FileLine } from './import-file';
import { invalidLine, LineCells, LineFaults } from './import-lines';
import * as writes from './import-writes.repository';
import type { IgnoredLine } from './imports.repository';

/**
 * Diagnostic lines (docs/imports.md): one line per answer, its question's columns repeated. A
 * question is matched by its title within its category (`generic`, `product`) or by its id
 * (`uuid`, which matches a line without id as `generic` does); an answer by its title within its
 * question.
 */

interface DiagnosticLine {
  line: number;
  faults: LineFaults;
  questionId: string | null;
  categoryId: string | null;
  question: { title: string; type: string; description: string | null; position: number | null };
  answer: Omit<writes.AnswerValues, 'id' | 'question_id' | 'position'> & { position: number | null };
}

const titleKey = (categoryId: string, title: string) => `${categoryId}|${fold(title).trim()}`;

export function diagnosticImporter(
  settings: ImportSettings,
  categories: CatalogueCategories,
): ContentImporter {
  const { columns, suffix, accountId } = settings;
  const { strategy, parent_category_ids: parentIds } = settings.row;
  const seen = new SeenKeys();

  function read(line: Extract<FileLine, { cells: string[] }>): DiagnosticLine {
    const faults = new LineFaults(line.line);
    const cells = new LineCells(columns, line.cells, faults);
    const questionId = strategy === 'uuid' ? cells.uuid('question_id') : null;
    const categoryId = lineCategory(categories, cells, 'category_identifier', suffix, parentIds);
    const question = {
      title: cells.text('question_title', { min: 2, max: 255, required: true }) ?? '',
      type: cells.oneOf('question_type', DIAGNOSTIC_QUESTION_TYPES, true) ?? 'unique',
      description: cells.description('question_description', DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, 'html'),
      position: cells.integer('question_position', { max: 10_000 }),
    };
    const kind = cells.oneOf('price_impact_kind', PRICE_IMPACT_KINDS);
    let value: number | null = null;
    if (kind === 'fixed') value = cells.price('price_impact_value', { required: true, negative: true });
    else if (kind === 'percentage')
      value = cells.integer('price_impact_value', { min: -100, max: 100, required: true });
    else if (cells.raw('price_impact_value') !== '' && cells.raw('price_impact_kind') === '')
      faults.add('required', 'price_impact_kind', 'A price impact needs its kind (fixed or percentage).');
    const answer = {
      title: cells.text('answer_title', { min: 2, max: 255, required: true }) ?? '',
      description: cells.description('answer_description', DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, 'html'),
      position: cells.integer('answer_position', { max: 10_000 }),
      max_grade: cells.oneOf('max_grade', PRODUCT_GRADES),
      price_impact_kind: value === null ? null : kind,
      price_impact_value: value,
    };
    return { line: line.line, faults, questionId, categoryId, question, answer };
  }

  const answerKey = (d: DiagnosticLine) =>
    d.categoryId === null || d.question.title === '' || d.answer.title === ''
      ? null
      : `${d.questionId ?? titleKey(d.categoryId, d.question.title)}|${fold(d.answer.title).trim()}`;

  return {
    remember(line) {
      if (line.invalid === undefined) seen.seen(answerKey(read(line)));
    },

    async writeBatch(tx: BaseTxContext, lines): Promise<BatchOutcome> {
      const ignored: IgnoredLine[] = [];
      const read_: DiagnosticLine[] = [];
      for (const line of lines) {
        if (line.invalid !== undefined) {
          ignored.push(invalidLine(line));
          continue;
        }
        const d = read(line);
        if (seen.seen(answerKey(d)))
          d.faults.add(
            'duplicate_in_file',
            'answer_title',
            'An earlier line of the file has this answer of this question.',
          );
        read_.push(d);
      }
      const loaded = await writes.questionsOf(
        tx,
        accountId,
        [...new Set(read_.flatMap((d) => (d.categoryId ? [d.categoryId] : [])))],
        [...new Set(read_.flatMap((d) => (d.questionId ? [d.questionId] : [])))],
      );
      const byId = new Map(loaded.map((q) => [q.id, q]));
      const byTitle = new Map(loaded.map((q) => [titleKey(q.category_id, q.title), q]));
      const lastPosition = new Map<string, number>();
      for (const q of loaded)
        lastPosition.set(q.category_id, Math.max(lastPosition.get(q.category_id) ?? -1, q.position));
      const newQuestions: writes.QuestionValues[] = [];
      const newAnswers: writes.AnswerValues[] = [];
      const touched = new Set<string>();
      let inserted = 0;
      let updated = 0;
      for (const d of read_) {
        let question: writes.CatalogueQuestion | undefined;
        if (d.faults.ok && d.questionId) {
          question = byId.get(d.questionId);
          if (!question)
            d.faults.add('unknown_id', 'question_id', 'No question of the catalogue has this id.');
        } else if (d.faults.ok && d.categoryId)
          question = byTitle.get(titleKey(d.categoryId, d.question.title));
        if (!d.faults.ok) {
          ignored.push(...d.faults.faults);
          continue;
        }
        const categoryId = d.categoryId as string;
        if (!question) {
          const position = d.question.position ?? (lastPosition.get(categoryId) ?? -1) + 1;
          lastPosition.set(categoryId, Math.max(lastPosition.get(categoryId) ?? -1, position));
          question = {
            id: randomUUID(),
            category_id: categoryId,
            title: d.question.title,
            position,
            answers: [],
          };
          newQuestions.push({
            id: question.id,
            account_id: accountId,
            category_id: categoryId,
            title: d.question.title,
            type: d.question.type,
            description: d.question.description,
            position,
          });
          byTitle.set(titleKey(categoryId, question.title), question);
          touched.add(question.id);
        } else if (!touched.has(question.id)) {
          touched.add(question.id);
          const values: Parameters<typeof writes.updateQuestion>[3] = {
            title: d.question.title,
            type: d.question.type,
            ...(columns.has('question_description') ? { description: d.question.description } : {}),
            ...(d.question.position !== null ? { position: d.question.position } : {}),
            // a question named by its id goes to the line's category
            ...(question.category_id !== categoryId ? { category_id: categoryId } : {}),
          };
          await writes.updateQuestion(tx, accountId, question.id, values);
        }
        const answer = question.answers.find((a) => fold(a.title).trim() === fold(d.answer.title).trim());
        if (answer) {
          const values: Parameters<typeof writes.updateAnswer>[3] = { title: d.answer.title };
          if (columns.has('answer_description')) values.description = d.answer.description;
          if (d.answer.position !== null) values.position = d.answer.position;
          if (columns.has('max_grade')) values.max_grade = d.answer.max_grade;
          if (columns.has('price_impact_kind')) {
            values.price_impact_kind = d.answer.price_impact_kind;
            values.price_impact_value = d.answer.price_impact_value;
          }
          await writes.updateAnswer(tx, accountId, answer.id, values);
          updated += 1;
        } else {
          const position = d.answer.position ?? Math.max(-1, ...question.answers.map((a) => a.position)) + 1;
          const id = randomUUID();
          question.answers.push({ id, title: d.answer.title, position });
          newAnswers.push({ ...d.answer, id, question_id: question.id, position });
          inserted += 1;
        }
      }
      await writes.insertQuestions(tx, newQuestions);
      await writes.insertAnswers(tx, newAnswers);
      return {
        inserted,
        updated,
        ignored,
        changed: inserted + updated ? ['diagnostic_question'] : [],
      };
    },
  };
}
