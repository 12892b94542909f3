import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The server's imports run one way. Each folder of server/src is a feature (each screen of
 * admin/ and each part of common/ one of its own), the files beside app.module.ts the app's
 * composition; a feature imports only features below it, and no file imports, even for a type
 * only, a file that imports it back.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Imports that run against the layering and stay, with why. Each is a TypeORM entity declaring the
 * foreign key of a column it holds, which needs the referenced entity's class, while the feature
 * it references uses this one at run time.
 */
const ALLOWED = new Map([
  [
    'credits/ledger-entry.entity.ts -> campaigns/campaign.entity.ts',
    'credit_ledger.campaign_id; campaigns fund through the ledger',
  ],
  ['credits/ledger-entry.entity.ts -> teams/team.entity.ts', 'credit_ledger.team_id; teams move credits through the ledger'],
  ['posts/post.entity.ts -> groups/group.entity.ts', 'posts.group_id; deleting a group retires its posts'],
  [
    'referrals/referral-commission.entity.ts -> billing/order.entity.ts',
    'referral_commissions.order_id; a paid order pays its commission',
  ],
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Each file's relative imports (type-only, re-exports and dynamic ones too), as paths from ROOT. */
function fileGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles(ROOT).map((file) => relative(ROOT, file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => relative(ROOT, resolve(ROOT, dirname(file), fileName.replace(/\.js$/, '.ts'))))
      .filter((target) => files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function featureOf(file: string): string {
  const folders = file.split('/').slice(0, -1);
  if (folders.length === 0) return '(app)';
  // Each admin screen and each part of common (errors, http, limits, …) counts on its own.
  return ['admin', 'common'].includes(folders[0]) && folders.length > 1 ? `${folders[0]}/${folders[1]}` : folders[0];
}

/** The strongly connected components of more than one node (Tarjan), each sorted. */
function cycles(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of server/src', () => {
  const files = fileGraph();

  it('has no file that imports, directly or through others, a file that imports it', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('has features that import only features below them, but for the imports allowed above', () => {
    // 'a -> b': the file imports that make feature a import feature b.
    const imports = new Map<string, string[]>();
    for (const [file, targets] of files) {
      for (const target of targets) {
        const [from, to] = [featureOf(file), featureOf(target)];
        if (from === to || ALLOWED.has(`${file} -> ${target}`)) continue;
        imports.set(`${from} -> ${to}`, [...(imports.get(`${from} -> ${to}`) ?? []), `${file} -> ${target}`]);
      }
    }
    const features = new Map<string, string[]>();
    for (const [from, to] of [...imports.keys()].map((edge) => edge.split(' -> '))) {
      features.set(from, [...(features.get(from) ?? []), to]);
    }
    // Each cycle with the imports that make it, so that the message says what to move.
    const found = cycles(features).map((cycle) =>
      [...imports]
        .filter(([edge]) => edge.split(' -> ').every((feature) => cycle.includes(feature)))
        .map(([edge, through]) => `${edge}: ${through.join(', ')}`),
    );
    expect(found).toEqual([]);
  });

  it('allows only imports that still exist', () => {
    const present = [...files].flatMap(([file, targets]) => targets.map((target) => `${file} -> ${target}`));
    expect([...ALLOWED.keys()].filter((edge) => !present.includes(edge))).toEqual([]);
  });
});
