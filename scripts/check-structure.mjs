// `npm run lint`, after Biome: the rules of the tree Biome cannot state (scripts/lib/structure.mjs).
import path from 'node:path';
import { structureProblems } from './lib/structure.mjs';

const problems = structureProblems(path.resolve(import.meta.dirname, '..'));
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.info('structure: ok (feature depth, no vi.mock of our own modules, portal and console apart)');
