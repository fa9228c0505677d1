import { writeFileSync } from 'node:fs';
import { permissionsMarkdown } from './permissions-doc';

writeFileSync(new URL('../docs/permissions.md', import.meta.url), permissionsMarkdown());
console.log('docs/permissions.md written');
