import { IMPORT_STRATEGIES, type ImportStrategy, type PropertyViolation } from '@reprise/shared';
import { CronExpressionParser } from 'cron-parser';
import { CONNECTOR_FQN } from './connector-configurations';

/**
 * The rules on a configuration's values that the property kinds of the catalogue cannot say
 * (server only: cron-parser is a server dependency). The SFTP import connector's `schedule` is a
 * cron expression, read in UTC by modules/sftp/connector-schedule.ts, and its `strategy` one of
 * the import strategies (docs/imports.md).
 */
export function connectorValueViolations(
  fqn: string,
  values: Readonly<Record<string, string | null>>,
): PropertyViolation[] {
  if (fqn !== CONNECTOR_FQN.sftpImport) return [];
  const violations: PropertyViolation[] = [];
  const { schedule, strategy } = values;
  if (typeof schedule === 'string') {
    try {
      CronExpressionParser.parse(schedule, { tz: 'UTC' });
    } catch {
      violations.push({ propertyPath: 'properties.schedule', code: 'invalid_cron' });
    }
  }
  if (typeof strategy === 'string' && !IMPORT_STRATEGIES.includes(strategy as ImportStrategy))
    violations.push({ propertyPath: 'properties.strategy', code: 'invalid_import_strategy' });
  return violations;
}
