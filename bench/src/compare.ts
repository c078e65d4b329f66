/**
 * Side by side on one machine: runs the benchmark suite on the working tree and on a given
 * revision, one after the other (when --rounds > 1, each side goes first in every other round),
 * and prints both with ratios.
 *
 *   npm run bench:compare -- <rev> [--only throughput,latency] [--rounds 2]
 *
 * The revision is checked out in a git worktree under the temp folder and installed with `npm ci`
 * (kept for the next compare). Each side's figures are read from the table its scripts print, so
 * any revision whose benchmarks print figure tables can be compared.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineText } from './report';
import { REPO_ROOT } from './server';
import { parseFigureTables, ratioTable, type ParsedFigure } from './compare-figures';

interface Options {
  rev: string;
  only: string[];
  rounds: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { rev: '', only: [], rounds: 1 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--rounds') options.rounds = Math.max(1, Number(argv[++i] ?? 1) || 1);
    else if (!options.rev) options.rev = arg;
  }
  if (!options.rev) {
    console.error('usage: npm run bench:compare -- <rev> [--only throughput,latency] [--rounds N]');
    process.exit(2);
  }
  return options;
}

function git(args: string[], cwd = REPO_ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** A worktree of `rev` with its dependencies installed, reused across compares. */
function checkout(rev: string): { dir: string; sha: string } {
  const sha = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const dir = join(tmpdir(), `hamlog-compare-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'package.json'))) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', dir, sha]);
  }
  if (!existsSync(join(dir, 'node_modules', '.bin', 'tsx'))) {
    console.log(`installing ${sha.slice(0, 12)} in ${dir} (npm ci)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'inherit' });
  }
  return { dir, sha };
}

/** Runs one script in `dir`, echoing its output, and returns what it printed. */
function runScript(dir: string, script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', script], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

async function runSide(dir: string, only: string[]): Promise<ParsedFigure[]> {
  if (only.length === 0) return parseFigureTables(await runScript(dir, 'bench/src/run-all.ts'), 'all');
  const figures: ParsedFigure[] = [];
  for (const name of only) figures.push(...parseFigureTables(await runScript(dir, `bench/src/${name}.ts`), name));
  return figures;
}

const options = parseArgs(process.argv.slice(2));
const base = checkout(options.rev);
const head = git(['rev-parse', '--short', 'HEAD']);
const dirty = git(['status', '--porcelain']) ? ' + uncommitted changes' : '';
const sides = { work: [] as ParsedFigure[][], base: [] as ParsedFigure[][] };
const runWork = async (round: number) => {
  console.log(`\n===== round ${round}: working tree (${head}${dirty}) (${machineText()})`);
  sides.work.push(await runSide(REPO_ROOT, options.only));
};
const runBase = async (round: number) => {
  console.log(`\n===== round ${round}: ${options.rev} (${base.sha.slice(0, 12)}) (${machineText()})`);
  sides.base.push(await runSide(base.dir, options.only));
};
// The side run first in a round measured worse tails even against itself (the same revision on
// both sides: p99 1.09-1.29x), so the order alternates: working tree first in odd rounds, the
// revision first in even ones.
for (let round = 1; round <= options.rounds; round += 1) {
  if (round % 2 === 1) {
    await runWork(round);
    await runBase(round);
  } else {
    await runBase(round);
    await runWork(round);
  }
}
console.log(`\n== compare: working tree (${head}${dirty}) vs ${options.rev} (${base.sha.slice(0, 12)}), ${options.rounds} round(s), median of rounds ==`);
console.log(ratioTable(sides.work, sides.base));
