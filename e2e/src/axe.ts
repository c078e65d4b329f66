/**
 * axe-core in a journey's page. The source is evaluated rather than added as a <script> element,
 * so the page's Content-Security-Policy (no inline scripts) does not stop it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

/** The serious and critical violations of WCAG 2.x A/AA rules (and axe's best practices) on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html.slice(0, 200) })) })))`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Violations as lines a person can read in a failed test's output. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => `${where}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n');
}
